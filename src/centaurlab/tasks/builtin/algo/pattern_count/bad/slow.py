def count_motif(text: str, motif: str) -> int:
    count = 0
    for i in range(len(text) - len(motif) + 1):
        j = 0
        while j < len(motif) and text[i + j] == motif[j]:
            j += 1
        if j == len(motif):
            count += 1
    return count
