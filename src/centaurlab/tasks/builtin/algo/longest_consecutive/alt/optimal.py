def longest_run(A: list[int]) -> int:
    """Take any number that is still unclaimed and claim its whole run by spreading downwards
    and upwards from it, removing every number reached; each number is claimed exactly once."""
    unclaimed = set(A)
    claim = unclaimed.remove
    best = 0
    while unclaimed:
        x = unclaimed.pop()
        low = x - 1
        while low in unclaimed:
            claim(low)
            low -= 1
        high = x + 1
        while high in unclaimed:
            claim(high)
            high += 1
        if high - low - 1 > best:
            best = high - low - 1
    return best
