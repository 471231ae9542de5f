def min_heaviest_share(A: list[int], K: int) -> int:
    # Smallest possible largest block sum when A is cut into at most K consecutive blocks.
    return sum(A) // K
