from centaur_testlib import basic, corner, edge, eq
from solution import even_odd_count


@basic
def test_all_even():
    eq(even_odd_count(2468), (4, 0))


@basic
def test_all_odd():
    eq(even_odd_count(13579), (0, 5))


@basic
def test_mixed_digits():
    eq(even_odd_count(123456), (3, 3))


@edge
def test_zero():
    eq(even_odd_count(0), (1, 0))


@edge
def test_single_odd_digit():
    eq(even_odd_count(7), (0, 1))


@edge
def test_negative_number_ignores_sign():
    eq(even_odd_count(-305), (1, 2))


@edge
def test_trailing_zeros_are_counted():
    eq(even_odd_count(1100), (2, 2))


@corner
def test_negative_single_digit():
    eq(even_odd_count(-8), (1, 0))


@corner
def test_very_large_number():
    eq(even_odd_count(int("9" * 60 + "0" * 40)), (40, 60))


@corner
def test_repeated_digit():
    eq(even_odd_count(-222222), (6, 0))


@corner
def test_returns_tuple():
    eq(even_odd_count(10), (1, 1))
