MATCH = {")": "(", "]": "[", "}": "{"}


def longest_balanced(S: str) -> int:
    best = 0
    for start in range(len(S)):
        opened = []
        for end in range(start, len(S)):
            ch = S[end]
            if ch not in MATCH:
                opened.append(ch)
            elif opened and opened[-1] == MATCH[ch]:
                opened.pop()
                if not opened:
                    best = max(best, end - start + 1)
            else:
                break
    return best
