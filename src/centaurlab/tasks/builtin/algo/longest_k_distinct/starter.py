def longest_with_k_kinds(A: list[int], K: int) -> int:
    # Length of the longest run of consecutive elements with at most K distinct values.
    return 0
