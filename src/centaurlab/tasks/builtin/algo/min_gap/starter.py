def min_gap(A: list[int]) -> int:
    # Smallest |A[i] - A[j]| over two different positions.
    return abs(A[0] - A[1])
