from heapq import heappop, heappush


def cheapest_route(n: int, roads: list[tuple[int, int, int]]) -> int:
    """Dijkstra that marks towns as settled the first time they leave the heap; a town's
    best-known toll is only kept inside the heap entries, so later copies are simply skipped."""
    outgoing: dict[int, list[tuple[int, int]]] = {}
    for u, v, w in roads:
        if u != v:
            outgoing.setdefault(u, []).append((v, w))
    settled = [False] * n
    frontier = [(0, 0)]
    goal = n - 1
    while frontier:
        cost, town = heappop(frontier)
        if settled[town]:
            continue
        if town == goal:
            return cost
        settled[town] = True
        for nxt, toll in outgoing.get(town, ()):
            if not settled[nxt]:
                heappush(frontier, (cost + toll, nxt))
    return -1
