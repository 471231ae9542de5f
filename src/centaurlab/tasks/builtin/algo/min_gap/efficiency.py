import random

from centaur_testlib import Perf

N = 200_000


def perf_random():
    """N = 200,000 random values in [-10^9, 10^9]"""
    rng = random.Random(71)
    A = [rng.randint(-10**9, 10**9) for _ in range(N)]
    ordered = sorted(A)
    return Perf(args=(A,), expected=min(ordered[i + 1] - ordered[i] for i in range(N - 1)))


def perf_planted_pair():
    """N = 200,000 distinct multiples of 10,000 plus one value 37 above one of them"""
    rng = random.Random(72)
    A = [10_000 * k for k in rng.sample(range(-100_000, 100_000), N - 1)]
    A.append(A[rng.randrange(N - 1)] + 37)
    rng.shuffle(A)
    return Perf(args=(A,), expected=37)


def perf_evenly_spaced():
    """N = 200,000 values 5,000 apart, shuffled"""
    rng = random.Random(73)
    A = [5_000 * k - 10**9 for k in range(N)]
    rng.shuffle(A)
    return Perf(args=(A,), expected=5_000)
