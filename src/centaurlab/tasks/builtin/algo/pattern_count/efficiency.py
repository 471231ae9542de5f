import random

from centaur_testlib import Perf

N = 200_000


def perf_one_letter():
    """N = 200,000 'a's, motif of 100,000 'a's: 100,001 overlapping occurrences"""
    return Perf(args=("a" * N, "a" * (N // 2)), expected=N // 2 + 1)


def perf_near_misses():
    """N = 200,000: 'ab' repeated; the motif is 'ab' * 25,000 + 'b', which never occurs"""
    return Perf(args=("ab" * (N // 2), "ab" * 25_000 + "b"), expected=0)


def perf_random_binary():
    """N = 200,000 random letters from 'ab', motif of 16 letters"""
    rng = random.Random(311)
    text = "".join(rng.choice("ab") for _ in range(N))
    motif = text[1000:1016]
    expected = sum(1 for i in range(N - 15) if text.startswith(motif, i))
    return Perf(args=(text, motif), expected=expected)
