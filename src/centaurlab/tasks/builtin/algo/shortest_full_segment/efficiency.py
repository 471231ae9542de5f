import random

from centaur_testlib import Perf

N = 200_000


def _covers(A, needed, length):
    """True if some window of this exact length holds every one of the `needed` values."""
    counts = {}
    for i, v in enumerate(A):
        counts[v] = counts.get(v, 0) + 1
        if i >= length:
            old = A[i - length]
            counts[old] -= 1
            if not counts[old]:
                del counts[old]
        if len(counts) == needed:
            return True
    return False


def _oracle(A):
    needed = len(set(A))
    lo, hi = needed, len(A)
    while lo < hi:
        mid = (lo + hi) // 2
        if _covers(A, needed, mid):
            hi = mid
        else:
            lo = mid + 1
    return lo


def perf_random_regions():
    """N = 200,000 values from 2,000 regions"""
    rng = random.Random(61)
    A = [rng.randrange(2000) for _ in range(N)]
    return Perf(args=(A,), expected=_oracle(A))


def perf_cyclic():
    """N = 200,000: regions 0..4,999 repeated in order; any 5,000 consecutive stations suffice"""
    A = [i % 5000 for i in range(N)]
    return Perf(args=(A,), expected=5000)


def perf_all_distinct():
    """N = 200,000 distinct values: only the whole line works"""
    rng = random.Random(63)
    A = rng.sample(range(-10**9, 10**9), N)
    return Perf(args=(A,), expected=N)
