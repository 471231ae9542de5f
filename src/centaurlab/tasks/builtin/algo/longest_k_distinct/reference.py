def longest_with_k_kinds(A: list[int], K: int) -> int:
    """Sliding window: grow on the right, shrink on the left while there are too many kinds."""
    counts: dict[int, int] = {}
    best = 0
    left = 0
    for right, value in enumerate(A):
        counts[value] = counts.get(value, 0) + 1
        while len(counts) > K:
            old = A[left]
            counts[old] -= 1
            if counts[old] == 0:
                del counts[old]
            left += 1
        best = max(best, right - left + 1)
    return best
