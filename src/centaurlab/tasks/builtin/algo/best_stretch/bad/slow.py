def best_stretch(A: list[int]) -> int:
    best = A[0]
    for i in range(len(A)):
        total = 0
        for j in range(i, len(A)):
            total += A[j]
            best = max(best, total)
    return best
