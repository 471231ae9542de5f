def even_odd_count(num: int) -> tuple[int, int]:
    """Return (number of even digits, number of odd digits) of num, ignoring its sign."""
    # Write your code here.
    pass
