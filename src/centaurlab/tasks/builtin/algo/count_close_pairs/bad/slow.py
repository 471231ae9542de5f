def count_close_pairs(A: list[int], D: int) -> int:
    count = 0
    for i in range(len(A)):
        for j in range(i + 1, len(A)):
            if abs(A[i] - A[j]) <= D:
                count += 1
    return count
