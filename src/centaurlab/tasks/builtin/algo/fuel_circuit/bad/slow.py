def first_full_lap(charge: list[int], drain: list[int]) -> int:
    n = len(charge)
    for start in range(n):
        tank = 0
        ok = True
        for step in range(n):
            i = (start + step) % n
            tank += charge[i] - drain[i]
            if tank < 0:
                ok = False
                break
        if ok:
            return start
    return -1
