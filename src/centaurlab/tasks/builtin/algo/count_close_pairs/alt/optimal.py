from itertools import compress, count, repeat
from operator import add, and_


def count_close_pairs(A: list[int], D: int) -> int:
    """Rank counting by merging. With the times sorted, r_i = the number of times <= t_i + D, and
    t_i forms a good pair with exactly r_i - i - 1 later times. Encode every time as the even
    number 2t and every limit t + D as the odd number 2t + 2D + 1 (odd, so that it lands after
    equal times); merging the two sorted lists puts limit i at position r_i + i. The answer is
    the sum of those positions minus n * n."""
    ordered = sorted(A)
    n = len(ordered)
    doubled = list(map(add, ordered, ordered))
    odd_shift = 2 * D + 1
    merged = doubled + [t + odd_shift for t in doubled]
    merged.sort()  # two sorted runs: timsort merges them in linear time
    limit_positions = compress(count(), map(and_, merged, repeat(1)))
    return sum(limit_positions) - n * n
