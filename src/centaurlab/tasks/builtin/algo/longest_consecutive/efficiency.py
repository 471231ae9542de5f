import random

from centaur_testlib import Perf

N = 200_000


def _oracle(A):
    """Sort the distinct numbers and measure the runs of +1 steps."""
    values = sorted(set(A))
    best = run = 1 if values else 0
    for a, b in zip(values, values[1:], strict=False):
        run = run + 1 if b == a + 1 else 1
        best = max(best, run)
    return best


def perf_shuffled_permutation():
    """N = 200,000: the numbers 0 .. N-1 in random order"""
    rng = random.Random(251)
    A = list(range(N))
    rng.shuffle(A)
    return Perf(args=(A,), expected=N)


def perf_random_dense():
    """N = 200,000 random numbers in [0, 250,000]"""
    rng = random.Random(252)
    A = [rng.randint(0, 250_000) for _ in range(N)]
    return Perf(args=(A,), expected=_oracle(A))


def perf_long_runs_with_duplicates():
    """N = 200,000: four runs of 40,000 numbers, each number sold once or twice"""
    rng = random.Random(253)
    A = []
    for start in (-10**9, -5 * 10**8, 0, 7 * 10**8):
        A.extend(range(start, start + 40_000))
    A.extend(rng.choice(A) for _ in range(N - len(A)))
    rng.shuffle(A)
    return Perf(args=(A,), expected=40_000)
