from centaur_testlib import basic, corner, edge, eq
from solution import min_terms


@basic
def test_example():
    eq(min_terms(4, [(0, 1), (0, 2), (2, 3), (1, 3)]), 3)


@basic
def test_cycle_example():
    eq(min_terms(2, [(0, 1), (1, 0)]), -1)


@basic
def test_longest_chain_decides():
    rules = [(0, 3), (1, 2), (2, 3), (3, 4), (5, 4)]
    eq(min_terms(6, rules), 4)


@edge
def test_single_course():
    eq(min_terms(1, []), 1)


@edge
def test_no_rules():
    eq(min_terms(5, []), 1)


@edge
def test_course_requires_itself():
    eq(min_terms(3, [(0, 1), (2, 2)]), -1)


@edge
def test_lists_as_rules():
    eq(min_terms(3, [[2, 1], [1, 0]]), 3)


@corner
def test_duplicate_rules():
    eq(min_terms(3, [(0, 1), (0, 1), (1, 2), (1, 2)]), 3)


@corner
def test_cycle_behind_free_courses():
    eq(min_terms(6, [(0, 1), (1, 2), (3, 4), (4, 5), (5, 3)]), -1)


@corner
def test_long_chain_reversed_labels():
    n = 1000
    eq(min_terms(n, [(k, k - 1) for k in range(n - 1, 0, -1)]), n)


@corner
def test_shortcut_rule_does_not_shorten():
    eq(min_terms(4, [(0, 1), (1, 2), (2, 3), (0, 3)]), 4)
