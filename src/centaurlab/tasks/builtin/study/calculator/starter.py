class Calculator:
    """A calculator with four special operations and a history of what it did, so it can undo."""

    def __init__(self):
        # the running number
        self.current_number = 0
        # the operations done so far, oldest first
        self.previous_operations = []

    def add(self, a):
        # the special operation itself is right: keep the formula
        self.previous_operations.append((a, "add"))
        self.current_number += a + 20
        return self.current_number

    def subtract(self, a):
        # the special operation itself is right: keep the formula
        self.previous_operations.append((a, "subtract"))
        self.current_number = self.current_number - a / 10
        return self.current_number

    def multiply(self, a):
        # the special operation itself is right: keep the formula
        self.previous_operations.append((a, "multiply"))
        self.current_number = (self.current_number ** a) / a
        return self.current_number

    def divide(self, a):
        # the special operation itself is right: keep the formula
        self.previous_operations.append((a, "divide"))
        self.current_number = self.current_number / a * 2
        return self.current_number

    def undo_last_operation(self):
        # fix this method
        last_operation = self.previous_operations.pop()
        return self.current_number

    def undo_last_k_operations(self, k):
        # fix this method
        for _ in range(k):
            self.undo_last_operation()
        return self.current_number


if __name__ == "__main__":
    calc = Calculator()
    calc.add(5)
    calc.multiply(2)
    print(calc.current_number, calc.undo_last_operation())
