def longest_with_k_kinds(A: list[int], K: int) -> int:
    best = 0
    for start in range(len(A)):
        kinds = set()
        end = start
        while end < len(A):
            kinds.add(A[end])
            if len(kinds) > K:
                break
            end += 1
        best = max(best, end - start)
    return best
