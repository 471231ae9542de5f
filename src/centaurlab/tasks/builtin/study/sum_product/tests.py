from centaur_testlib import basic, corner, edge, eq
from solution import sum_product


@basic
def test_three_values():
    eq(sum_product([2, 3, 4]), (9, 24))


@basic
def test_one_to_five():
    eq(sum_product([1, 2, 3, 4, 5]), (15, 120))


@basic
def test_mixed_signs():
    eq(sum_product([-5, 2]), (-3, -10))


@edge
def test_empty_list():
    eq(sum_product([]), (0, 1))


@edge
def test_single_value():
    eq(sum_product([7]), (7, 7))


@edge
def test_contains_zero():
    eq(sum_product([4, 0, 9]), (13, 0))


@edge
def test_two_negatives_give_positive_product():
    eq(sum_product([-3, -4]), (-7, 12))


@corner
def test_large_exact_product():
    eq(sum_product([10**9] * 5), (5 * 10**9, 10**45))


@corner
def test_all_ones_long_list():
    eq(sum_product([1] * 1000), (1000, 1))


@corner
def test_input_not_modified():
    data = [3, -1, 2]
    sum_product(data)
    eq(data, [3, -1, 2], "input list after the call")


@corner
def test_returns_tuple_not_list():
    eq(sum_product([1, 1]), (2, 1))
