from itertools import accumulate


def best_stretch(A: list[int]) -> int:
    """A run from i to j sums to P[j + 1] - P[i] with prefix sums P; for every end, subtract the
    smallest prefix sum seen before it."""
    best = A[0]
    lowest = 0
    for prefix in accumulate(A):
        if prefix - lowest > best:
            best = prefix - lowest
        if prefix < lowest:
            lowest = prefix
    return best
