import random
from collections import deque

from centaur_testlib import Perf

N = 100_000


def _oracle(sizes):
    """Two queues: the sorted inputs and the merged files, which are produced in sorted order."""
    waiting = deque(sorted(sizes))
    merged = deque()

    def take():
        if not merged or (waiting and waiting[0] <= merged[0]):
            return waiting.popleft()
        return merged.popleft()

    total = 0
    for _ in range(len(sizes) - 1):
        joined = take() + take()
        total += joined
        merged.append(joined)
    return total


def perf_random():
    """N = 100,000 random sizes in [0, 10^9]"""
    rng = random.Random(111)
    sizes = [rng.randint(0, 10**9) for _ in range(N)]
    return Perf(args=(sizes,), expected=_oracle(sizes))


def perf_equal_power_of_two():
    """N = 2^16 equal files: a perfectly balanced merge tree"""
    n = 1 << 16
    return Perf(args=([3] * n,), expected=3 * n * 16)


def perf_skewed():
    """N = 100,000 sizes spread over many orders of magnitude"""
    rng = random.Random(113)
    sizes = [rng.randint(1, 10 ** rng.randint(0, 9)) for _ in range(N)]
    return Perf(args=(sizes,), expected=_oracle(sizes))
