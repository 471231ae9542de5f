def triple_sum_to_zero(nums: list[int]) -> bool:
    """Return True if three elements at different positions of nums sum to zero."""
    values = sorted(nums)
    n = len(values)
    for i in range(n - 2):
        if i > 0 and values[i] == values[i - 1]:
            continue
        lo, hi = i + 1, n - 1
        while lo < hi:
            total = values[i] + values[lo] + values[hi]
            if total == 0:
                return True
            if total < 0:
                lo += 1
            else:
                hi -= 1
    return False
