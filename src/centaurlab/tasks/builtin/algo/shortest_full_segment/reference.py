def shortest_full_segment(A: list[int]) -> int:
    """Sliding window: once the window holds every value, shrink it from the left."""
    needed = len(set(A))
    counts: dict[int, int] = {}
    best = len(A)
    left = 0
    for right, value in enumerate(A):
        counts[value] = counts.get(value, 0) + 1
        while len(counts) == needed:
            best = min(best, right - left + 1)
            old = A[left]
            counts[old] -= 1
            if counts[old] == 0:
                del counts[old]
            left += 1
    return best
