def min_terms(n: int, rules: list[tuple[int, int]]) -> int:
    """Longest chain of requirements over a topological order. Courses whose requirements are
    all settled wait on a stack (any order works); when a course is taken off, every course it
    unlocks must come at least one term later. If some courses never become free, the rules
    contain a cycle."""
    unlocks: list[list[int]] = [[] for _ in range(n)]
    waiting_for = [0] * n
    for a, b in rules:
        unlocks[a].append(b)
        waiting_for[b] += 1
    term = [1] * n
    ready = [c for c in range(n) if not waiting_for[c]]
    settled = 0
    while ready:
        course = ready.pop()
        settled += 1
        after = term[course] + 1
        for nxt in unlocks[course]:
            if term[nxt] < after:
                term[nxt] = after
            waiting_for[nxt] -= 1
            if not waiting_for[nxt]:
                ready.append(nxt)
    if settled < n:
        return -1
    return max(term)
