from centaur_testlib import basic, corner, edge, eq
from solution import max_profit


@basic
def test_example():
    eq(max_profit([1, 3, 2, 8, 4, 9], 2), 8)


@basic
def test_no_fee_takes_every_rise():
    eq(max_profit([1, 3, 2, 8, 4, 9], 0), 13)


@basic
def test_big_fee_one_trade():
    eq(max_profit([1, 3, 2, 8, 4, 9], 5), 3)


@edge
def test_falling_prices():
    eq(max_profit([9, 7, 4, 1], 0), 0)


@edge
def test_single_day():
    eq(max_profit([5], 0), 0)


@edge
def test_constant_prices():
    eq(max_profit([4, 4, 4, 4], 0), 0)


@edge
def test_fee_eats_the_gain():
    eq(max_profit([2, 5], 3), 0)
    eq(max_profit([2, 5], 2), 1)


@corner
def test_huge_prices():
    B = 10**9
    eq(max_profit([1, B, 1, B, 1, B], 1), 3 * (B - 2))


@corner
def test_huge_fee():
    eq(max_profit([1, 10**9], 10**9), 0)


@corner
def test_no_same_day_gain_from_rebuying():
    eq(max_profit([1, 4, 4, 7], 1), 5)
