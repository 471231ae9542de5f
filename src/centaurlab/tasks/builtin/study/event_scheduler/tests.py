import random
from itertools import combinations

from centaur_testlib import basic, corner, edge, eq
from solution import schedule_events


def brute_force(events):
    best = 0
    for r in range(1, len(events) + 1):
        for chosen in combinations(events, r):
            ok = all(a[1] <= b[0] or b[1] <= a[0] for a, b in combinations(chosen, 2))
            if ok:
                best = max(best, sum(e[2] for e in chosen))
    return best


@basic
def test_touching_events_beat_long_one():
    eq(schedule_events([(1, 3, 5), (1, 2, 3), (2, 3, 4)]), 7)


@basic
def test_chain_with_overlap():
    eq(schedule_events([(0, 3, 10), (2, 5, 15), (5, 7, 20)]), 35)


@basic
def test_skip_the_middle_event():
    eq(schedule_events([(0, 4, 6), (3, 6, 6), (5, 9, 6)]), 12)


@basic
def test_spread_over_the_day():
    eq(schedule_events([(0, 1, 2), (2, 4, 3), (5, 8, 4), (9, 10, 1)]), 10)


@edge
def test_no_events():
    eq(schedule_events([]), 0)


@edge
def test_single_event():
    eq(schedule_events([(3, 7, 9)]), 9)


@edge
def test_identical_events_count_once():
    eq(schedule_events([(1, 4, 10), (1, 4, 10), (1, 4, 15)]), 15)


@edge
def test_all_overlapping_pick_best():
    eq(schedule_events([(1, 3, 10), (2, 4, 15), (2, 5, 20), (0, 10, 12)]), 20)


@corner
def test_one_long_event_beats_many_short():
    eq(schedule_events([(0, 10, 50), (0, 2, 10), (2, 4, 10), (4, 6, 10), (6, 8, 10)]), 50)


@corner
def test_zero_scores():
    eq(schedule_events([(0, 5, 0), (5, 10, 0)]), 0)


@corner
def test_unsorted_input_not_modified():
    data = [(6, 9, 4), (0, 2, 3), (1, 7, 8), (2, 6, 2)]
    eq(schedule_events(data), 9)
    eq(data, [(6, 9, 4), (0, 2, 3), (1, 7, 8), (2, 6, 2)], "input list after the call")


@corner
def test_random_against_brute_force():
    rng = random.Random(2024)
    for _ in range(40):
        events = []
        for _ in range(rng.randint(1, 9)):
            start = rng.randint(0, 9)
            events.append((start, rng.randint(start + 1, 10), rng.randint(0, 20)))
        eq(schedule_events(events), brute_force(events), f"events {events}")


@corner
def test_many_events():
    events = [(h, h + 1, 1) for h in range(10)] * 300 + [(0, 10, 11)]
    eq(schedule_events(events), 11)
