import re


def is_bored(text: str) -> int:
    """Count the sentences of text whose first word is exactly "I".

    Sentences end at '.', '?' or '!'.
    """
    count = 0
    for sentence in re.split(r"[.?!]", text):
        words = sentence.split()
        if words and words[0] == "I":
            count += 1
    return count
