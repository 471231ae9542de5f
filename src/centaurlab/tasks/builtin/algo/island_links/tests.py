from centaur_testlib import basic, corner, edge, eq
from solution import groups_after_each


@basic
def test_example():
    eq(groups_after_each(5, [(0, 1), (2, 3), (1, 0), (1, 2)]), [4, 3, 3, 2])


@basic
def test_chain():
    eq(groups_after_each(4, [(0, 1), (1, 2), (2, 3)]), [3, 2, 1])


@basic
def test_cycle_closing_bridge():
    eq(groups_after_each(4, [(0, 1), (1, 2), (2, 0), (3, 2)]), [3, 2, 2, 1])


@edge
def test_no_bridges():
    eq(groups_after_each(3, []), [])


@edge
def test_single_island():
    eq(groups_after_each(1, [(0, 0)]), [1])


@edge
def test_lists_as_bridges():
    eq(groups_after_each(3, [[2, 1], [0, 2]]), [2, 1])


@corner
def test_self_loops_and_repeats():
    eq(groups_after_each(3, [(1, 1), (0, 2), (2, 0), (0, 2), (2, 2)]), [3, 2, 2, 2, 2])


@corner
def test_two_groups_merge():
    bridges = [(0, 1), (1, 2), (3, 4), (4, 5), (5, 3), (2, 4)]
    eq(groups_after_each(7, bridges), [6, 5, 4, 3, 3, 2])


@corner
def test_star():
    eq(groups_after_each(6, [(0, k) for k in range(1, 6)]), [5, 4, 3, 2, 1])


@corner
def test_deep_chain_backwards():
    n = 2000
    bridges = [(k, k - 1) for k in range(n - 1, 0, -1)]
    eq(groups_after_each(n, bridges), list(range(n - 1, 0, -1)))
