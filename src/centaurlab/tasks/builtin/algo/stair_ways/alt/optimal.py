MOD = 1_000_000_007


def count_climbs(N: int, K: int, broken: list[int]) -> int:
    """total[i] is the number of ways to stand on any of the steps 0 .. i - 1. The ways to land
    on a sound step i are the ways to stand on one of steps i - K .. i - 1, which is a
    difference of two of these running totals."""
    sound = [True] * (N + 1)
    for step in broken:
        sound[step] = False
    total = [0] * (N + 2)
    total[1] = 1  # one way to stand on step 0
    here = 1
    for i in range(1, N + 1):
        if sound[i]:
            here = (total[i] - total[i - K if i > K else 0]) % MOD
        else:
            here = 0
        total[i + 1] = total[i] + here
    return here
