import random

from centaur_testlib import Perf

N = 100_000


def _longest_chain(order, rules):
    """Courses listed in `order` only require earlier ones, so one pass along it suffices."""
    position = {c: i for i, c in enumerate(order)}
    requires = [[] for _ in order]
    for a, b in rules:
        requires[position[b]].append(position[a])
    level = [1] * len(order)
    for i in range(len(order)):
        for j in requires[i]:
            if level[j] + 1 > level[i]:
                level[i] = level[j] + 1
    return max(level)


def perf_hidden_chain():
    """n = 100,000 courses forming one chain in a shuffled numbering"""
    rng = random.Random(221)
    order = rng.sample(range(N), N)
    rules = [(order[i], order[i + 1]) for i in range(N - 1)]
    rng.shuffle(rules)
    return Perf(args=(N, rules), expected=N)


def perf_random_dag():
    """n = 100,000 courses, m = 200,000 random rules consistent with a hidden order"""
    rng = random.Random(222)
    n = N
    order = rng.sample(range(n), n)
    rules = []
    for _ in range(2 * n):
        i = rng.randrange(n - 1)
        j = min(n - 1, i + rng.randint(1, 50))
        rules.append((order[i], order[j]))
    return Perf(args=(n, rules), expected=_longest_chain(order, rules))


def perf_chain_closed_into_cycle():
    """n = 100,000 courses in a chain whose last course is required by the first"""
    rules = [(k, k + 1) for k in range(N - 1)] + [(N - 1, 0)]
    return Perf(args=(N, rules), expected=-1)
