def largest_billboard(H: list[int]) -> int:
    """Monotonic stack of (start, height) with increasing heights. When a lower building
    arrives, every taller bar on the stack can extend no further and is measured."""
    best = 0
    stack: list[tuple[int, int]] = []
    for i, height in enumerate(H + [0]):
        start = i
        while stack and stack[-1][1] >= height:
            start, top = stack.pop()
            best = max(best, top * (i - start))
        stack.append((start, height))
    return best
