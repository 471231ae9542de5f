def is_multiply_prime(a: int) -> bool:
    """Return True if a is the product of exactly three (not necessarily different) primes."""
    # Write your code here.
    pass
