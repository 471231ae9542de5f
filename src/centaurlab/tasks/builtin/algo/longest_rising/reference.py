from bisect import bisect_left


def longest_rising(A: list[int]) -> int:
    """tails[k] is the smallest possible last altitude of a rising selection of length k + 1;
    the list stays sorted, so each waypoint finds its place by binary search."""
    tails: list[int] = []
    for value in A:
        k = bisect_left(tails, value)
        if k == len(tails):
            tails.append(value)
        else:
            tails[k] = value
    return len(tails)
