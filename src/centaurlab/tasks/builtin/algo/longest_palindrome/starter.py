def longest_mirror(S: str) -> int:
    # Length of the longest substring of S that reads the same in both directions.
    return 1 if S else 0
