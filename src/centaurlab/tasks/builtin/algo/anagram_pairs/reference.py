from collections import Counter


def anagram_pairs(words: list[str]) -> int:
    """Scrambles share the same sorted letters; a group of c such words gives c * (c - 1) / 2
    pairs."""
    groups = Counter("".join(sorted(word)) for word in words)
    return sum(c * (c - 1) // 2 for c in groups.values())
