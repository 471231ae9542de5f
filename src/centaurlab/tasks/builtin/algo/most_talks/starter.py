def most_talks(talks: list[tuple[int, int]]) -> int:
    # Largest number of pairwise non-overlapping talks (half-open intervals).
    return len(talks)
