from operator import itemgetter


def most_talks(talks: list[tuple[int, int]]) -> int:
    """Greedy in order of start time. A talk that starts after the currently chosen last talk
    ends is added. One that overlaps it replaces it if it ends sooner: the count stays the same
    but the schedule frees up earlier."""
    count = 0
    busy_until = -1
    for start, end in sorted(talks, key=itemgetter(0)):
        if start >= busy_until:
            count += 1
            busy_until = end
        elif end < busy_until:
            busy_until = end
    return count
