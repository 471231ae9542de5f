import random

from centaur_testlib import Perf

N = 100_000


def perf_one_letter():
    """N = 100,000 copies of 'a'"""
    return Perf(args=("a" * N,), expected=N)


def perf_two_letters_alternating():
    """N = 100,000: 'abab...ab'; the longest mirror drops one end"""
    return Perf(args=("ab" * (N // 2),), expected=N - 1)


def _expand_all(S):
    """Expansion around every centre; fast here because random text has short palindromes."""
    best = 0
    n = len(S)
    for center in range(n):
        for lo, hi in ((center, center), (center, center + 1)):
            while lo >= 0 and hi < n and S[lo] == S[hi]:
                lo -= 1
                hi += 1
            best = max(best, hi - lo - 1)
    return best


def perf_random_with_planted_mirror():
    """N = 100,000 random letters with a 9,001-letter mirror stretch planted inside"""
    rng = random.Random(301)
    half = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(4_500))
    mirror = half + "z" + half[::-1]
    rest = [rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(N - len(mirror))]
    at = 40_000
    S = "".join(rest[:at]) + mirror + "".join(rest[at:])
    return Perf(args=(S,), expected=_expand_all(S))
