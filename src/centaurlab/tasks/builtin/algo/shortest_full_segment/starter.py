def shortest_full_segment(A: list[int]) -> int:
    # Length of the shortest run of consecutive elements containing every distinct value of A.
    return len(A)
