def longest_run(A: list[int]) -> int:
    # Largest k such that x, x + 1, ..., x + k - 1 all appear in A for some x.
    return len(set(A))
