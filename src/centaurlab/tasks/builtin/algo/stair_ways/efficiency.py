import random

from centaur_testlib import Perf

MOD = 1_000_000_007
N = 200_000


def _oracle(n, k, broken):
    """Prefix sums of the counts: ways[i] = S[i - 1] - S[i - k - 1]."""
    bad = set(broken)
    prefix = [0] * (n + 2)  # prefix[i + 1] = ways[0] + ... + ways[i]
    prefix[1] = 1
    last = 1
    for i in range(1, n + 1):
        last = 0 if i in bad else (prefix[i] - prefix[max(0, i - k)]) % MOD
        prefix[i + 1] = (prefix[i] + last) % MOD
    return last


def perf_long_strides_no_damage():
    """N = K = 200,000, nothing broken: 2^(N-1) ways"""
    return Perf(args=(N, N, []), expected=pow(2, N - 1, MOD))


def perf_random_damage():
    """N = 200,000, K = 100,000, about 10% of the steps broken"""
    rng = random.Random(171)
    broken = rng.sample(range(1, N), N // 10)
    return Perf(args=(N, 100_000, broken), expected=_oracle(N, 100_000, broken))


def perf_medium_strides():
    """N = 200,000, K = 5,000, about 1% of the steps broken"""
    rng = random.Random(172)
    broken = rng.sample(range(1, N), N // 100)
    return Perf(args=(N, 5_000, broken), expected=_oracle(N, 5_000, broken))
