from centaur_testlib import basic, corner, edge, eq
from solution import is_multiply_prime


@basic
def test_three_distinct_primes():
    eq(is_multiply_prime(42), True)


@basic
def test_product_of_two_primes():
    eq(is_multiply_prime(35), False)


@basic
def test_several_small_values():
    got = [n for n in range(1, 60) if is_multiply_prime(n)]
    eq(got, [8, 12, 18, 20, 27, 28, 30, 42, 44, 45, 50, 52])


@edge
def test_repeated_prime_factor():
    eq(is_multiply_prime(12), True)


@edge
def test_cube_of_a_prime():
    eq(is_multiply_prime(8), True)


@edge
def test_four_factors():
    eq(is_multiply_prime(16), False)


@edge
def test_prime_itself():
    eq(is_multiply_prime(97), False)


@corner
def test_zero_one_and_negative():
    eq([is_multiply_prime(v) for v in (0, 1, -30, -8)], [False, False, False, False])


@corner
def test_large_three_primes():
    # 997 * 991 * 983, all prime
    eq(is_multiply_prime(997 * 991 * 983), True)


@corner
def test_large_two_primes():
    # 31607 and 31627 are prime; their product is close to 10**9
    eq(is_multiply_prime(31607 * 31627), False)


@corner
def test_large_prime_times_small_primes():
    # 2 * 3 * 166666649 (a prime)
    eq(is_multiply_prime(2 * 3 * 166666649), True)


@corner
def test_big_power_of_two():
    eq(is_multiply_prime(2**29), False)
