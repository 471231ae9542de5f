def closest_pair_gap(A: list[int], T: int) -> int:
    """Sort, then move two pointers inwards: a small sum moves the left one, a big sum the right."""
    values = sorted(A)
    left, right = 0, len(values) - 1
    best = abs(values[left] + values[right] - T)
    while left < right:
        total = values[left] + values[right]
        gap = total - T
        if gap == 0:
            return 0
        if abs(gap) < best:
            best = abs(gap)
        if gap < 0:
            left += 1
        else:
            right -= 1
    return best
