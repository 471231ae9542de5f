from centaur_testlib import basic, corner, edge, eq
from solution import order_by_points


@basic
def test_mixed_example():
    eq(order_by_points([21, -3, 10, 3]), [-3, 10, 21, 3])


@basic
def test_positive_numbers():
    eq(order_by_points([99, 18, 5, 100, 42]), [100, 5, 42, 18, 99])


@basic
def test_negative_first_digit():
    eq(order_by_points([-15, 5, 40]), [-15, 40, 5])


@edge
def test_empty():
    eq(order_by_points([]), [])


@edge
def test_single_element():
    eq(order_by_points([-7]), [-7])


@edge
def test_ties_keep_input_order():
    eq(order_by_points([30, 12, 3, 111, 21]), [30, 12, 3, 111, 21])


@edge
def test_negative_single_digits():
    eq(order_by_points([-1, -9, -5, 0]), [-9, -5, -1, 0])


@corner
def test_negative_and_positive_with_same_points():
    # -13 -> 2, 2 -> 2, -31 -> -2, 11 -> 2, -2 -> -2
    eq(order_by_points([-13, 2, -31, 11, -2]), [-31, -2, -13, 2, 11])


@corner
def test_duplicates():
    eq(order_by_points([5, -5, 5, -5]), [-5, -5, 5, 5])


@corner
def test_input_not_modified():
    data = [19, -19, 0]
    result = order_by_points(data)
    eq(data, [19, -19, 0], "input list after the call")
    eq(result, [0, -19, 19])


@corner
def test_large_values():
    eq(order_by_points([10**18, -(10**18), 999_999_999]), [-(10**18), 10**18, 999_999_999])
