def _smallest_period(motif: str) -> int:
    """Smallest p > 0 with motif[p:] == motif[:-p] (len(motif) if there is none), from the
    Z-function of the motif: p is a period when the prefix copied at p runs to the end."""
    m = len(motif)
    z = [0] * m
    lo = hi = 0
    for p in range(1, m):
        k = 0
        if p < hi:
            k = min(z[p - lo], hi - p)
        while p + k < m and motif[k] == motif[p + k]:
            k += 1
        if p + k == m:
            return p
        z[p] = k
        if p + k > hi:
            lo, hi = p, p + k
    return m


def count_motif(text: str, motif: str) -> int:
    """Let str.find locate an occurrence, then walk along the run of overlapping occurrences
    that follows it: with p the motif's smallest period, there is another occurrence p letters
    later exactly when the text continues with the motif's last p letters. No two occurrences
    are closer than p, so once the run breaks the search resumes just after its last
    occurrence. Every letter is compared a bounded number of times (str.find is linear)."""
    m = len(motif)
    if m > len(text):
        return 0
    period = _smallest_period(motif)
    tail = motif[m - period:]
    extends = text.startswith
    count = 0
    found = text.find(motif)
    while found >= 0:
        end = found + m
        count += 1
        while extends(tail, end):
            count += 1
            end += period
        found = text.find(motif, end - m + 1)
    return count
