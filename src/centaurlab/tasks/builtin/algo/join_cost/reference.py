import heapq


def min_merge_cost(sizes: list[int]) -> int:
    """Always merge the two smallest files (the Huffman argument), kept in a heap."""
    heap = list(sizes)
    heapq.heapify(heap)
    total = 0
    while len(heap) > 1:
        merged = heapq.heappop(heap) + heapq.heappop(heap)
        total += merged
        heapq.heappush(heap, merged)
    return total
