from centaur_testlib import basic, corner, edge, eq
from solution import range_sums


@basic
def test_example():
    eq(range_sums([3, -1, 4, 1, 5], [(0, 2), (1, 3), (4, 4)]), [6, 4, 5])


@basic
def test_whole_and_prefixes():
    A = [2, 4, 6, 8]
    eq(range_sums(A, [(0, 3), (0, 0), (0, 1), (0, 2)]), [20, 2, 6, 12])


@basic
def test_lists_as_queries():
    eq(range_sums([1, 2, 3, 4, 5, 6], [[2, 4], [5, 5], [1, 1]]), [12, 6, 2])


@edge
def test_single_element():
    eq(range_sums([7], [(0, 0)]), [7])


@edge
def test_no_queries():
    eq(range_sums([1, 2, 3], []), [])


@edge
def test_negative_values():
    eq(range_sums([-5, -3, -1], [(0, 2), (1, 2), (0, 0)]), [-9, -4, -5])


@edge
def test_zeros_cancel():
    eq(range_sums([5, -5, 5, -5], [(0, 1), (0, 3), (1, 2), (0, 2)]), [0, 0, 0, 5])


@corner
def test_huge_values():
    A = [10**9] * 6 + [-10**9] * 3
    eq(range_sums(A, [(0, 5), (0, 8), (6, 8)]), [6 * 10**9, 3 * 10**9, -3 * 10**9])


@corner
def test_repeated_queries():
    A = [1, 10, 100, 1000]
    eq(range_sums(A, [(1, 2)] * 4 + [(3, 3), (0, 3)]), [110] * 4 + [1000, 1111])


@corner
def test_last_position():
    A = list(range(50))
    eq(range_sums(A, [(49, 49), (48, 49), (0, 49)]), [49, 97, 1225])
