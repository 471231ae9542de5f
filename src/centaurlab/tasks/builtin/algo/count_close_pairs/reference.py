def count_close_pairs(A: list[int], D: int) -> int:
    """Sort; for each right end, the left pointer marks the first value within D of it."""
    values = sorted(A)
    count = 0
    left = 0
    for right, value in enumerate(values):
        while value - values[left] > D:
            left += 1
        count += right - left
    return count
