from bisect import bisect_right


def schedule_events(events: list[tuple[int, int, int]]) -> int:
    """events: tuples (start, end, score); an event ending at h and one starting at h do not
    overlap. Return the highest total score of a set of non-overlapping events."""
    ordered = sorted(events, key=lambda e: (e[1], e[0]))
    ends = [e[1] for e in ordered]
    # best[i] = best total using only the first i events (by end time)
    best = [0] * (len(ordered) + 1)
    for i, (start, _end, score) in enumerate(ordered):
        # events among the first i that end no later than this one starts
        j = bisect_right(ends, start, 0, i)
        best[i + 1] = max(best[i], best[j] + score)
    return best[-1]
