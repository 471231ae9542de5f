def best_stretch(A: list[int]) -> int:
    # Largest sum of a non-empty run of consecutive elements.
    return sum(A)
