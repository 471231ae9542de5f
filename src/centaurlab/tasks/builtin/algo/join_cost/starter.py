def min_merge_cost(sizes: list[int]) -> int:
    # Smallest total cost of merging every file into one (merging x and y costs x + y).
    return sum(sizes)
