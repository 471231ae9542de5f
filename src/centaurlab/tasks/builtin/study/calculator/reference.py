import math


def _valid_number(a):
    return isinstance(a, (int, float)) and not isinstance(a, bool) and math.isfinite(a)


class Calculator:
    """A running number with add, subtract, multiply and divide, and undo."""

    def __init__(self):
        self.current_number = 0
        # the value of current_number before each valid operation, oldest first
        self.previous_operations = []

    def _apply(self, a, operation):
        if _valid_number(a):
            self.previous_operations.append(self.current_number)
            self.current_number = operation(self.current_number, a)
        return self.current_number

    def add(self, a):
        return self._apply(a, lambda x, y: x + y)

    def subtract(self, a):
        return self._apply(a, lambda x, y: x - y)

    def multiply(self, a):
        return self._apply(a, lambda x, y: x * y)

    def divide(self, a):
        if _valid_number(a) and a == 0:
            return self.current_number
        return self._apply(a, lambda x, y: x / y)

    def undo_last_operation(self):
        if self.previous_operations:
            self.current_number = self.previous_operations.pop()
        return self.current_number

    def undo_last_k_operations(self, k):
        if isinstance(k, int) and not isinstance(k, bool) and k >= 0:
            for _ in range(min(k, len(self.previous_operations))):
                self.undo_last_operation()
        return self.current_number
