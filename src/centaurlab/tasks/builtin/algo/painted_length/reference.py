def painted_length(strokes: list[tuple[int, int]]) -> int:
    """Sort by start and sweep, extending the current painted piece while strokes overlap it."""
    total = 0
    cur_start = cur_end = None
    for start, end in sorted(strokes):
        if cur_end is None or start > cur_end:
            if cur_end is not None:
                total += cur_end - cur_start
            cur_start, cur_end = start, end
        elif end > cur_end:
            cur_end = end
    if cur_end is not None:
        total += cur_end - cur_start
    return total
