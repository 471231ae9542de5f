from centaur_testlib import basic, corner, edge, eq
from solution import longest_mirror


@basic
def test_example():
    eq(longest_mirror("xabacabay"), 7)


@basic
def test_even_length():
    eq(longest_mirror("cbbd"), 2)
    eq(longest_mirror("zxyyxw"), 4)


@basic
def test_whole_string():
    eq(longest_mirror("racecar"), 7)


@edge
def test_empty():
    eq(longest_mirror(""), 0)


@edge
def test_single_character():
    eq(longest_mirror("q"), 1)


@edge
def test_no_repeats():
    eq(longest_mirror("abcd"), 1)


@edge
def test_all_equal():
    eq(longest_mirror("aaaaaa"), 6)


@corner
def test_at_the_end():
    eq(longest_mirror("abcdeffedc"), 8)


@corner
def test_overlapping_palindromes():
    eq(longest_mirror("abababa"), 7)
    eq(longest_mirror("abaxabaxabb"), 9)


@corner
def test_nearly_symmetric():
    eq(longest_mirror("abcdxdcbaz" + "abcdyzcba"), 9)
