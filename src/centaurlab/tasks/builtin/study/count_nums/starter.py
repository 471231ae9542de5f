def count_nums(arr: list[int]) -> int:
    """Count the elements of arr whose signed digit sum is greater than zero.

    In a negative number the first digit counts as negative: -123 -> -1 + 2 + 3 = 4.
    """
    # Write your code here.
    pass
