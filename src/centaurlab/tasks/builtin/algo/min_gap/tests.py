from centaur_testlib import basic, corner, edge, eq
from solution import min_gap


@basic
def test_example():
    eq(min_gap([40, 12, 33, 27, 15]), 3)


@basic
def test_sorted_input():
    eq(min_gap([1, 5, 11, 12, 20]), 1)


@basic
def test_closest_pair_far_apart_in_list():
    eq(min_gap([100, 1, 50, 25, 98]), 2)


@edge
def test_two_elements():
    eq(min_gap([-5, 5]), 10)


@edge
def test_duplicate_heights():
    eq(min_gap([7, 3, 9, 3]), 0)


@edge
def test_negative_values():
    eq(min_gap([-20, -7, -11, -1]), 4)


@edge
def test_all_equal():
    eq(min_gap([6] * 10), 0)


@corner
def test_extreme_pair():
    eq(min_gap([10**9, -10**9]), 2 * 10**9)


@corner
def test_descending_input():
    eq(min_gap(list(range(1000, 0, -7))), 7)


@corner
def test_first_two_are_far():
    eq(min_gap([-10**9, 10**9, 3, 4]), 1)
