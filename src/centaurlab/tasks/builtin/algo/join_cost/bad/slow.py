def min_merge_cost(sizes: list[int]) -> int:
    files = list(sizes)
    total = 0
    while len(files) > 1:
        first = min(files)
        files.remove(first)
        second = min(files)
        files.remove(second)
        total += first + second
        files.append(first + second)
    return total
