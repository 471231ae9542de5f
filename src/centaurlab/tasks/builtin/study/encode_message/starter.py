def encode(message: str) -> str:
    """Swap the case of every letter, then replace each vowel with the letter two places
    later in the alphabet (keeping its new case). Other characters are unchanged."""
    # Write your code here.
    pass
