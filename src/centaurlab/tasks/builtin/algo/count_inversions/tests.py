from centaur_testlib import basic, corner, edge, eq
from solution import count_inversions


@basic
def test_example():
    eq(count_inversions([3, 1, 4, 1, 5]), 3)


@basic
def test_one_swap():
    eq(count_inversions([1, 2, 4, 3, 5]), 1)


@basic
def test_mixed():
    eq(count_inversions([8, 4, 2, 1, 9, 3]), 9)


@edge
def test_empty():
    eq(count_inversions([]), 0)


@edge
def test_single():
    eq(count_inversions([5]), 0)


@edge
def test_sorted():
    eq(count_inversions([1, 2, 3]), 0)


@edge
def test_all_equal():
    eq(count_inversions([4] * 12), 0)


@corner
def test_reversed():
    eq(count_inversions(list(range(50, 0, -1))), 50 * 49 // 2)


@corner
def test_duplicates_and_negatives():
    eq(count_inversions([2, -1, 2, -1, 0]), 5)


@corner
def test_extreme_values():
    eq(count_inversions([10**9, -10**9, 10**9, -10**9]), 3)


@corner
def test_input_not_modified():
    A = [3, 2, 1]
    count_inversions(A)
    eq(A, [3, 2, 1], "the input list")
