from centaur_testlib import basic, corner, edge, eq
from solution import is_multiply_prime

# HumanEval problem 75's cases, and every value of its range


@basic
def test_three_distinct_primes():
    eq(is_multiply_prime(30), True)


@basic
def test_prime_and_two_primes():
    eq([is_multiply_prime(5), is_multiply_prime(10)], [False, False])


@basic
def test_every_value_below_100():
    got = [n for n in range(1, 100) if is_multiply_prime(n)]
    eq(got, [8, 12, 18, 20, 27, 28, 30, 42, 44, 45, 50, 52, 63, 66, 68, 70, 75, 76, 78, 92, 98, 99])


@edge
def test_repeated_prime_factors():
    eq([is_multiply_prime(8), is_multiply_prime(125)], [True, True])


@edge
def test_three_odd_primes():
    eq(is_multiply_prime(105), True)


@corner
def test_four_or_more_factors():
    eq([is_multiply_prime(126), is_multiply_prime(729), is_multiply_prime(891)], [False, False, False])


@corner
def test_three_larger_primes():
    eq(is_multiply_prime(1001), True)
