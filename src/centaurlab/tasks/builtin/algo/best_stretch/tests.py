from centaur_testlib import basic, corner, edge, eq
from solution import best_stretch


@basic
def test_example():
    eq(best_stretch([3, -4, 5, -1, 2, -6, 1]), 6)


@basic
def test_all_positive_take_everything():
    eq(best_stretch([1, 2, 3, 4]), 10)


@basic
def test_dip_worth_crossing():
    eq(best_stretch([4, -1, 4, -10, 3]), 7)


@edge
def test_all_negative():
    eq(best_stretch([-8, -3, -5]), -3)


@edge
def test_single_game():
    eq(best_stretch([-7]), -7)
    eq(best_stretch([7]), 7)


@edge
def test_zeros():
    eq(best_stretch([0, 0, 0]), 0)
    eq(best_stretch([-1, 0, -2]), 0)


@corner
def test_huge_values():
    B = 10**9
    eq(best_stretch([B] * 5 + [-B] + [B] * 5), 9 * B)


@corner
def test_most_negative_only():
    eq(best_stretch([-10**9, -10**9]), -10**9)


@corner
def test_best_run_at_the_end():
    eq(best_stretch([5, -6, 1, 1, 1, 1, 1, 1]), 6)


@corner
def test_dip_not_worth_crossing():
    eq(best_stretch([3, -4, 3]), 3)
