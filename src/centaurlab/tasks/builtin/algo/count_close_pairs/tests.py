from centaur_testlib import basic, corner, edge, eq
from solution import count_close_pairs


@basic
def test_example():
    eq(count_close_pairs([61, 58, 70, 60, 75], 3), 3)


@basic
def test_boundary_difference_counts():
    eq(count_close_pairs([1, 4, 7, 10], 3), 3)


@basic
def test_unsorted_input():
    eq(count_close_pairs([9, 1, 5, 3, 7], 2), 4)


@edge
def test_empty():
    eq(count_close_pairs([], 10), 0)


@edge
def test_single_runner():
    eq(count_close_pairs([42], 100), 0)


@edge
def test_zero_tolerance_ties():
    eq(count_close_pairs([5, 5, 5], 0), 3)
    eq(count_close_pairs([5, 6, 7], 0), 0)


@edge
def test_negative_values():
    eq(count_close_pairs([-10, -8, 3, -9], 2), 3)


@corner
def test_everything_pairs():
    eq(count_close_pairs([-10**9, 10**9, 0, 7], 2 * 10**9), 6)


@corner
def test_extremes_just_out_of_range():
    eq(count_close_pairs([-10**9, 10**9], 2 * 10**9 - 1), 0)


@corner
def test_many_duplicates():
    A = [1] * 20 + [3] * 10
    eq(count_close_pairs(A, 1), 190 + 45)
    eq(count_close_pairs(A, 2), 435)
