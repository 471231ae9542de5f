import random

from centaur_testlib import Perf

N = 200_000


def _oracle(n, bridges):
    """Keep each group's member list and merge the smaller list into the larger one."""
    group = list(range(n))
    members = [[i] for i in range(n)]
    groups = n
    out = []
    for a, b in bridges:
        ga, gb = group[a], group[b]
        if ga != gb:
            if len(members[ga]) < len(members[gb]):
                ga, gb = gb, ga
            for island in members[gb]:
                group[island] = ga
            members[ga].extend(members[gb])
            members[gb] = []
            groups -= 1
        out.append(groups)
    return out


def perf_random_bridges():
    """n = m = 200,000 random bridges"""
    rng = random.Random(201)
    bridges = [(rng.randrange(N), rng.randrange(N)) for _ in range(N)]
    return Perf(args=(N, bridges), expected=_oracle(N, bridges))


def perf_long_chain():
    """n = 200,000 islands joined into one line, in shuffled order"""
    rng = random.Random(202)
    bridges = [(k, k + 1) for k in range(N - 1)]
    rng.shuffle(bridges)
    return Perf(args=(N, bridges), expected=list(range(N - 1, 0, -1)))


def perf_many_repeats():
    """n = 20,000 islands, m = 200,000 bridges mostly inside existing groups"""
    rng = random.Random(203)
    n = 20_000
    bridges = [(rng.randrange(n), rng.randrange(n)) for _ in range(N)]
    return Perf(args=(n, bridges), expected=_oracle(n, bridges))
