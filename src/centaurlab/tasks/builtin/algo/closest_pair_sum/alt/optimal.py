from bisect import bisect_left


def closest_pair_gap(A: list[int], T: int) -> int:
    """Sort; each value's best partner among the values after it sits next to where T - value
    would be inserted, so one binary search per value is enough. The insertion points never move
    right as the value grows, and once the partner is the very next value, every later pair only
    overshoots T by more."""
    values = sorted(A)
    n = len(values)
    best = abs(values[0] + values[1] - T)
    hi = n
    for i, value in enumerate(values):
        want = T - value
        k = bisect_left(values, want, i + 1, hi)
        if k < n:
            gap = values[k] - want
            if gap < best:
                if gap == 0:
                    return 0
                best = gap
        if k == i + 1:
            break
        gap = want - values[k - 1]
        if gap < best:
            best = gap
        hi = k
    return best
