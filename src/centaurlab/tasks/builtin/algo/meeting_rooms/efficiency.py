import random

from centaur_testlib import Perf

N = 200_000


def _oracle(meetings):
    """Sweep over events; at equal times an end (-1) is processed before a start (+1)."""
    events = sorted([(s, 1) for s, _ in meetings] + [(e, -1) for _, e in meetings])
    depth = best = 0
    for _, delta in events:
        depth += delta
        best = max(best, depth)
    return best


def perf_random_meetings():
    """N = 200,000 meetings of random length in [0, 10^9]"""
    rng = random.Random(281)
    meetings = []
    for _ in range(N):
        s = rng.randint(0, 10**9 - 1)
        meetings.append((s, min(10**9, s + rng.randint(1, 10**7))))
    return Perf(args=(meetings,), expected=_oracle(meetings))


def perf_back_to_back_chains():
    """N = 200,000: 40 chains of 5,000 back-to-back meetings each"""
    rng = random.Random(282)
    meetings = [(t * 10 + offset, t * 10 + offset + 10) for offset in range(40) for t in range(5_000)]
    rng.shuffle(meetings)
    return Perf(args=(meetings,), expected=40)


def perf_all_at_once():
    """N = 200,000 meetings sharing the moment 5 * 10^8"""
    rng = random.Random(283)
    meetings = [(rng.randint(0, 5 * 10**8), rng.randint(5 * 10**8 + 1, 10**9)) for _ in range(N)]
    return Perf(args=(meetings,), expected=N)
