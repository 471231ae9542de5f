def min_terms(n: int, rules: list[tuple[int, int]]) -> int:
    requires = [[] for _ in range(n)]
    for a, b in rules:
        requires[b].append(a)
    done = [False] * n
    passed = 0
    terms = 0
    while passed < n:
        ready = [c for c in range(n) if not done[c] and all(done[r] for r in requires[c])]
        if not ready:
            return -1
        for c in ready:
            done[c] = True
        passed += len(ready)
        terms += 1
    return terms
