import random

from centaur_testlib import Perf

N = 50_000
M = 150_000


def _with_potentials(rng, n, m):
    """Random roads priced so that no drive to v costs less than pot[v] (pot[0] = 0), plus a
    hidden chain of roads priced exactly pot[v] - pot[u]. The answer is then pot[n - 1]."""
    order = [0] + rng.sample(range(1, n), n - 1)
    pot = [0] * n
    level = 0
    for town in order[1:]:
        level += rng.randint(1, 10_000)
        pot[town] = level
    roads = [(order[i], order[i + 1], pot[order[i + 1]] - pot[order[i]]) for i in range(n - 1)]
    while len(roads) < m:
        u, v = rng.randrange(n), rng.randrange(n)
        roads.append((u, v, max(0, pot[v] - pot[u]) + rng.randint(0, 10**4)))
    rng.shuffle(roads)
    return roads, pot[n - 1]


def perf_random_roads():
    """n = 50,000 towns, m = 150,000 roads with a hidden cheapest chain"""
    rng = random.Random(211)
    roads, answer = _with_potentials(rng, N, M)
    return Perf(args=(N, roads), expected=answer)


def perf_target_unreachable():
    """n = 50,000 towns, m = 150,000 random roads, none of them into the last town"""
    rng = random.Random(212)
    roads = [(rng.randrange(N), rng.randrange(N - 1), rng.randint(0, 10**9)) for _ in range(M)]
    return Perf(args=(N, roads), expected=-1)


def perf_expensive_shortcuts():
    """n = 50,000 towns on a cheap line 0 -> 1 -> ... plus 100,000 dear forward shortcuts"""
    rng = random.Random(213)
    roads = [(k, k + 1, 7) for k in range(N - 1)]
    for _ in range(2 * N):
        u = rng.randrange(N - 1)
        v = rng.randrange(u + 1, N)
        roads.append((u, v, 7 * (v - u) + rng.randint(1, 10**6)))
    rng.shuffle(roads)
    return Perf(args=(N, roads), expected=7 * (N - 1))
