from centaur_testlib import basic, corner, edge, eq
from solution import longest_balanced


@basic
def test_example():
    eq(longest_balanced("}()[{}]("), 6)


@basic
def test_mismatch_example():
    eq(longest_balanced("(]"), 0)


@basic
def test_concatenation_counts():
    eq(longest_balanced("()[]{}"), 6)


@basic
def test_nested():
    eq(longest_balanced("]{[()]}]"), 6)


@edge
def test_empty():
    eq(longest_balanced(""), 0)


@edge
def test_single_character():
    eq(longest_balanced("("), 0)
    eq(longest_balanced("}"), 0)


@edge
def test_only_openings():
    eq(longest_balanced("(((("), 0)


@corner
def test_crossing_pairs():
    eq(longest_balanced("([)]"), 0)


@corner
def test_unmatched_opening_splits():
    eq(longest_balanced("()((){}"), 4)
    eq(longest_balanced("(){}(()"), 4)


@corner
def test_wrong_closing_resets():
    eq(longest_balanced("(()](())"), 4)


@corner
def test_deep_nesting():
    eq(longest_balanced("[" * 300 + "]" * 300 + "]"), 600)
