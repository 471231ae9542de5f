from bisect import bisect_left


def longest_rising(A: list[int]) -> int:
    """Scan from the last waypoint backwards. heads[k] is minus the highest altitude from which
    a rising selection of length k + 1 can start among the waypoints scanned so far; the
    highest starts fall as k grows, so the negated list is sorted. A waypoint at altitude v can
    be put in front of a selection starting higher than v, i.e. with -start < -v."""
    heads: list[int] = []
    for value in reversed(A):
        key = -value
        k = bisect_left(heads, key)  # selections that can follow this waypoint have length <= k
        if k == len(heads):
            heads.append(key)
        else:
            heads[k] = key  # a new, higher start for length k + 1
    return len(heads)
