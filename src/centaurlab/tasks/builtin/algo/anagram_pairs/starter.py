def anagram_pairs(words: list[str]) -> int:
    # Number of pairs i < j where words[i] is a reordering of words[j].
    return len(words) - len(set(words))
