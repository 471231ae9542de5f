from centaur_testlib import basic, corner, edge, eq
from solution import anagram_pairs


@basic
def test_example():
    eq(anagram_pairs(["listen", "enlist", "google", "silent", "banana"]), 3)


@basic
def test_two_groups():
    eq(anagram_pairs(["abc", "bca", "xy", "yx", "cab", "zz"]), 4)


@basic
def test_letter_counts_matter():
    eq(anagram_pairs(["aab", "abb", "bab", "aba"]), 2)


@edge
def test_empty_list():
    eq(anagram_pairs([]), 0)


@edge
def test_single_word():
    eq(anagram_pairs(["word"]), 0)


@edge
def test_identical_words():
    eq(anagram_pairs(["ab", "ba", "ab"]), 3)


@edge
def test_empty_words():
    eq(anagram_pairs(["", "", "a"]), 1)


@corner
def test_same_letters_different_lengths():
    eq(anagram_pairs(["a", "aa", "aaa", "aa"]), 1)


@corner
def test_many_copies():
    eq(anagram_pairs(["stop", "pots", "tops", "spot", "opts", "post"] * 5), 30 * 29 // 2)


@corner
def test_long_words():
    w = "abcdefghijklmnopqrst"
    eq(anagram_pairs([w, w[::-1], w[1:] + "a", w[1:] + "u"]), 3)
