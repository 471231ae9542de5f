def range_sums(A: list[int], queries: list[tuple[int, int]]) -> list[int]:
    answers = []
    for lo, hi in queries:
        total = 0
        for i in range(lo, hi + 1):
            total += A[i]
        answers.append(total)
    return answers
