from centaur_testlib import basic, corner, edge, eq
from solution import count_nums


@basic
def test_small_positives():
    eq(count_nums([1, 1, 2]), 3)


@basic
def test_mixed_signs():
    eq(count_nums([-1, 11, -11]), 1)


@basic
def test_negative_with_positive_sum():
    eq(count_nums([-123, -51, 0]), 1)


@basic
def test_longer_list():
    eq(count_nums([12, 23, 34, -45, -56, 0]), 5)


@edge
def test_empty_list():
    eq(count_nums([]), 0)


@edge
def test_zeros_are_not_counted():
    eq(count_nums([0, 0, 0]), 0)


@edge
def test_single_digit_negatives():
    eq(count_nums([-1, -5, -9]), 0)


@edge
def test_negative_sum_exactly_zero():
    eq(count_nums([-11, -22, -101, -12]), 1)


@corner
def test_negative_with_inner_zeros():
    # -1000 -> -1, -1002 -> 1, -9001 -> -8
    eq(count_nums([-1000, -1002, -9001]), 1)


@corner
def test_large_numbers():
    eq(count_nums([10**30, -(10**30), -(2 * 10**20 + 5)]), 2)


@corner
def test_duplicates_counted_each_time():
    eq(count_nums([-19] * 4 + [5] * 3), 7)
