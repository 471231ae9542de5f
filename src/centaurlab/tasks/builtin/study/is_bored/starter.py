def is_bored(text: str) -> int:
    """Count the sentences of text whose first word is exactly "I".

    Sentences end at '.', '?' or '!'.
    """
    # Write your code here.
    pass
