def longest_run(A: list[int]) -> int:
    """Put the numbers in a set; only a number whose predecessor is missing starts a run, and
    each run is walked once."""
    present = set(A)
    best = 0
    for x in present:
        if x - 1 not in present:
            end = x + 1
            while end in present:
                end += 1
            best = max(best, end - x)
    return best
