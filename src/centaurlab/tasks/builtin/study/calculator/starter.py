class Calculator:
    """A running number with add, subtract, multiply and divide, and undo."""

    def __init__(self):
        self.current_number = 0
        self.previous_operations = []

    def add(self, a):
        self.current_number += a
        return self.current_number

    def subtract(self, a):
        self.current_number -= a
        return self.current_number

    def multiply(self, a):
        # TODO
        pass

    def divide(self, a):
        # TODO
        pass

    def undo_last_operation(self):
        # TODO
        pass

    def undo_last_k_operations(self, k):
        # TODO
        pass
