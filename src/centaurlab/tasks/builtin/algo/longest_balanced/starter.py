def longest_balanced(S: str) -> int:
    # Length of the longest well-nested substring of S.
    return 0
