def longest_rising(A: list[int]) -> int:
    best = [1] * len(A)
    for j in range(len(A)):
        for i in range(j):
            if A[i] < A[j] and best[i] + 1 > best[j]:
                best[j] = best[i] + 1
    return max(best, default=0)
