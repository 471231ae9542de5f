from centaur_testlib import basic, corner, edge, eq
from solution import longest_run


@basic
def test_example():
    eq(longest_run([104, 7, 101, 102, 5, 103, 6]), 4)


@basic
def test_one_run():
    eq(longest_run([3, 1, 2, 4]), 4)


@basic
def test_gaps():
    eq(longest_run([1, 3, 5, 7, 8]), 2)


@edge
def test_empty():
    eq(longest_run([]), 0)


@edge
def test_single_ticket():
    eq(longest_run([42]), 1)


@edge
def test_all_equal():
    eq(longest_run([9, 9, 9, 9]), 1)


@edge
def test_negative_numbers():
    eq(longest_run([-2, 0, -1, 1, -5]), 4)


@corner
def test_duplicates_do_not_extend_runs():
    eq(longest_run([1, 2, 2, 3, 3, 3, 10, 10]), 3)


@corner
def test_extreme_values():
    B = 10**9
    eq(longest_run([B, -B, B - 1, -B + 1, 0, B - 2]), 3)


@corner
def test_two_runs_joined_by_one_number():
    eq(longest_run([1, 2, 3, 5, 6, 7, 4]), 7)
