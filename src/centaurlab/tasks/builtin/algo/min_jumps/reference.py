def min_jumps(A: list[int]) -> int:
    """Greedy over layers: all stones reachable with k hops form a prefix of the line; the next
    layer ends at the farthest point reachable from that prefix."""
    last = len(A) - 1
    hops = 0
    layer_end = 0
    farthest = 0
    for i in range(last):
        farthest = max(farthest, i + A[i])
        if i == layer_end:
            if farthest <= i:
                return -1
            hops += 1
            layer_end = farthest
            if layer_end >= last:
                return hops
    return hops
