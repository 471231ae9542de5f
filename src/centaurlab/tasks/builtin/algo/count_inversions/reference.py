def count_inversions(A: list[int]) -> int:
    """Merge sort; when an element of the right half is placed first, it is smaller than every
    element still waiting in the left half."""

    def sort_count(values: list[int]) -> tuple[list[int], int]:
        n = len(values)
        if n <= 1:
            return values, 0
        mid = n // 2
        left, inv_left = sort_count(values[:mid])
        right, inv_right = sort_count(values[mid:])
        merged: list[int] = []
        put = merged.append
        count = inv_left + inv_right
        n_left, n_right = len(left), len(right)
        i = j = 0
        while i < n_left and j < n_right:
            if left[i] <= right[j]:
                put(left[i])
                i += 1
            else:
                put(right[j])
                j += 1
                count += n_left - i
        merged.extend(left[i:])
        merged.extend(right[j:])
        return merged, count

    return sort_count(list(A))[1]
