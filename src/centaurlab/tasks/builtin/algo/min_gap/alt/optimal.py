from operator import sub


def min_gap(A: list[int]) -> int:
    """Sort a copy in place; the closest pair is adjacent in sorted order, so subtract the list
    from itself shifted by one place and take the smallest difference."""
    heights = list(A)
    heights.sort()
    return min(map(sub, heights[1:], heights))
