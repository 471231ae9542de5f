from centaur_testlib import basic, corner, edge, eq
from solution import cheapest_route


@basic
def test_example():
    eq(cheapest_route(4, [(0, 1, 5), (0, 2, 1), (2, 1, 2), (1, 3, 1), (2, 3, 7)]), 4)


@basic
def test_unreachable_example():
    eq(cheapest_route(3, [(1, 2, 4)]), -1)


@basic
def test_many_hops_beat_one_road():
    roads = [(0, 4, 100)] + [(k, k + 1, 10) for k in range(4)]
    eq(cheapest_route(5, roads), 40)


@edge
def test_single_town():
    eq(cheapest_route(1, []), 0)


@edge
def test_one_way_roads():
    eq(cheapest_route(2, [(1, 0, 3)]), -1)
    eq(cheapest_route(2, [(0, 1, 3)]), 3)


@edge
def test_zero_tolls():
    eq(cheapest_route(4, [(0, 1, 0), (1, 2, 0), (2, 3, 0), (0, 3, 1)]), 0)


@corner
def test_parallel_roads_and_self_loops():
    roads = [(0, 0, 1), (0, 1, 9), (0, 1, 4), (1, 1, 0), (1, 2, 6), (1, 2, 2)]
    eq(cheapest_route(3, roads), 6)


@corner
def test_huge_tolls():
    B = 10**9
    roads = [(k, k + 1, B) for k in range(9)]
    eq(cheapest_route(10, roads), 9 * B)


@corner
def test_cheap_path_found_late():
    roads = [(0, 5, 50), (0, 1, 1), (1, 2, 1), (2, 3, 1), (3, 4, 1), (4, 5, 1)]
    eq(cheapest_route(6, roads), 5)


@corner
def test_cycle_does_not_loop_forever():
    roads = [(0, 1, 2), (1, 2, 2), (2, 0, 2), (2, 3, 5)]
    eq(cheapest_route(4, roads), 9)
