import random
from bisect import bisect_left

from centaur_testlib import Perf

N = 200_000


def _oracle(A, T):
    """For each element, binary-search its best partner among the elements after it."""
    values = sorted(A)
    n = len(values)
    best = abs(values[0] + values[1] - T)
    for i in range(n - 1):
        want = T - values[i]
        k = bisect_left(values, want, i + 1)
        for j in (k - 1, k):
            if i < j < n:
                best = min(best, abs(values[i] + values[j] - T))
    return best


def perf_random():
    """N = 200,000 random values in [-10^9, 10^9]; random target"""
    rng = random.Random(31)
    A = [rng.randint(-10**9, 10**9) for _ in range(N)]
    T = rng.randint(-2 * 10**9, 2 * 10**9)
    return Perf(args=(A, T), expected=_oracle(A, T))


def perf_even_values_odd_target():
    """N = 200,000 even values, odd target: no exact hit, the search runs to the end"""
    rng = random.Random(32)
    A = [2 * rng.randint(-5 * 10**8, 5 * 10**8) for _ in range(N)]
    return Perf(args=(A, 12_345), expected=1)


def perf_target_out_of_reach():
    """N = 200,000 random values; the target is beyond every pair sum"""
    rng = random.Random(33)
    A = [rng.randint(0, 10**9) for _ in range(N)]
    top = sorted(A)[-2:]
    T = 2 * 10**9
    return Perf(args=(A, T), expected=T - top[0] - top[1])
