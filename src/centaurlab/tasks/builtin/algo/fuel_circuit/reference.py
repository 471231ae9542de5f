def first_full_lap(charge: list[int], drain: list[int]) -> int:
    """If the battery runs flat on the way from `start` to depot i, no depot between them works
    either, so the next candidate is i + 1. A full lap is possible iff the totals balance."""
    total = 0
    tank = 0
    start = 0
    for i, (gain, loss) in enumerate(zip(charge, drain, strict=True)):
        total += gain - loss
        tank += gain - loss
        if tank < 0:
            start = i + 1
            tank = 0
    return start if total >= 0 else -1
