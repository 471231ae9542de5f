def order_by_points(nums: list[int]) -> list[int]:
    """Return nums sorted by signed digit sum (ties keep their input order).

    In a negative number the first digit counts as negative: -305 -> -3 + 0 + 5 = 2.
    """
    # Write your code here.
    pass
