def anagram_pairs(words: list[str]) -> int:
    """Count pairs as they appear: a word forms a new pair with every earlier word that has the
    same multiset of letters, identified by its letters in sorted order."""
    seen: dict[tuple[str, ...], int] = {}
    pairs = 0
    for word in words:
        key = tuple(sorted(word))
        earlier = seen.get(key, 0)
        pairs += earlier
        seen[key] = earlier + 1
    return pairs
