def longest_mirror(S: str) -> int:
    """Manacher's algorithm on S with separators ('#a#b#...#'), so that odd and even
    palindromes are handled alike. radius[i] reuses the mirror position inside the rightmost
    palindrome found so far, which makes the total expansion work linear."""
    if not S:
        return 0
    t = "#" + "#".join(S) + "#"
    n = len(t)
    radius = [0] * n
    center = right = 0
    for i in range(n):
        r = min(radius[2 * center - i], right - i) if i < right else 0
        while i - r - 1 >= 0 and i + r + 1 < n and t[i - r - 1] == t[i + r + 1]:
            r += 1
        radius[i] = r
        if i + r > right:
            center, right = i, i + r
    return max(radius)
