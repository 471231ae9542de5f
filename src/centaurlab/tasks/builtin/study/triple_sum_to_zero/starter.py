def triple_sum_to_zero(nums: list[int]) -> bool:
    """Return True if three elements at different positions of nums sum to zero."""
    # Write your code here.
    pass
