import random

from centaur_testlib import Perf

N = 200_000


def _oracle(strokes):
    """Sweep over start (+1) and end (-1) events; count length where the coverage is positive."""
    events = sorted([(s, 1) for s, e in strokes if s < e] + [(e, -1) for s, e in strokes if s < e])
    total, depth, last = 0, 0, None
    for pos, delta in events:
        if depth > 0:
            total += pos - last
        depth += delta
        last = pos
    return total


def perf_scattered_short_strokes():
    """N = 200,000 short strokes spread over [-10^9, 10^9]: many separate pieces"""
    rng = random.Random(271)
    strokes = []
    for _ in range(N):
        s = rng.randint(-10**9, 10**9 - 1000)
        strokes.append((s, s + rng.randint(0, 1000)))
    return Perf(args=(strokes,), expected=_oracle(strokes))


def perf_heavy_overlap():
    """N = 200,000 long strokes inside [0, 10^6]"""
    rng = random.Random(272)
    strokes = []
    for _ in range(N):
        a, b = sorted((rng.randint(0, 10**6), rng.randint(0, 10**6)))
        strokes.append((a, b))
    return Perf(args=(strokes,), expected=_oracle(strokes))


def perf_disjoint_unit_strokes():
    """N = 200,000 disjoint strokes of length 1, in random order"""
    rng = random.Random(273)
    strokes = [(2 * k, 2 * k + 1) for k in range(N)]
    rng.shuffle(strokes)
    return Perf(args=(strokes,), expected=N)
