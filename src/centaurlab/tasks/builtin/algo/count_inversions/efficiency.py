import random

from centaur_testlib import Perf

N = 100_000


def _oracle(A):
    """Fenwick tree over value ranks: for each element count the larger ones seen before it."""
    ranks = {v: r for r, v in enumerate(sorted(set(A)), 1)}
    size = len(ranks)
    tree = [0] * (size + 1)
    total = 0
    for seen, v in enumerate(A):
        r = ranks[v]
        not_larger = 0
        k = r
        while k > 0:
            not_larger += tree[k]
            k -= k & -k
        total += seen - not_larger
        k = r
        while k <= size:
            tree[k] += 1
            k += k & -k
    return total


def perf_random():
    """N = 100,000 random values in [-10^9, 10^9]"""
    rng = random.Random(81)
    A = [rng.randint(-10**9, 10**9) for _ in range(N)]
    return Perf(args=(A,), expected=_oracle(A))


def perf_reversed():
    """N = 100,000 distinct values in decreasing order"""
    A = list(range(N, 0, -1))
    return Perf(args=(A,), expected=N * (N - 1) // 2)


def perf_few_values():
    """N = 100,000 values from {0, ..., 9}: many ties"""
    rng = random.Random(83)
    A = [rng.randrange(10) for _ in range(N)]
    return Perf(args=(A,), expected=_oracle(A))
