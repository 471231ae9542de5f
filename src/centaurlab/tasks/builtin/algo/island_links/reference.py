def groups_after_each(n: int, bridges: list[tuple[int, int]]) -> list[int]:
    """Union-find with path halving and union by size."""
    parent = list(range(n))
    size = [1] * n

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    groups = n
    answer = []
    for a, b in bridges:
        ra, rb = find(a), find(b)
        if ra != rb:
            if size[ra] < size[rb]:
                ra, rb = rb, ra
            parent[rb] = ra
            size[ra] += size[rb]
            groups -= 1
        answer.append(groups)
    return answer
