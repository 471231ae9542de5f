MOD = 1_000_000_007


def count_climbs(N: int, K: int, broken: list[int]) -> int:
    bad = set(broken)
    ways = [0] * (N + 1)
    ways[0] = 1
    for i in range(1, N + 1):
        if i in bad:
            continue
        total = 0
        for stride in range(1, K + 1):
            if i - stride < 0:
                break
            total += ways[i - stride]
        ways[i] = total % MOD
    return ways[N]
