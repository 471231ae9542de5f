import random

from centaur_testlib import Perf

N = 200_000


def _oracle(H):
    """For each building, the nearest strictly lower building on each side (via skip links)."""
    n = len(H)
    left = [-1] * n
    for i in range(1, n):
        j = i - 1
        while j >= 0 and H[j] >= H[i]:
            j = left[j]
        left[i] = j
    right = [n] * n
    for i in range(n - 2, -1, -1):
        j = i + 1
        while j < n and H[j] >= H[i]:
            j = right[j]
        right[i] = j
    return max(H[i] * (right[i] - left[i] - 1) for i in range(n))


def perf_random():
    """N = 200,000 random heights in [0, 10^9]"""
    rng = random.Random(131)
    H = [rng.randint(0, 10**9) for _ in range(N)]
    return Perf(args=(H,), expected=_oracle(H))


def perf_staircase():
    """N = 200,000 heights 1, 2, ..., N: the best billboard is k high and N - k + 1 wide"""
    H = list(range(1, N + 1))
    k = (N + 1) // 2
    return Perf(args=(H,), expected=k * (N - k + 1))


def perf_flat():
    """N = 200,000 buildings of height 10^9"""
    return Perf(args=([10**9] * N,), expected=N * 10**9)
