def days_until_warmer(T: list[int]) -> list[int]:
    """Monotonic stack of days still waiting for a warmer day (their temperatures never increase
    from bottom to top); a warmer day answers every cooler day on top of the stack."""
    wait = [0] * len(T)
    pending: list[int] = []
    for day, temp in enumerate(T):
        while pending and T[pending[-1]] < temp:
            earlier = pending.pop()
            wait[earlier] = day - earlier
        pending.append(day)
    return wait
