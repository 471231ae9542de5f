import random

from centaur_testlib import Perf

N = 100_000
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def _oracle(words):
    """Group by the tuple of letter counts instead of the sorted letters."""
    groups = {}
    for word in words:
        counts = [0] * 26
        for ch in word:
            counts[ord(ch) - 97] += 1
        key = tuple(counts)
        groups[key] = groups.get(key, 0) + 1
    return sum(c * (c - 1) // 2 for c in groups.values())


def perf_small_alphabet():
    """N = 100,000 words of 6 letters from 'abc': big groups"""
    rng = random.Random(261)
    words = ["".join(rng.choice("abc") for _ in range(6)) for _ in range(N)]
    return Perf(args=(words,), expected=_oracle(words))


def perf_long_random_words():
    """N = 100,000 random words of 10 to 20 letters: almost no pairs"""
    rng = random.Random(262)
    words = ["".join(rng.choice(LETTERS) for _ in range(rng.randint(10, 20))) for _ in range(N)]
    return Perf(args=(words,), expected=_oracle(words))


def perf_shuffles_of_few_words():
    """N = 100,000 shuffles of 50 base words"""
    rng = random.Random(263)
    base = ["".join(rng.choice(LETTERS) for _ in range(12)) for _ in range(50)]
    words = []
    for k in range(N):
        letters = list(base[k % 50])
        rng.shuffle(letters)
        words.append("".join(letters))
    distinct = len({"".join(sorted(b)) for b in base})
    assert distinct == 50
    return Perf(args=(words,), expected=50 * (2000 * 1999 // 2))
