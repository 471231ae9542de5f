from bisect import bisect_left, bisect_right
from itertools import accumulate


def min_heaviest_share(A: list[int], K: int) -> int:
    """Whether a page limit is enough is monotone in the limit, so bisect finds the first
    sufficient limit in the range of possible answers. To test a limit, hand out chapters
    greedily: each translator takes pages up to `covered + limit`, and the page count reached
    is read off the prefix sums by binary search."""
    done = list(accumulate(A, initial=0))  # done[i]: pages in the first i chapters
    total = done[-1]

    def enough(limit: int) -> bool:
        covered = 0
        for _ in range(K):
            covered = done[bisect_right(done, covered + limit) - 1]
            if covered == total:
                return True
        return False

    lowest = max(max(A), -(-total // K))  # nobody can do less than this
    candidates = range(lowest, total + 1)
    return candidates[bisect_left(candidates, True, key=enough)]
