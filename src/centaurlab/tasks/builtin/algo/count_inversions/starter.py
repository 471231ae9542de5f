def count_inversions(A: list[int]) -> int:
    # Number of pairs i < j with A[i] > A[j].
    return 0
