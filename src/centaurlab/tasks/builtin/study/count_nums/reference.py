def signed_digit_sum(n: int) -> int:
    digits = [int(ch) for ch in str(abs(n))]
    if n < 0:
        digits[0] = -digits[0]
    return sum(digits)


def count_nums(arr: list[int]) -> int:
    """Count the elements of arr whose signed digit sum is greater than zero.

    In a negative number the first digit counts as negative: -123 -> -1 + 2 + 3 = 4.
    """
    return sum(1 for n in arr if signed_digit_sum(n) > 0)
