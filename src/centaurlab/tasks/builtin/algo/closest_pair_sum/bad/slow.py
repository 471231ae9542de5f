def closest_pair_gap(A: list[int], T: int) -> int:
    best = None
    for i in range(len(A)):
        for j in range(i + 1, len(A)):
            gap = abs(A[i] + A[j] - T)
            if best is None or gap < best:
                best = gap
    return best
