def largest_billboard(H: list[int]) -> int:
    """The best billboard as high as building i spans from just after the nearest lower
    building on its left to just before the nearest lower building on its right. Both
    neighbours are found with one pass each over a stack of candidate positions."""
    n = len(H)
    left = [-1] * n  # nearest position to the left with a lower building, or -1
    stack: list[int] = []
    for i in range(n):
        h = H[i]
        while stack and H[stack[-1]] >= h:
            stack.pop()
        if stack:
            left[i] = stack[-1]
        stack.append(i)
    right = [n] * n  # nearest position to the right with a lower building, or n
    stack = []
    for i in range(n - 1, -1, -1):
        h = H[i]
        while stack and H[stack[-1]] >= h:
            stack.pop()
        if stack:
            right[i] = stack[-1]
        stack.append(i)
    return max((H[i] * (right[i] - left[i] - 1) for i in range(n)), default=0)
