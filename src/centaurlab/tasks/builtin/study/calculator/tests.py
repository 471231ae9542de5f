from centaur_testlib import basic, close, corner, edge, eq
from solution import Calculator


@basic
def test_starts_at_zero_and_adds():
    calc = Calculator()
    eq(calc.current_number, 0, "initial value")
    eq(calc.add(5), 5, "add(5)")
    eq(calc.add(7), 12, "add(7)")
    eq(calc.current_number, 12, "current_number")


@basic
def test_four_operations():
    calc = Calculator()
    calc.add(10)
    eq(calc.subtract(4), 6, "subtract(4)")
    eq(calc.multiply(7), 42, "multiply(7)")
    close(calc.divide(8), 5.25, what="divide(8)")
    close(calc.current_number, 5.25, what="current_number")


@basic
def test_undo_last_operation():
    calc = Calculator()
    calc.add(10)
    calc.multiply(3)
    eq(calc.undo_last_operation(), 10, "first undo")
    eq(calc.undo_last_operation(), 0, "second undo")
    eq(calc.current_number, 0, "current_number")


@basic
def test_undo_last_k_operations():
    calc = Calculator()
    for step in (1, 2, 3, 4):
        calc.add(step)
    eq(calc.undo_last_k_operations(2), 3, "undo 2 of 4")
    eq(calc.add(100), 103, "add after undo")
    eq(calc.undo_last_k_operations(1), 3, "undo the add")


@edge
def test_divide_by_zero_is_ignored():
    calc = Calculator()
    calc.add(9)
    eq(calc.divide(0), 9, "divide(0)")
    eq(calc.divide(0.0), 9, "divide(0.0)")
    eq(calc.undo_last_operation(), 0, "undo after ignored divisions")


@edge
def test_invalid_arguments_are_ignored():
    calc = Calculator()
    calc.add(3)
    for bad in ("2", None, [1], True, False, 2j):
        eq(calc.add(bad), 3, f"add({bad!r})")
        eq(calc.subtract(bad), 3, f"subtract({bad!r})")
        eq(calc.multiply(bad), 3, f"multiply({bad!r})")
        eq(calc.divide(bad), 3, f"divide({bad!r})")
    eq(calc.current_number, 3, "current_number")


@edge
def test_non_finite_floats_are_ignored():
    calc = Calculator()
    calc.add(2)
    for bad in (float("nan"), float("inf"), float("-inf")):
        eq(calc.add(bad), 2, f"add({bad!r})")
        eq(calc.multiply(bad), 2, f"multiply({bad!r})")
        eq(calc.divide(bad), 2, f"divide({bad!r})")
    eq(calc.undo_last_operation(), 0, "undo")


@edge
def test_undo_with_empty_history():
    calc = Calculator()
    eq(calc.undo_last_operation(), 0, "undo on a new calculator")
    eq(calc.undo_last_k_operations(3), 0, "undo 3 on a new calculator")
    calc.add(4)
    eq(calc.undo_last_k_operations(0), 4, "undo 0")
    eq(calc.undo_last_k_operations(10), 0, "undo more than recorded")
    eq(calc.undo_last_operation(), 0, "undo once more")


@corner
def test_undo_multiply_by_zero_restores_value():
    calc = Calculator()
    calc.add(17)
    calc.multiply(0)
    eq(calc.current_number, 0, "after multiply(0)")
    eq(calc.undo_last_operation(), 17, "undo multiply(0)")


@corner
def test_undo_restores_exact_float_values():
    calc = Calculator()
    calc.add(0.1)
    calc.divide(3)
    calc.multiply(3)
    calc.add(1e16)
    calc.subtract(1e16)
    eq(calc.undo_last_k_operations(4), 0.1, "after undoing four operations")


@corner
def test_invalid_k_is_ignored():
    calc = Calculator()
    calc.add(1)
    calc.add(2)
    for bad in (-1, 1.0, "1", None, True):
        eq(calc.undo_last_k_operations(bad), 3, f"undo_last_k_operations({bad!r})")
    eq(calc.undo_last_k_operations(1), 1, "undo 1")


@corner
def test_ignored_operations_are_not_undone():
    calc = Calculator()
    calc.add(5)
    calc.divide(0)
    calc.multiply("x")
    calc.subtract(2)
    calc.add(None)
    eq(calc.undo_last_operation(), 5, "first undo")
    eq(calc.undo_last_operation(), 0, "second undo")


@corner
def test_calculators_are_independent():
    first, second = Calculator(), Calculator()
    first.add(8)
    eq(second.current_number, 0, "second calculator value")
    eq(second.undo_last_operation(), 0, "undo on the second calculator")
    eq(first.undo_last_operation(), 0, "undo on the first calculator")
    second.subtract(3)
    eq(first.current_number, 0, "first calculator value")
