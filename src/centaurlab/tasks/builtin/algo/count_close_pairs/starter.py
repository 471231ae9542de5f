def count_close_pairs(A: list[int], D: int) -> int:
    # Number of pairs i < j with |A[i] - A[j]| <= D.
    return 0
