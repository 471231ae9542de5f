from centaur_testlib import basic, corner, edge, eq
from solution import count_divisible


@basic
def test_example():
    eq(count_divisible([4, 5, 0, -2, -3, 1], 5), 7)


@basic
def test_whole_list_only():
    eq(count_divisible([1, 2, 3], 6), 1)


@basic
def test_small_mixed():
    # [1, 2], [3], [1, 2, 3], [2, 3, 1], [3, 1, 2], [1, 2], [1, 2, 3, 1, 2]
    eq(count_divisible([1, 2, 3, 1, 2], 3), 7)


@edge
def test_k_is_one():
    eq(count_divisible([5, -7, 9, 0], 1), 10)


@edge
def test_single_element():
    eq(count_divisible([10], 5), 1)
    eq(count_divisible([11], 5), 0)


@edge
def test_negative_totals():
    eq(count_divisible([-5, -10, -3], 5), 3)


@edge
def test_nothing_divisible():
    eq(count_divisible([1, 1, 1, 1], 10), 0)


@corner
def test_all_zeros():
    eq(count_divisible([0] * 40, 7), 40 * 41 // 2)


@corner
def test_huge_values_and_k():
    A = [10**9, -10**9, 10**9, 10**9]
    eq(count_divisible(A, 10**9), 10)
    eq(count_divisible(A, 2 * 10**9), 4)


@corner
def test_k_larger_than_every_total():
    eq(count_divisible([3, 4, -7, 2], 10**9), 1)
