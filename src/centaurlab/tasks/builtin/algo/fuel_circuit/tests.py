from centaur_testlib import basic, corner, edge, eq
from solution import first_full_lap


@basic
def test_example():
    eq(first_full_lap([1, 2, 3, 4, 5], [3, 4, 5, 1, 2]), 3)


@basic
def test_not_enough_energy():
    eq(first_full_lap([2, 3, 4], [3, 4, 3]), -1)


@basic
def test_start_at_zero():
    eq(first_full_lap([5, 1, 2], [2, 2, 2]), 0)


@edge
def test_single_depot():
    eq(first_full_lap([4], [4]), 0)
    eq(first_full_lap([3], [4]), -1)


@edge
def test_all_zero():
    eq(first_full_lap([0, 0, 0], [0, 0, 0]), 0)


@edge
def test_exact_balance_everywhere():
    eq(first_full_lap([2, 7, 1, 5], [2, 7, 1, 5]), 0)


@edge
def test_only_last_depot_works():
    eq(first_full_lap([0, 0, 0, 9], [1, 1, 1, 6]), 3)


@corner
def test_smallest_of_several_valid_starts():
    eq(first_full_lap([0, 3, 0, 3], [1, 2, 1, 2]), 1)


@corner
def test_huge_values():
    B = 10**9
    eq(first_full_lap([0, B, B, B], [B, 0, B, B]), 1)


@corner
def test_total_short_by_one():
    eq(first_full_lap([5, 5, 5, 5], [5, 5, 5, 6]), -1)
