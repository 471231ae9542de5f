def longest_rising(A: list[int]) -> int:
    # Length of the longest strictly increasing subsequence of A.
    return len(A)
