def _radii(S: str, even: bool) -> int:
    """Manacher's scan for one parity, directly on S. For odd mirrors, rad[i] is how many
    letters the mirror centred on i reaches on each side; for even ones, how many letters each
    half has when the centre lies just before i. [lo, hi] is the rightmost mirror found so far,
    and a centre inside it starts from the radius of its reflection."""
    n = len(S)
    shift = 1 if even else 0
    rad = [0] * n
    lo, hi = 0, -1
    best = 0
    for i in range(n):
        k = 0 if i > hi else min(rad[lo + hi - i + shift], hi - i + 1)
        if even:
            while i - k - 1 >= 0 and i + k < n and S[i - k - 1] == S[i + k]:
                k += 1
        else:
            k = k or 1
            while i - k >= 0 and i + k < n and S[i - k] == S[i + k]:
                k += 1
        rad[i] = k
        if even:
            if i + k - 1 > hi:
                lo, hi = i - k, i + k - 1
            length = 2 * k
        else:
            if i + k - 1 > hi:
                lo, hi = i - k + 1, i + k - 1
            length = 2 * k - 1
        if length > best:
            best = length
    return best


def longest_mirror(S: str) -> int:
    """Longest palindrome: the better of the longest odd and the longest even one."""
    return max(_radii(S, False), _radii(S, True))
