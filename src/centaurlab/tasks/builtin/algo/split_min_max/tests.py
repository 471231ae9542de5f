from centaur_testlib import basic, corner, edge, eq
from solution import min_heaviest_share


@basic
def test_example():
    eq(min_heaviest_share([7, 2, 5, 10, 8], 2), 18)


@basic
def test_three_translators():
    eq(min_heaviest_share([7, 2, 5, 10, 8], 3), 14)


@basic
def test_balanced_split():
    eq(min_heaviest_share([1, 1, 1, 1, 1, 1, 1, 1], 4), 2)


@edge
def test_more_translators_than_chapters():
    eq(min_heaviest_share([1, 2, 3], 5), 3)


@edge
def test_one_translator():
    eq(min_heaviest_share([4, 9, 1], 1), 14)


@edge
def test_single_chapter():
    eq(min_heaviest_share([6], 3), 6)


@edge
def test_empty_chapters():
    eq(min_heaviest_share([0, 0, 0, 0], 2), 0)
    eq(min_heaviest_share([0, 5, 0, 5, 0], 2), 5)


@corner
def test_one_huge_chapter():
    eq(min_heaviest_share([1, 1, 10_000, 1, 1], 2), 10_002)
    eq(min_heaviest_share([1, 1, 10_000, 1, 1], 3), 10_000)


@corner
def test_order_must_be_kept():
    eq(min_heaviest_share([5, 1, 1, 5], 2), 6)
    eq(min_heaviest_share([5, 5, 1, 1], 2), 7)


@corner
def test_max_values():
    eq(min_heaviest_share([10_000] * 12, 5), 30_000)
