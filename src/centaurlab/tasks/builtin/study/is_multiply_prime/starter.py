def is_multiply_prime(a: int) -> bool:
    """True if a (less than 100) is the product of three prime numbers."""
    # Write your code here.
    pass
