from centaur_testlib import basic, corner, edge, eq
from solution import painted_length


@basic
def test_example():
    eq(painted_length([(1, 4), (2, 6), (8, 10)]), 7)


@basic
def test_touching_strokes():
    eq(painted_length([(0, 5), (5, 7)]), 7)


@basic
def test_unsorted_strokes():
    eq(painted_length([(10, 12), (0, 3), (2, 4), (11, 15)]), 9)


@edge
def test_no_strokes():
    eq(painted_length([]), 0)


@edge
def test_single_stroke():
    eq(painted_length([(-3, 4)]), 7)


@edge
def test_empty_strokes():
    eq(painted_length([(2, 2), (5, 5)]), 0)
    eq(painted_length([(2, 2), (0, 4)]), 4)


@edge
def test_same_stroke_repeated():
    eq(painted_length([[1, 3]] * 5), 2)


@corner
def test_nested_strokes():
    eq(painted_length([(0, 100), (10, 20), (30, 40), (99, 100)]), 100)


@corner
def test_whole_range():
    B = 10**9
    eq(painted_length([(-B, B), (0, 1)]), 2 * B)


@corner
def test_bridge_joins_pieces():
    eq(painted_length([(0, 2), (4, 6), (8, 10), (1, 9)]), 10)
