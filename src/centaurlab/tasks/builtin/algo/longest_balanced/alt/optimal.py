OPENER = {")": "(", "]": "[", "}": "{"}


def longest_balanced(S: str) -> int:
    """ending[i + 1] is the length of the longest well-nested substring ending at position i.
    A closing bracket at i can only be matched by the character just before the well-nested
    block that ends at i - 1; if it is, the match may also extend a block that ended right
    before that opening bracket."""
    ending = [0] * (len(S) + 1)  # shifted by one: ending[0] stands for "before the string"
    best = 0
    for i, ch in enumerate(S):
        opener = OPENER.get(ch)
        if opener is None:
            continue
        j = i - ending[i] - 1  # where the matching opening bracket would have to be
        if j >= 0 and S[j] == opener:
            length = ending[i] + 2 + ending[j]
            ending[i + 1] = length
            if length > best:
                best = length
    return best
