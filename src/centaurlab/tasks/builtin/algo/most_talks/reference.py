def most_talks(talks: list[tuple[int, int]]) -> int:
    """Greedy: among the talks compatible with those chosen so far, the one that ends first
    leaves the most room for the rest."""
    count = 0
    free_from = None
    for start, end in sorted(talks, key=lambda talk: talk[1]):
        if free_from is None or start >= free_from:
            count += 1
            free_from = end
    return count
