def days_until_warmer(T: list[int]) -> list[int]:
    wait = []
    for i in range(len(T)):
        d = 0
        for j in range(i + 1, len(T)):
            if T[j] > T[i]:
                d = j - i
                break
        wait.append(d)
    return wait
