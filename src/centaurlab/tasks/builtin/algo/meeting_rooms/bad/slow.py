def rooms_needed(meetings: list[tuple[int, int]]) -> int:
    best = 0
    for moment, _ in meetings:
        running = 0
        for start, end in meetings:
            if start <= moment < end:
                running += 1
        best = max(best, running)
    return best
