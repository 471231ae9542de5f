def count_inversions(A: list[int]) -> int:
    """Bottom-up merge sort: runs of width 1, 2, 4, ... are merged pairwise in place of a
    recursion. While merging, a value taken from the right run jumps over every value still
    left in the left run; each such jump is one out-of-order pair."""
    values = list(A)
    n = len(values)
    inversions = 0
    width = 1
    while width < n:
        merged: list[int] = []
        take = merged.append
        for lo in range(0, n, 2 * width):
            mid = min(lo + width, n)
            hi = min(lo + 2 * width, n)
            if mid == hi or values[mid - 1] <= values[mid]:
                merged.extend(values[lo:hi])  # already in order: nothing to count
                continue
            i, j = lo, mid
            left_top, right_top = values[i], values[j]
            while True:
                if left_top <= right_top:
                    take(left_top)
                    i += 1
                    if i == mid:
                        merged.extend(values[j:hi])
                        break
                    left_top = values[i]
                else:
                    take(right_top)
                    inversions += mid - i
                    j += 1
                    if j == hi:
                        merged.extend(values[i:mid])
                        break
                    right_top = values[j]
        values = merged
        width *= 2
    return inversions
