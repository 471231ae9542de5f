from centaur_testlib import basic, corner, edge, eq
from solution import longest_with_k_kinds


@basic
def test_example():
    eq(longest_with_k_kinds([1, 2, 1, 3, 3, 2, 2], 2), 4)


@basic
def test_window_in_the_middle():
    eq(longest_with_k_kinds([5, 1, 2, 1, 2, 1, 7, 8], 2), 5)


@basic
def test_three_kinds():
    eq(longest_with_k_kinds([1, 2, 3, 4, 3, 2, 1, 1], 3), 5)


@edge
def test_empty():
    eq(longest_with_k_kinds([], 3), 0)


@edge
def test_single_element():
    eq(longest_with_k_kinds([9], 1), 1)


@edge
def test_k_one_all_different():
    eq(longest_with_k_kinds([1, 2, 3, 4], 1), 1)


@edge
def test_all_equal():
    eq(longest_with_k_kinds([4, 4, 4], 1), 3)


@corner
def test_k_larger_than_kinds():
    eq(longest_with_k_kinds([3, -1, 3, 8], 10), 4)


@corner
def test_extreme_and_negative_ids():
    A = [10**9, -10**9, 10**9, -10**9, 0, 0, 0, 0, 0]
    eq(longest_with_k_kinds(A, 2), 6)


@corner
def test_best_run_at_the_end():
    eq(longest_with_k_kinds([1, 2, 3, 4, 5, 6, 6, 5, 6, 5], 2), 6)
