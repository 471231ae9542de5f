def rooms_needed(meetings: list[tuple[int, int]]) -> int:
    """The answer is the largest number of meetings running at once. Walk through the sorted
    start times; the ends that are not later than the current start have freed their rooms."""
    starts = sorted([start for start, _ in meetings])
    ends = sorted([end for _, end in meetings])
    best = 0
    freed = 0
    for started, start in enumerate(starts, 1):
        while ends[freed] <= start:
            freed += 1
        if started - freed > best:
            best = started - freed
    return best
