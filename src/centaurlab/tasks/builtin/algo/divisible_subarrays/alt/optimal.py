from collections import Counter
from itertools import accumulate


def count_divisible(A: list[int], K: int) -> int:
    """A segment is divisible by K exactly when the prefix sums at its two ends leave the same
    remainder. Group the n + 1 prefix sums by remainder: a group of size c holds c * (c - 1) / 2
    such pairs of ends."""
    groups = Counter(total % K for total in accumulate(A, initial=0))
    return sum(c * (c - 1) // 2 for c in groups.values())
