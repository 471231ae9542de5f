from centaur_testlib import basic, corner, edge, eq
from solution import largest_billboard


@basic
def test_example():
    eq(largest_billboard([2, 1, 5, 6, 2, 3]), 10)


@basic
def test_wide_and_low_wins():
    eq(largest_billboard([3, 3, 1, 3, 3, 3, 3]), 12)


@basic
def test_single_tall_building_wins():
    eq(largest_billboard([1, 1, 9, 1]), 9)


@edge
def test_no_buildings():
    eq(largest_billboard([]), 0)


@edge
def test_one_building():
    eq(largest_billboard([7]), 7)


@edge
def test_all_equal():
    eq(largest_billboard([4, 4, 4]), 12)


@edge
def test_zero_heights():
    eq(largest_billboard([0, 0, 0]), 0)
    eq(largest_billboard([5, 0, 3, 3]), 6)


@corner
def test_increasing():
    eq(largest_billboard([1, 2, 3, 4, 5]), 9)


@corner
def test_decreasing():
    eq(largest_billboard([5, 4, 3, 2, 1]), 9)


@corner
def test_huge_heights():
    B = 10**9
    eq(largest_billboard([B] * 10 + [B - 1]), 11 * (B - 1))


@corner
def test_input_not_modified():
    H = [2, 1, 2]
    largest_billboard(H)
    eq(H, [2, 1, 2], "the input list")
