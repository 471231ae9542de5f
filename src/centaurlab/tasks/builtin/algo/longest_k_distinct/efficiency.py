import random

from centaur_testlib import Perf

N = 200_000


def _window_fits(A, K, length):
    """True if some window of this exact length has at most K distinct values."""
    counts = {}
    for i, v in enumerate(A):
        counts[v] = counts.get(v, 0) + 1
        if i >= length:
            old = A[i - length]
            counts[old] -= 1
            if not counts[old]:
                del counts[old]
        if i >= length - 1 and len(counts) <= K:
            return True
    return False


def _oracle(A, K):
    lo, hi = 1, len(A)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _window_fits(A, K, mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def perf_few_kinds():
    """N = 200,000 values from 10 kinds, K = 10: the whole log qualifies"""
    rng = random.Random(51)
    A = [rng.randrange(10) for _ in range(N)]
    return Perf(args=(A, 10), expected=N)


def perf_all_distinct():
    """N = 200,000 distinct values, K = 100,000"""
    A = list(range(N, 0, -1))
    return Perf(args=(A, N // 2), expected=N // 2)


def perf_random_kinds():
    """N = 200,000 values from 1,000 kinds, K = 990"""
    rng = random.Random(53)
    A = [rng.randrange(1000) for _ in range(N)]
    return Perf(args=(A, 990), expected=_oracle(A, 990))
