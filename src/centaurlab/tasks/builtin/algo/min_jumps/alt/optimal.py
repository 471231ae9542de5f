def min_jumps(A: list[int]) -> int:
    """Breadth-first search over layers of stones: the stones reachable with exactly `hops`
    hops and no fewer form the range [lo, hi]. The next layer runs from hi + 1 to the farthest
    point any stone of the current layer can reach."""
    last = len(A) - 1
    hops = 0
    lo = hi = 0
    while hi < last:
        farthest = hi
        for i in range(lo, hi + 1):
            if i + A[i] > farthest:
                farthest = i + A[i]
        if farthest == hi:
            return -1
        hops += 1
        lo, hi = hi + 1, farthest
    return hops
