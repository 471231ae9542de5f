from operator import itemgetter


def painted_length(strokes: list[tuple[int, int]]) -> int:
    """Go through the strokes by start position, remembering how far the fence is painted so
    far; each stroke adds only the part of it beyond that point."""
    total = 0
    reach = None
    for start, end in sorted(strokes, key=itemgetter(0)):
        if reach is None or start >= reach:
            total += end - start
            reach = end
        elif end > reach:
            total += end - reach
            reach = end
    return total
