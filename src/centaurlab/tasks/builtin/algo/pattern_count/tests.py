from centaur_testlib import basic, corner, edge, eq
from solution import count_motif


@basic
def test_example():
    eq(count_motif("abababa", "aba"), 3)


@basic
def test_no_occurrence():
    eq(count_motif("hello", "world"), 0)


@basic
def test_separate_occurrences():
    eq(count_motif("catdogcatbird", "cat"), 2)


@edge
def test_empty_text():
    eq(count_motif("", "a"), 0)


@edge
def test_motif_longer_than_text():
    eq(count_motif("abc", "abcd"), 0)


@edge
def test_motif_is_whole_text():
    eq(count_motif("abc", "abc"), 1)


@edge
def test_single_letters():
    eq(count_motif("banana", "a"), 3)


@corner
def test_overlapping_runs():
    eq(count_motif("aaaa", "aa"), 3)
    eq(count_motif("a" * 50, "a" * 10), 41)


@corner
def test_self_overlapping_motif():
    eq(count_motif("aabaabaabaab", "aabaab"), 3)


@corner
def test_near_misses():
    eq(count_motif("aaaaab" * 4, "aaaaaa"), 0)
    eq(count_motif("abcabdabcabc", "abcabc"), 1)
