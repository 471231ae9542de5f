from centaur_testlib import basic, corner, edge, eq
from solution import min_merge_cost


@basic
def test_example():
    eq(min_merge_cost([4, 3, 2, 6]), 29)


@basic
def test_two_files():
    eq(min_merge_cost([5, 8]), 13)


@basic
def test_powers_of_two():
    eq(min_merge_cost([1, 2, 4, 8, 16]), 3 + 7 + 15 + 31)


@edge
def test_no_files():
    eq(min_merge_cost([]), 0)


@edge
def test_one_file():
    eq(min_merge_cost([10]), 0)


@edge
def test_empty_files():
    eq(min_merge_cost([0, 0, 0, 5]), 5)


@edge
def test_all_equal():
    eq(min_merge_cost([1] * 8), 24)


@corner
def test_merged_file_is_not_always_reused():
    eq(min_merge_cost([5, 5, 6, 6]), 10 + 12 + 22)


@corner
def test_huge_sizes():
    B = 10**9
    eq(min_merge_cost([B, B, B, B]), 8 * B)


@corner
def test_input_not_modified():
    sizes = [9, 1, 5]
    min_merge_cost(sizes)
    eq(sizes, [9, 1, 5], "the input list")
