def largest_billboard(H: list[int]) -> int:
    # Maximum over ranges i..j of (j - i + 1) * min(H[i..j]).
    return max(H, default=0)
