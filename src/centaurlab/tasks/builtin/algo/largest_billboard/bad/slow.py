def largest_billboard(H: list[int]) -> int:
    best = 0
    for i in range(len(H)):
        lowest = H[i]
        for j in range(i, len(H)):
            lowest = min(lowest, H[j])
            best = max(best, lowest * (j - i + 1))
    return best
