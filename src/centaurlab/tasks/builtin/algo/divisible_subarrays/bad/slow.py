def count_divisible(A: list[int], K: int) -> int:
    count = 0
    for i in range(len(A)):
        total = 0
        for j in range(i, len(A)):
            total += A[j]
            if total % K == 0:
                count += 1
    return count
