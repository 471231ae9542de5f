def shortest_full_segment(A: list[int]) -> int:
    needed = len(set(A))
    best = len(A)
    for start in range(len(A)):
        seen = set()
        for end in range(start, len(A)):
            seen.add(A[end])
            if len(seen) == needed:
                best = min(best, end - start + 1)
                break
    return best
