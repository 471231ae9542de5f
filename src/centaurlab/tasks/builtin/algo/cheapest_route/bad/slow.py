def cheapest_route(n: int, roads: list[tuple[int, int, int]]) -> int:
    adjacency = [[] for _ in range(n)]
    for u, v, w in roads:
        adjacency[u].append((v, w))
    inf = float("inf")
    dist = [inf] * n
    dist[0] = 0
    settled = [False] * n
    for _ in range(n):
        town, best = -1, inf
        for t in range(n):
            if not settled[t] and dist[t] < best:
                town, best = t, dist[t]
        if town == -1:
            break
        settled[town] = True
        for nxt, w in adjacency[town]:
            if best + w < dist[nxt]:
                dist[nxt] = best + w
    return -1 if dist[n - 1] == inf else dist[n - 1]
