def count_divisible(A: list[int], K: int) -> int:
    # Count the segments A[i..j] whose total is a multiple of K.
    return 0
