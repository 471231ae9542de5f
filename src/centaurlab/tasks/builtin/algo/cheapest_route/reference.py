import heapq


def cheapest_route(n: int, roads: list[tuple[int, int, int]]) -> int:
    """Dijkstra with a binary heap; stale heap entries are skipped when popped."""
    adjacency: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for u, v, w in roads:
        adjacency[u].append((v, w))
    inf = float("inf")
    dist = [inf] * n
    dist[0] = 0
    heap = [(0, 0)]
    target = n - 1
    while heap:
        d, town = heapq.heappop(heap)
        if d > dist[town]:
            continue
        if town == target:
            return d
        for nxt, w in adjacency[town]:
            nd = d + w
            if nd < dist[nxt]:
                dist[nxt] = nd
                heapq.heappush(heap, (nd, nxt))
    return -1
