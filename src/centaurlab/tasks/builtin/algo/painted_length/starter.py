def painted_length(strokes: list[tuple[int, int]]) -> int:
    # Total length covered by at least one stroke.
    return sum(end - start for start, end in strokes)
