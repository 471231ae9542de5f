from centaur_testlib import basic, corner, edge, eq
from solution import affordable_counts


@basic
def test_example():
    eq(affordable_counts([30, 10, 50, 20, 10], [5, 10, 35, 100]), [0, 2, 4, 5])


@basic
def test_budgets_in_any_order():
    eq(affordable_counts([4, 1, 3], [3, 0, 4, 2]), [2, 0, 3, 1])


@basic
def test_between_prices():
    eq(affordable_counts([10, 20, 30], [15, 25, 29]), [1, 2, 2])


@edge
def test_exact_price_counts():
    eq(affordable_counts([7], [7, 6]), [1, 0])


@edge
def test_empty_catalogue():
    eq(affordable_counts([], [1, -1, 0]), [0, 0, 0])


@edge
def test_no_budgets():
    eq(affordable_counts([1, 2, 3], []), [])


@edge
def test_negative_prices():
    eq(affordable_counts([-5, -1, 0, 3], [-1, -6, 0]), [2, 0, 3])


@corner
def test_all_prices_equal():
    eq(affordable_counts([9] * 20, [8, 9, 10]), [0, 20, 20])


@corner
def test_extreme_values():
    B = 10**9
    eq(affordable_counts([B, -B, 0], [-B, B, B - 1]), [1, 3, 2])


@corner
def test_input_not_modified():
    prices = [3, 1, 2]
    affordable_counts(prices, [2])
    eq(prices, [3, 1, 2], "the price list")
