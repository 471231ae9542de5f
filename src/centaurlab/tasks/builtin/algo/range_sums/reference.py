from itertools import accumulate


def range_sums(A: list[int], queries: list[tuple[int, int]]) -> list[int]:
    """Prefix sums: prefix[i] is the total of the first i readings."""
    prefix = [0, *accumulate(A)]
    return [prefix[hi + 1] - prefix[lo] for lo, hi in queries]
