def min_heaviest_share(A: list[int], K: int) -> int:
    n = len(A)
    prefix = [0]
    for pages in A:
        prefix.append(prefix[-1] + pages)
    inf = float("inf")
    # best[j]: smallest heaviest share for the first j chapters with the translators so far
    best = [inf] * (n + 1)
    best[0] = 0
    answer = inf
    for _ in range(min(K, n)):
        nxt = [inf] * (n + 1)
        for j in range(1, n + 1):
            for i in range(j):
                cand = max(best[i], prefix[j] - prefix[i])
                if cand < nxt[j]:
                    nxt[j] = cand
        best = nxt
        answer = min(answer, best[n])
    return answer
