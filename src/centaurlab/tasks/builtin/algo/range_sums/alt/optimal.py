def range_sums(A: list[int], queries: list[tuple[int, int]]) -> list[int]:
    """Running totals: upto[i] is the sum of A[0] .. A[i] inclusive, built in one loop, and a
    trailing 0 stands for the empty sum, so that upto[-1] = 0. The sum of A[l] .. A[r] is then
    upto[r] - upto[l - 1], also for l = 0."""
    upto = []
    running = 0
    for value in A:
        running += value
        upto.append(running)
    upto.append(0)
    return [upto[hi] - upto[lo - 1] for lo, hi in queries]
