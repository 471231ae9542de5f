import random

from centaur_testlib import Perf

N = 100_000


def _needed(A, limit):
    """Fewest blocks with every block sum <= limit (greedy, element by element)."""
    blocks, current = 1, 0
    for pages in A:
        if current + pages > limit:
            blocks += 1
            current = pages
        else:
            current += pages
    return blocks


def _oracle(A, K):
    low, high = max(A), sum(A)
    while low < high:
        mid = (low + high) // 2
        if _needed(A, mid) <= K:
            high = mid
        else:
            low = mid + 1
    return low


def perf_random_few_translators():
    """N = 100,000 random chapters in [0, 10,000], K = 100"""
    rng = random.Random(241)
    A = [rng.randint(0, 10_000) for _ in range(N)]
    return Perf(args=(A, 100), expected=_oracle(A, 100))


def perf_random_many_translators():
    """N = 100,000 random chapters in [0, 10,000], K = 20,000"""
    rng = random.Random(242)
    A = [rng.randint(0, 10_000) for _ in range(N)]
    return Perf(args=(A, 20_000), expected=_oracle(A, 20_000))


def perf_equal_chapters():
    """N = 100,000 chapters of 10,000 pages, K = 1,000: 100 chapters each"""
    return Perf(args=([10_000] * N, 1_000), expected=100 * 10_000)
