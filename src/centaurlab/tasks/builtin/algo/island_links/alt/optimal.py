def groups_after_each(n: int, bridges: list[tuple[int, int]]) -> list[int]:
    """Disjoint sets in one array: link[x] is x's parent, or minus the group size when x is a
    root. The smaller group hangs under the larger one, and every search compresses its whole
    path so that each island on it points straight at the root."""
    link = [-1] * n

    def root(x: int) -> int:
        top = x
        while link[top] >= 0:
            top = link[top]
        while x != top:
            link[x], x = top, link[x]
        return top

    groups = n
    counts = []
    for a, b in bridges:
        ra = root(a)
        rb = root(b)
        if ra != rb:
            if link[ra] > link[rb]:  # ra's group is the smaller one
                ra, rb = rb, ra
            link[ra] += link[rb]
            link[rb] = ra
            groups -= 1
        counts.append(groups)
    return counts
