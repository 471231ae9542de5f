from centaur_testlib import basic, corner, edge, eq
from solution import min_jumps


@basic
def test_example():
    eq(min_jumps([2, 3, 1, 1, 4]), 2)


@basic
def test_unreachable_example():
    eq(min_jumps([1, 0, 5]), -1)


@basic
def test_long_hop_is_not_always_best():
    eq(min_jumps([3, 1, 1, 1, 4, 1, 1, 1, 1]), 3)


@edge
def test_single_stone():
    eq(min_jumps([0]), 0)


@edge
def test_two_stones():
    eq(min_jumps([1, 0]), 1)
    eq(min_jumps([0, 3]), -1)


@edge
def test_all_ones():
    eq(min_jumps([1] * 20), 19)


@edge
def test_dead_end_in_the_middle():
    eq(min_jumps([2, 1, 0, 3, 1]), -1)


@corner
def test_huge_first_hop():
    eq(min_jumps([10**9, 0, 0, 0, 0]), 1)


@corner
def test_zeros_can_be_jumped_over():
    eq(min_jumps([3, 0, 0, 2, 0, 0, 1]), -1)
    eq(min_jumps([3, 0, 0, 3, 0, 0, 1]), 2)


@corner
def test_last_stone_value_is_irrelevant():
    eq(min_jumps([1, 1, 0]), 2)
