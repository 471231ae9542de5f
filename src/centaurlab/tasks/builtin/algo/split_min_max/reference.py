from bisect import bisect_right
from itertools import accumulate


def min_heaviest_share(A: list[int], K: int) -> int:
    """Binary search on the answer. For a page limit, the fewest translators needed is found
    greedily: each takes as many chapters as fit, located by binary search in prefix sums."""
    prefix = [0, *accumulate(A)]
    n = len(A)

    def fits(limit: int) -> bool:
        start, used = 0, 0
        while start < n:
            used += 1
            if used > K:
                return False
            start = bisect_right(prefix, prefix[start] + limit, start + 1) - 1
        return True

    low, high = max(A), prefix[-1]
    while low < high:
        mid = (low + high) // 2
        if fits(mid):
            high = mid
        else:
            low = mid + 1
    return low
