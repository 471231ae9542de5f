import random
from collections import deque

from centaur_testlib import Perf


def _oracle(grid):
    """Breadth-first search on flattened cell numbers."""
    rows, cols = len(grid), len(grid[0])
    flat = "".join(grid)
    if flat[0] == "#" or flat[-1] == "#":
        return -1
    dist = [-1] * (rows * cols)
    dist[0] = 0
    queue = deque([0])
    while queue:
        cell = queue.popleft()
        r, c = divmod(cell, cols)
        nexts = []
        if r > 0:
            nexts.append(cell - cols)
        if r < rows - 1:
            nexts.append(cell + cols)
        if c > 0:
            nexts.append(cell - 1)
        if c < cols - 1:
            nexts.append(cell + 1)
        for nxt in nexts:
            if dist[nxt] < 0 and flat[nxt] == ".":
                dist[nxt] = dist[cell] + 1
                queue.append(nxt)
    return dist[-1]


def _winding(rows, cols):
    """Every odd row is a wall with one gap, alternately at the right and the left end."""
    grid = []
    for r in range(rows):
        if r % 2 == 0:
            grid.append("." * cols)
        elif r % 4 == 1:
            grid.append("#" * (cols - 1) + ".")
        else:
            grid.append("." + "#" * (cols - 1))
    return grid


def perf_winding_corridor():
    """501 x 499 grid: a single corridor winding left and right"""
    grid = _winding(501, 499)
    return Perf(args=(grid,), expected=_oracle(grid))


def perf_random_shelves():
    """500 x 500 grid, 30% shelves at random"""
    rng = random.Random(191)
    grid = ["".join("#" if rng.random() < 0.3 else "." for _ in range(500)) for _ in range(500)]
    grid[0] = "." + grid[0][1:]
    grid[-1] = grid[-1][:-1] + "."
    return Perf(args=(grid,), expected=_oracle(grid))


def perf_tall_winding():
    """2,001 x 124 grid: a corridor winding through 1,000 rows of shelves"""
    grid = _winding(2001, 124)
    return Perf(args=(grid,), expected=_oracle(grid))
