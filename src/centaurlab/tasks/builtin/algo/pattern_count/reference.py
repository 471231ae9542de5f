def count_motif(text: str, motif: str) -> int:
    """Knuth-Morris-Pratt: border[k] is the length of the longest proper prefix of motif[:k + 1]
    that is also its suffix; after a mismatch the match falls back along these borders instead
    of re-reading the text."""
    m = len(motif)
    border = [0] * m
    k = 0
    for i in range(1, m):
        while k and motif[i] != motif[k]:
            k = border[k - 1]
        if motif[i] == motif[k]:
            k += 1
        border[i] = k
    count = 0
    k = 0
    for ch in text:
        while k and ch != motif[k]:
            k = border[k - 1]
        if ch == motif[k]:
            k += 1
            if k == m:
                count += 1
                k = border[k - 1]
    return count
