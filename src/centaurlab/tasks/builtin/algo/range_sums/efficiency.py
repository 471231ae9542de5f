import random

from centaur_testlib import Perf

N = 200_000


def _oracle(A, queries):
    prefix = [0]
    running = 0
    for x in A:
        running += x
        prefix.append(running)
    return [prefix[hi + 1] - prefix[lo] for lo, hi in queries]


def perf_random_ranges():
    """N = Q = 200,000; random values in [-10^9, 10^9], random ranges"""
    rng = random.Random(11)
    A = [rng.randint(-10**9, 10**9) for _ in range(N)]
    queries = []
    for _ in range(N):
        lo, hi = sorted((rng.randrange(N), rng.randrange(N)))
        queries.append((lo, hi))
    return Perf(args=(A, queries), expected=_oracle(A, queries))


def perf_long_ranges():
    """N = Q = 200,000; every range covers at least half of the array"""
    rng = random.Random(12)
    A = [rng.randint(0, 10**9) for _ in range(N)]
    queries = [(rng.randrange(N // 4), N - 1 - rng.randrange(N // 4)) for _ in range(N)]
    return Perf(args=(A, queries), expected=_oracle(A, queries))


def perf_whole_array():
    """N = Q = 200,000 identical values; every query asks for the whole array"""
    A = [10**9] * N
    queries = [(0, N - 1)] * N
    return Perf(args=(A, queries), expected=[N * 10**9] * N)
