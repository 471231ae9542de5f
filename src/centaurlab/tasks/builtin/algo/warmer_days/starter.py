def days_until_warmer(T: list[int]) -> list[int]:
    # For each day, how many days until a strictly warmer one (0 if never).
    return [0] * len(T)
