def first_full_lap(charge: list[int], drain: list[int]) -> int:
    # Smallest starting depot that completes the lap, or -1.
    return 0
