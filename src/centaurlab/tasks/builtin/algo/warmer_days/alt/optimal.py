def days_until_warmer(T: list[int]) -> list[int]:
    """Right to left, keeping a stack of the days that could still be somebody's next warmer
    day: each is warmer than every day above it. A day throws off the stack every later day
    that is not warmer than itself (they are hidden behind it for all earlier days); the top
    that remains, if any, is its answer."""
    n = len(T)
    wait = [0] * n
    candidates: list[int] = []
    for day in range(n - 1, -1, -1):
        temp = T[day]
        while candidates and T[candidates[-1]] <= temp:
            candidates.pop()
        if candidates:
            wait[day] = candidates[-1] - day
        candidates.append(day)
    return wait
