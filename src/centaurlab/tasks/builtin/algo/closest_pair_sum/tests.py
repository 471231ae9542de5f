from centaur_testlib import basic, corner, edge, eq
from solution import closest_pair_gap


@basic
def test_example():
    eq(closest_pair_gap([10, 22, 5, 17], 30), 2)


@basic
def test_exact_hit():
    eq(closest_pair_gap([-4, 9, 1, 3], 5), 0)


@basic
def test_below_and_above():
    eq(closest_pair_gap([1, 4, 7, 12], 14), 1)


@edge
def test_two_elements():
    eq(closest_pair_gap([3, 8], 100), 89)
    eq(closest_pair_gap([3, 8], -100), 111)


@edge
def test_all_negative():
    eq(closest_pair_gap([-9, -2, -7, -5], -10), 1)


@edge
def test_same_price_twice():
    eq(closest_pair_gap([6, 1, 6], 12), 0)


@edge
def test_cannot_use_one_item_twice():
    eq(closest_pair_gap([6, 1, 20], 12), 5)


@corner
def test_extreme_values():
    eq(closest_pair_gap([10**9, 10**9, -10**9], 2 * 10**9), 0)
    eq(closest_pair_gap([-10**9, -10**9], 2 * 10**9), 4 * 10**9)


@corner
def test_all_equal():
    eq(closest_pair_gap([5] * 30, 11), 1)


@corner
def test_target_far_below():
    eq(closest_pair_gap([100, 50, 75, 60], -2 * 10**9), 2 * 10**9 + 110)
