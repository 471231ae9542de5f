def min_merge_cost(sizes: list[int]) -> int:
    """Huffman with two queues instead of a heap: the original files in sorted order, and the
    merged files, which come out in non-decreasing order by themselves. The two smallest files
    are always at the fronts of the two queues."""
    files = sorted(sizes)
    files.append(float("inf"))  # sentinels, so a queue never runs dry
    merged = [float("inf")] * len(files)
    f = m = made = 0  # read positions in `files` and `merged`; number of merged files so far
    total = 0
    for _ in range(len(sizes) - 1):
        if files[f] <= merged[m]:
            first = files[f]
            f += 1
        else:
            first = merged[m]
            m += 1
        if files[f] <= merged[m]:
            second = files[f]
            f += 1
        else:
            second = merged[m]
            m += 1
        merged[made] = first + second
        made += 1
        total += first + second
    return total
