def count_divisible(A: list[int], K: int) -> int:
    """Two prefix sums with the same remainder modulo K bound a segment divisible by K."""
    seen = {0: 1}
    remainder = 0
    count = 0
    for value in A:
        remainder = (remainder + value) % K
        same = seen.get(remainder, 0)
        count += same
        seen[remainder] = same + 1
    return count
