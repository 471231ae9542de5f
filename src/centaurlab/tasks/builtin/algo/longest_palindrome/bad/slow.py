def longest_mirror(S: str) -> int:
    n = len(S)
    best = 1 if n else 0
    for center in range(n):
        for lo, hi in ((center, center), (center, center + 1)):
            while lo >= 0 and hi < n and S[lo] == S[hi]:
                lo -= 1
                hi += 1
            best = max(best, hi - lo - 1)
    return best
