from centaur_testlib import basic, corner, edge, eq
from solution import shortest_full_segment


@basic
def test_example():
    eq(shortest_full_segment([7, 3, 7, 3, 1, 3, 1]), 3)


@basic
def test_window_at_the_start():
    eq(shortest_full_segment([1, 2, 3, 1, 1, 1, 2]), 3)


@basic
def test_rare_value_forces_long_window():
    eq(shortest_full_segment([5, 6, 6, 6, 6, 9, 9, 9]), 6)


@edge
def test_single_station():
    eq(shortest_full_segment([4]), 1)


@edge
def test_all_equal():
    eq(shortest_full_segment([2, 2, 2]), 1)


@edge
def test_all_different():
    eq(shortest_full_segment([8, -1, 4, 0]), 4)


@edge
def test_two_values_alternating():
    eq(shortest_full_segment([1, 0, 1, 0, 1]), 2)


@corner
def test_extreme_values():
    A = [10**9, 10**9, -10**9, 10**9, 0, -10**9]
    eq(shortest_full_segment(A), 3)


@corner
def test_value_only_at_both_ends():
    eq(shortest_full_segment([3, 1, 1, 2, 2, 2, 1, 1, 3]), 4)


@corner
def test_best_window_at_the_end():
    eq(shortest_full_segment([1, 1, 1, 2, 2, 2, 3, 3, 1, 2, 3]), 3)
