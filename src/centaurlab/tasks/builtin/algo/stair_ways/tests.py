from centaur_testlib import basic, corner, edge, eq
from solution import count_climbs

MOD = 1_000_000_007


@basic
def test_example():
    eq(count_climbs(4, 2, []), 5)


@basic
def test_example_with_broken_step():
    eq(count_climbs(5, 3, [2]), 5)


@basic
def test_three_strides():
    eq(count_climbs(4, 3, []), 7)


@edge
def test_one_step():
    eq(count_climbs(1, 1, []), 1)
    eq(count_climbs(1, 5, []), 1)


@edge
def test_top_is_broken():
    eq(count_climbs(6, 3, [6]), 0)


@edge
def test_single_strides_blocked():
    eq(count_climbs(10, 1, [4]), 0)
    eq(count_climbs(10, 1, []), 1)


@edge
def test_long_strides_allowed():
    eq(count_climbs(6, 100, []), 32)


@corner
def test_gap_too_wide():
    eq(count_climbs(8, 2, [3, 4]), 0)
    eq(count_climbs(8, 3, [3, 4]), 8)


@corner
def test_modulo_applied():
    # with K = 2 the counts are Fibonacci numbers: F(101), far above the modulus
    a, b = 1, 1
    for _ in range(99):
        a, b = b, a + b
    eq(count_climbs(100, 2, []), b % MOD)


@corner
def test_every_step_broken_but_the_top():
    eq(count_climbs(5, 5, [1, 2, 3, 4]), 1)
    eq(count_climbs(5, 4, [1, 2, 3, 4]), 0)
