MATCH = {")": "(", "]": "[", "}": "{"}


def longest_balanced(S: str) -> int:
    """Stack of the positions of unmatched opening brackets above a barrier: the position just
    before the current candidate stretch. A closing bracket that does not match the top cannot be
    inside any well-nested substring, so it becomes the new barrier."""
    stack = [-1]
    best = 0
    for i, ch in enumerate(S):
        if ch not in MATCH:
            stack.append(i)
        elif len(stack) > 1 and S[stack[-1]] == MATCH[ch]:
            stack.pop()
            best = max(best, i - stack[-1])
        else:
            stack = [i]
    return best
