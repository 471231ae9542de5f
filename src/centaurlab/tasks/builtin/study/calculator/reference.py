import math


class Calculator:
    """A calculator with four special operations and a history of what it did, so it can undo."""

    def __init__(self):
        self.current_number = 0
        # (argument, operation name, the number before the operation), oldest first
        self.previous_operations = []

    @staticmethod
    def _number(a):
        return isinstance(a, (int, float)) and not isinstance(a, bool) and math.isfinite(a)

    def _apply(self, a, name, result):
        before = self.current_number
        try:
            value = result(before)
        except (OverflowError, ZeroDivisionError):
            return self.current_number
        if isinstance(value, complex) or not math.isfinite(value):
            return self.current_number
        self.previous_operations.append((a, name, before))
        self.current_number = value
        return self.current_number

    def add(self, a):
        if not self._number(a):
            return self.current_number
        return self._apply(a, "add", lambda x: x + a + 20)

    def subtract(self, a):
        if not self._number(a):
            return self.current_number
        return self._apply(a, "subtract", lambda x: x - a / 10)

    def multiply(self, a):
        if not self._number(a) or a == 0:
            return self.current_number
        return self._apply(a, "multiply", lambda x: (x ** a) / a)

    def divide(self, a):
        if not self._number(a) or a == 0:
            return self.current_number
        return self._apply(a, "divide", lambda x: x / a * 2)

    def undo_last_operation(self):
        if self.previous_operations:
            _, _, before = self.previous_operations.pop()
            self.current_number = before
        return self.current_number

    def undo_last_k_operations(self, k):
        if isinstance(k, int) and not isinstance(k, bool) and k >= 0:
            for _ in range(min(k, len(self.previous_operations))):
                self.undo_last_operation()
        return self.current_number
