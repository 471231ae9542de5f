def count_motif(text: str, motif: str) -> int:
    # Number of (possibly overlapping) occurrences of motif in text.
    return text.count(motif)
