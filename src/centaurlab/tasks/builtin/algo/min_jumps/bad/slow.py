def min_jumps(A: list[int]) -> int:
    n = len(A)
    best = [None] * n
    best[0] = 0
    for j in range(1, n):
        for i in range(j):
            if best[i] is not None and i + A[i] >= j and (best[j] is None or best[i] + 1 < best[j]):
                best[j] = best[i] + 1
    return -1 if best[n - 1] is None else best[n - 1]
