def sum_product(numbers: list[int]) -> tuple[int, int]:
    """Return (sum of numbers, product of numbers); (0, 1) for an empty list."""
    # Write your code here.
    pass
