def range_sums(A: list[int], queries: list[tuple[int, int]]) -> list[int]:
    # Return the sum of A[l..r] (both ends included) for every query (l, r).
    return []
