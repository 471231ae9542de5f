def shortest_walk(grid: list[str]) -> int:
    """Breadth-first search one distance layer at a time, on a flattened copy of the grid
    framed by a border of shelves, so that neighbours never need a bounds check. Each free cell
    is turned into a shelf as soon as it is reached, so it joins exactly one layer."""
    rows, cols = len(grid), len(grid[0])
    width = cols + 2
    wall = "#" * width
    open_cell = [ch == "." for ch in wall + "".join("#" + row + "#" for row in grid) + wall]
    start = width + 1
    goal = rows * width + cols
    if not (open_cell[start] and open_cell[goal]):
        return -1
    if start == goal:
        return 0
    open_cell[start] = False
    layer = [start]
    steps = 0
    while layer:
        steps += 1
        following = []
        grow = following.append
        for cell in layer:
            for nxt in (cell - width, cell + width, cell - 1, cell + 1):
                if open_cell[nxt]:
                    if nxt == goal:
                        return steps
                    open_cell[nxt] = False
                    grow(nxt)
        layer = following
    return -1
