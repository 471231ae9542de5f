from centaur_testlib import basic, corner, edge, eq
from solution import most_talks


@basic
def test_example():
    eq(most_talks([(1, 4), (3, 5), (0, 6), (5, 7), (8, 9), (5, 9)]), 3)


@basic
def test_short_talks_beat_a_long_one():
    eq(most_talks([(0, 10), (1, 2), (3, 4), (5, 6)]), 3)


@basic
def test_earliest_start_is_not_best():
    eq(most_talks([(0, 7), (1, 3), (3, 5), (5, 8), (8, 9)]), 4)


@edge
def test_no_talks():
    eq(most_talks([]), 0)


@edge
def test_one_talk():
    eq(most_talks([(4, 5)]), 1)


@edge
def test_touching_talks():
    eq(most_talks([(2, 3), (3, 4)]), 2)


@edge
def test_identical_talks():
    eq(most_talks([[1, 5]] * 6), 1)


@corner
def test_all_overlap_one_moment():
    eq(most_talks([(0, 10), (2, 11), (5, 20), (9, 12)]), 1)


@corner
def test_extreme_times():
    B = 10**9
    eq(most_talks([(0, B), (0, 1), (1, B - 1), (B - 1, B)]), 3)


@corner
def test_shortest_talk_is_not_best():
    eq(most_talks([(0, 5), (4, 6), (5, 10)]), 2)
