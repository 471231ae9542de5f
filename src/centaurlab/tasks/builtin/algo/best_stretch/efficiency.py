import random

from centaur_testlib import Perf

N = 200_000


def _oracle(A):
    """Best difference of prefix sums P[j] - P[i] with i < j."""
    best = A[0]
    prefix = 0
    lowest = 0
    for x in A:
        prefix += x
        best = max(best, prefix - lowest)
        lowest = min(lowest, prefix)
    return best


def perf_random():
    """N = 200,000 random values in [-10^9, 10^9]"""
    rng = random.Random(151)
    A = [rng.randint(-10**9, 10**9) for _ in range(N)]
    return Perf(args=(A,), expected=_oracle(A))


def perf_all_negative():
    """N = 200,000 negative values; the answer is the largest of them"""
    rng = random.Random(152)
    A = [rng.randint(-10**9, -1) for _ in range(N)]
    return Perf(args=(A,), expected=max(A))


def perf_alternating():
    """N = 200,000 values +3, -2, +3, -2, ...: the best run drops only the final -2"""
    A = [3 if i % 2 == 0 else -2 for i in range(N)]
    return Perf(args=(A,), expected=3 * (N // 2) - 2 * (N // 2 - 1))
