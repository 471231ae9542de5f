from centaur_testlib import basic, corner, edge, eq
from solution import rooms_needed


@basic
def test_example():
    eq(rooms_needed([(9, 12), (10, 11), (11, 13), (12, 14)]), 2)


@basic
def test_four_overlap_at_one_moment():
    eq(rooms_needed([(1, 10), (2, 7), (3, 19), (8, 12), (10, 20), (11, 30)]), 4)


@basic
def test_unsorted_input():
    eq(rooms_needed([(5, 8), (1, 3), (2, 6), (7, 9)]), 2)


@edge
def test_no_meetings():
    eq(rooms_needed([]), 0)


@edge
def test_one_meeting():
    eq(rooms_needed([(0, 1)]), 1)


@edge
def test_back_to_back():
    eq(rooms_needed([(1, 2), (2, 3), (3, 4), (4, 5)]), 1)


@edge
def test_identical_meetings():
    eq(rooms_needed([(1, 5), (1, 5), (1, 5)]), 3)


@corner
def test_one_long_meeting_over_short_ones():
    eq(rooms_needed([[0, 100]] + [[k, k + 1] for k in range(0, 100, 2)]), 2)


@corner
def test_extreme_times():
    B = 10**9
    eq(rooms_needed([(0, B), (B - 1, B), (0, 1), (1, B - 1)]), 2)


@corner
def test_many_end_at_same_time():
    eq(rooms_needed([(1, 10), (2, 10), (3, 10), (10, 11), (10, 12), (10, 13), (9, 11)]), 4)
