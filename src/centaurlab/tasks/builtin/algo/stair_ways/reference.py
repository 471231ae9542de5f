MOD = 1_000_000_007


def count_climbs(N: int, K: int, broken: list[int]) -> int:
    """ways[i] = ways[i - 1] + ... + ways[i - K] for a sound step; the sum of the last K values
    is kept up to date as the window slides, instead of being recomputed."""
    bad = set(broken)
    ways = [0] * (N + 1)
    ways[0] = 1
    window = 1  # ways[i - K] + ... + ways[i - 1]
    for i in range(1, N + 1):
        ways[i] = 0 if i in bad else window
        window += ways[i]
        if i - K >= 0:
            window -= ways[i - K]
        window %= MOD
    return ways[N] % MOD
