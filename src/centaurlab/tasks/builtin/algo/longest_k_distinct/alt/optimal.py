from collections import defaultdict


def longest_with_k_kinds(A: list[int], K: int) -> int:
    """A window that never shrinks: it gains the next song at every step, and when it holds too
    many artists it slides instead of growing (it drops one song on the left). Its length is
    therefore always the best length found so far, and it ends as long as the answer."""
    inside: defaultdict[int, int] = defaultdict(int)
    left = 0
    for value in A:
        inside[value] += 1
        if len(inside) > K:
            old = A[left]
            left += 1
            if inside[old] == 1:
                del inside[old]
            else:
                inside[old] -= 1
    return len(A) - left
