from centaur_testlib import basic, corner, edge, eq
from solution import longest_rising


@basic
def test_example():
    eq(longest_rising([5, 1, 6, 2, 3, 9, 4]), 4)


@basic
def test_already_rising():
    eq(longest_rising([1, 3, 8, 20]), 4)


@basic
def test_skip_early_peak():
    eq(longest_rising([10, 1, 2, 3, 11, 4]), 4)


@edge
def test_empty():
    eq(longest_rising([]), 0)


@edge
def test_single():
    eq(longest_rising([42]), 1)


@edge
def test_all_equal():
    eq(longest_rising([7, 7, 7]), 1)


@edge
def test_falling():
    eq(longest_rising([9, 7, 4, 1, -3]), 1)


@corner
def test_duplicates_do_not_count_twice():
    eq(longest_rising([1, 2, 2, 3, 3, 3, 4]), 4)


@corner
def test_extremes_and_negatives():
    B = 10**9
    eq(longest_rising([B, -B, 0, -1, B - 1, B]), 4)


@corner
def test_zigzag():
    eq(longest_rising([2, 1, 4, 3, 6, 5, 8, 7]), 4)
