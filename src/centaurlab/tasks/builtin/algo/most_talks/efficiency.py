import random
from bisect import bisect_right

from centaur_testlib import Perf

N = 200_000


def _oracle(talks):
    """DP over talks sorted by end: skip talk i, or take it after the best compatible prefix
    (found by binary search on the end times)."""
    ordered = sorted(talks, key=lambda t: t[1])
    ends = [e for _, e in ordered]
    best = [0] * (len(ordered) + 1)
    for i, (s, _) in enumerate(ordered, 1):
        j = bisect_right(ends, s, 0, i - 1)
        best[i] = max(best[i - 1], best[j] + 1)
    return best[-1]


def perf_random_talks():
    """N = 200,000 talks of random length up to 10^6 in [0, 10^9]"""
    rng = random.Random(291)
    talks = []
    for _ in range(N):
        s = rng.randint(0, 10**9 - 1)
        talks.append((s, min(10**9, s + rng.randint(1, 10**6))))
    return Perf(args=(talks,), expected=_oracle(talks))


def perf_nested():
    """N = 200,000 talks nested inside each other around the moment 5 * 10^8"""
    talks = [(5 * 10**8 - k - 1, 5 * 10**8 + k + 1) for k in range(N)]
    random.Random(292).shuffle(talks)
    return Perf(args=(talks,), expected=1)


def perf_chain():
    """N = 200,000 back-to-back talks plus one overlapping talk per slot"""
    rng = random.Random(293)
    talks = [(10 * k, 10 * k + 10) for k in range(N // 2)]
    talks += [(10 * k + 5, 10 * k + 15) for k in range(N // 2)]
    rng.shuffle(talks)
    return Perf(args=(talks,), expected=N // 2)
