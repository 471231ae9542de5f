import random

from centaur_testlib import Perf

N = 200_000


def _oracle(A):
    """Breadth-first search; `done` marks how far stones have already been discovered."""
    n = len(A)
    dist = [-1] * n
    dist[0] = 0
    queue = [0]
    done = 0
    for i in queue:
        reach = min(n - 1, i + A[i])
        for j in range(done + 1, reach + 1):
            dist[j] = dist[i] + 1
            queue.append(j)
        done = max(done, reach)
    return dist[n - 1]


def perf_random_short_hops():
    """N = 200,000 stones with hops in [1, 10]"""
    rng = random.Random(91)
    A = [rng.randint(1, 10) for _ in range(N)]
    return Perf(args=(A,), expected=_oracle(A))


def perf_all_ones():
    """N = 200,000 stones that each allow one step"""
    return Perf(args=([1] * N,), expected=N - 1)


def perf_barrier():
    """N = 200,000 stones; nothing can pass stone 150,000, which is a dead end"""
    rng = random.Random(93)
    wall = 150_000
    A = [min(rng.randint(1, 1000), wall - i) for i in range(N)]
    A[wall] = 0
    return Perf(args=(A,), expected=-1)
