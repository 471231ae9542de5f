from centaur_testlib import basic, corner, edge, eq
from solution import shortest_walk


@basic
def test_example():
    eq(shortest_walk(["..#", "#..", "..."]), 4)


@basic
def test_blocked_example():
    eq(shortest_walk([".#", "#."]), -1)


@basic
def test_detour_around_wall():
    grid = [
        ".....",
        "####.",
        ".....",
        ".####",
        ".....",
    ]
    eq(shortest_walk(grid), 16)


@edge
def test_single_free_cell():
    eq(shortest_walk(["."]), 0)


@edge
def test_single_shelf_cell():
    eq(shortest_walk(["#"]), -1)


@edge
def test_goal_is_shelf():
    eq(shortest_walk(["..", ".#"]), -1)


@edge
def test_one_row_and_one_column():
    eq(shortest_walk(["......"]), 5)
    eq(shortest_walk([".", ".", ".", "#", "."]), -1)


@corner
def test_must_walk_up():
    eq(shortest_walk([".#...", ".#.#.", "...#."]), 10)


@corner
def test_must_walk_left():
    grid = [
        ".....",
        "####.",
        "#....",
        "#.###",
        "#....",
    ]
    eq(shortest_walk(grid), 14)


@corner
def test_open_floor():
    eq(shortest_walk(["." * 30] * 20), 48)


@corner
def test_enclosed_start():
    eq(shortest_walk([".#...", "##...", "....."]), -1)
