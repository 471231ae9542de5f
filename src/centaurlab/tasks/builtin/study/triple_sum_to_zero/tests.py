import random

from centaur_testlib import basic, corner, edge, eq
from solution import triple_sum_to_zero


@basic
def test_found():
    eq(triple_sum_to_zero([4, -1, 7, -3]), True)


@basic
def test_not_found():
    eq(triple_sum_to_zero([1, 2, 3, -1]), False)


@basic
def test_found_among_many():
    eq(triple_sum_to_zero([10, 3, -8, 22, 5, -14, 1]), True)


@edge
def test_empty():
    eq(triple_sum_to_zero([]), False)


@edge
def test_two_zeros_are_not_enough():
    eq(triple_sum_to_zero([0, 0]), False)


@edge
def test_three_zeros():
    eq(triple_sum_to_zero([0, 0, 0]), True)


@edge
def test_exactly_three_elements_not_zero():
    eq(triple_sum_to_zero([1, 1, 1]), False)


@corner
def test_cannot_reuse_an_element():
    # 2 + 2 + (-4) would need the single 2 twice
    eq(triple_sum_to_zero([2, -4, 7]), False)


@corner
def test_duplicates_at_different_positions():
    eq(triple_sum_to_zero([2, -4, 7, 2]), True)


@corner
def test_all_positive_long():
    eq(triple_sum_to_zero(list(range(1, 150))), False)


@corner
def test_large_random_without_solution():
    rng = random.Random(7)
    nums = [rng.randrange(1, 10**6) * 2 + 1 for _ in range(200)]  # odd values only
    nums += [-v for v in nums[:5]]
    # odd + odd + odd is odd, so never 0; one negated odd and two odds is odd too
    eq(triple_sum_to_zero(nums), False)


@corner
def test_input_not_modified():
    data = [5, -2, -3, 9]
    eq(triple_sum_to_zero(data), True)
    eq(data, [5, -2, -3, 9], "input list after the call")
