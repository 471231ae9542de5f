def min_gap(A: list[int]) -> int:
    best = abs(A[0] - A[1])
    for i in range(len(A)):
        for j in range(i + 1, len(A)):
            best = min(best, abs(A[i] - A[j]))
    return best
