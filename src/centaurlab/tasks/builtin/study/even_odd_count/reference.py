def even_odd_count(num: int) -> tuple[int, int]:
    """Return (number of even digits, number of odd digits) of num, ignoring its sign."""
    even = odd = 0
    for ch in str(abs(num)):
        if int(ch) % 2 == 0:
            even += 1
        else:
            odd += 1
    return even, odd
