import random

from centaur_testlib import Perf

N = 200_000
MATCH = {")": "(", "]": "[", "}": "{"}


def _oracle(S):
    """best[i]: length of the longest well-nested substring ending at position i."""
    best = [0] * len(S)
    for i in range(1, len(S)):
        ch = S[i]
        if ch in MATCH:
            j = i - best[i - 1] - 1
            if j >= 0 and S[j] == MATCH[ch]:
                best[i] = best[i - 1] + 2 + (best[j - 1] if j > 0 else 0)
    return max(best, default=0)


def _random_nested(rng, n):
    """A random well-nested string of length n (n even)."""
    out, stack = [], []
    while len(out) + len(stack) < n:
        if stack and (rng.random() < 0.5 or len(out) + 2 * len(stack) >= n):
            out.append(")]}"["([{".index(stack.pop())])
        else:
            ch = rng.choice("([{")
            stack.append(ch)
            out.append(ch)
    while stack:
        out.append(")]}"["([{".index(stack.pop())])
    return "".join(out)


def perf_noisy_blocks():
    """N ~ 200,000: well-nested blocks separated by stray brackets"""
    rng = random.Random(141)
    parts = []
    size = 0
    while size < N:
        block = _random_nested(rng, 2 * rng.randint(1, 2000))
        parts.append(block)
        parts.append(rng.choice(")]}(["))
        size += len(block) + 1
    S = "".join(parts)
    return Perf(args=(S,), expected=_oracle(S))


def perf_all_balanced():
    """N = 200,000: one random well-nested string"""
    rng = random.Random(142)
    return Perf(args=(_random_nested(rng, N),), expected=N)


def perf_flat_pairs():
    """N = 200,000: '()' repeated, then one stray opening bracket in the middle"""
    half = "()" * (N // 4)
    return Perf(args=(half + "(" + half,), expected=N // 2)
