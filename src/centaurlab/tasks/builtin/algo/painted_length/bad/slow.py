def painted_length(strokes: list[tuple[int, int]]) -> int:
    pieces = []  # disjoint painted pieces, in no particular order
    for start, end in strokes:
        kept = []
        for a, b in pieces:
            if b < start or a > end:
                kept.append((a, b))
            else:
                start, end = min(start, a), max(end, b)
        kept.append((start, end))
        pieces = kept
    return sum(b - a for a, b in pieces)
