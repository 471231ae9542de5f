def min_terms(n: int, rules: list[tuple[int, int]]) -> int:
    """Kahn's algorithm, one layer per term: a course becomes available once its last
    requirement has been passed."""
    unlocks: list[list[int]] = [[] for _ in range(n)]
    missing = [0] * n
    for a, b in rules:
        unlocks[a].append(b)
        missing[b] += 1
    term = [c for c in range(n) if missing[c] == 0]
    passed = 0
    terms = 0
    while term:
        terms += 1
        passed += len(term)
        following = []
        for course in term:
            for nxt in unlocks[course]:
                missing[nxt] -= 1
                if missing[nxt] == 0:
                    following.append(nxt)
        term = following
    return terms if passed == n else -1
