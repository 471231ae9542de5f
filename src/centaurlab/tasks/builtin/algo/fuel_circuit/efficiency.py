import random

from centaur_testlib import Perf

N = 200_000


def _oracle(charge, drain):
    """A start works iff the running balance before it is the lowest on the whole circle."""
    balance = 0
    lowest, where = 0, 0
    for i in range(len(charge)):
        if balance < lowest:
            lowest, where = balance, i
        balance += charge[i] - drain[i]
    return where if balance >= 0 else -1


def perf_late_failures():
    """N = 200,000; every start before the last depot runs flat only near the end"""
    charge = [1] * N
    drain = [1] * N
    charge[N - 2], drain[N - 2] = 0, 10**9
    charge[N - 1], drain[N - 1] = 10**9, 0
    return Perf(args=(charge, drain), expected=N - 1)


def perf_random_feasible():
    """N = 200,000 random depots with slightly more charge than drain overall"""
    rng = random.Random(102)
    charge = [rng.randint(0, 10**9) for _ in range(N)]
    drain = [rng.randint(0, 10**9) for _ in range(N)]
    drain[0] = max(0, drain[0] - max(0, sum(drain) - sum(charge)))
    return Perf(args=(charge, drain), expected=_oracle(charge, drain))


def perf_slow_decline():
    """N = 200,000; a small steady loss is repaid by one depot far along the loop"""
    charge = [10] * N
    drain = [11] * N
    charge[N // 3] += N
    return Perf(args=(charge, drain), expected=N // 3)
