def is_multiply_prime(a: int) -> bool:
    """Return True if a is the product of exactly three (not necessarily different) primes."""
    if a < 8:
        return False
    factors = 0
    n = a
    d = 2
    while d * d <= n:
        while n % d == 0:
            n //= d
            factors += 1
            if factors > 3:
                return False
        d += 1 if d == 2 else 2
    if n > 1:
        factors += 1
    return factors == 3
