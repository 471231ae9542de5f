def most_talks(talks: list[tuple[int, int]]) -> int:
    ordered = sorted(talks, key=lambda talk: talk[1])
    best = [0] * (len(ordered) + 1)  # best[i]: most talks among the first i (by end)
    for i, (start, _end) in enumerate(ordered, 1):
        with_it = 1
        for j in range(i - 1, 0, -1):
            if ordered[j - 1][1] <= start:
                with_it = 1 + best[j]
                break
        best[i] = max(best[i - 1], with_it)
    return best[len(ordered)]
