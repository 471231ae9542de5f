import random

from centaur_testlib import Perf

N = 200_000


def _oracle(A):
    """Fenwick tree over value ranks holding the best length ending at a smaller value."""
    ranks = {v: r for r, v in enumerate(sorted(set(A)), 1)}
    size = len(ranks)
    tree = [0] * (size + 1)
    best = 0
    for v in A:
        r = ranks[v]
        k, here = r - 1, 0
        while k > 0:
            here = max(here, tree[k])
            k -= k & -k
        here += 1
        best = max(best, here)
        k = r
        while k <= size:
            if tree[k] < here:
                tree[k] = here
            k += k & -k
    return best


def perf_random():
    """N = 200,000 random values in [-10^9, 10^9]"""
    rng = random.Random(161)
    A = [rng.randint(-10**9, 10**9) for _ in range(N)]
    return Perf(args=(A,), expected=_oracle(A))


def perf_rising():
    """N = 200,000 strictly increasing values"""
    return Perf(args=(list(range(-N, N, 2)),), expected=N)


def perf_interleaved_runs():
    """N = 200,000: 400 falling blocks of 500 rising values each"""
    A = []
    for block in range(400):
        base = (400 - block) * 1_000
        A.extend(base + k for k in range(500))
    return Perf(args=(A,), expected=_oracle(A))
