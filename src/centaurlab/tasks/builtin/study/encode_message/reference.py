SHIFT = {v: chr(ord(v) + 2) for v in "aeiouAEIOU"}


def encode(message: str) -> str:
    """Swap the case of every letter, then replace each vowel with the letter two places
    later in the alphabet (keeping its new case). Other characters are unchanged."""
    swapped = message.swapcase()
    return "".join(SHIFT.get(ch, ch) for ch in swapped)
