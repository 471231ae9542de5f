def groups_after_each(n: int, bridges: list[tuple[int, int]]) -> list[int]:
    label = list(range(n))
    groups = n
    answer = []
    for a, b in bridges:
        old, new = label[a], label[b]
        if old != new:
            for island in range(n):
                if label[island] == old:
                    label[island] = new
            groups -= 1
        answer.append(groups)
    return answer
