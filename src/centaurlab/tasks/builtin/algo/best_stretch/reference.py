def best_stretch(A: list[int]) -> int:
    """Kadane: the best run ending at a game either extends the best run ending at the previous
    game or starts afresh."""
    best = ending_here = A[0]
    for value in A[1:]:
        ending_here = max(value, ending_here + value)
        best = max(best, ending_here)
    return best
