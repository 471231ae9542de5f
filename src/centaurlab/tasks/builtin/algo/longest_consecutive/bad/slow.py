def longest_run(A: list[int]) -> int:
    present = set(A)
    best = 0
    for x in A:
        length = 1
        while x + length in present:
            length += 1
        best = max(best, length)
    return best
