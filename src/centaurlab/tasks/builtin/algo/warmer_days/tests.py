from centaur_testlib import basic, corner, edge, eq
from solution import days_until_warmer


@basic
def test_example():
    eq(days_until_warmer([13, 12, 15, 11, 9, 12, 16]), [2, 1, 4, 2, 1, 1, 0])


@basic
def test_warming_up():
    eq(days_until_warmer([1, 2, 3, 4]), [1, 1, 1, 0])


@basic
def test_cooling_down():
    eq(days_until_warmer([4, 3, 2, 1]), [0, 0, 0, 0])


@edge
def test_empty():
    eq(days_until_warmer([]), [])


@edge
def test_single_day():
    eq(days_until_warmer([20]), [0])


@edge
def test_equal_is_not_warmer():
    eq(days_until_warmer([5, 5, 5]), [0, 0, 0])
    eq(days_until_warmer([5, 5, 6]), [2, 1, 0])


@edge
def test_negative_temperatures():
    eq(days_until_warmer([-3, -7, -5, -3, -2]), [4, 1, 1, 1, 0])


@corner
def test_extremes():
    B = 10**9
    eq(days_until_warmer([-B, B, -B, B]), [1, 0, 1, 0])


@corner
def test_valley_then_peak():
    eq(days_until_warmer([9, 8, 7, 6, 5, 10]), [5, 4, 3, 2, 1, 0])


@corner
def test_plateaus():
    eq(days_until_warmer([2, 2, 1, 1, 3, 3, 4]), [4, 3, 2, 1, 2, 1, 0])
