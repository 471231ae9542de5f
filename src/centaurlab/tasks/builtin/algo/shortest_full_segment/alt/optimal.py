def shortest_full_segment(A: list[int]) -> int:
    """Keep where each region was last seen. For the stations up to i, the shortest stretch
    ending at i that still holds every region seen so far starts at the earliest of those last
    sightings: the left end moves past every station whose region turns up again later. Once
    all regions have been seen, each such stretch is a candidate."""
    regions = len(set(A))
    last_seen: dict[int, int] = {}
    best = len(A)
    left = 0
    for i, region in enumerate(A):
        last_seen[region] = i
        while last_seen[A[left]] != left:
            left += 1
        if i - left < best and len(last_seen) == regions:
            best = i - left + 1
    return best
