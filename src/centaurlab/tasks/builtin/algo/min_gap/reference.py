from itertools import pairwise


def min_gap(A: list[int]) -> int:
    """After sorting, the closest pair is always adjacent."""
    return min(b - a for a, b in pairwise(sorted(A)))
