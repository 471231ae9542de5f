def sum_product(numbers: list[int]) -> tuple[int, int]:
    """Return (sum of numbers, product of numbers); (0, 1) for an empty list."""
    total = 0
    product = 1
    for value in numbers:
        total += value
        product *= value
    return total, product
