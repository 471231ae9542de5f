from centaur_testlib import basic, close, corner, edge, eq
from solution import Calculator


@basic
def test_the_special_operations():
    calc = Calculator()
    eq(calc.current_number, 0, "initial value")
    eq(calc.add(5), 25, "add(5): 0 + 5 + 20")
    close(calc.subtract(10), 24.0, what="subtract(10): 25 - 10 / 10")
    close(calc.multiply(2), 288.0, what="multiply(2): 24 ** 2 / 2")
    close(calc.divide(4), 144.0, what="divide(4): 288 / 4 * 2")


@basic
def test_undo_last_operation_restores_the_value_before():
    calc = Calculator()
    calc.add(5)
    calc.multiply(2)
    eq(calc.undo_last_operation(), 25, "first undo")
    eq(calc.undo_last_operation(), 0, "second undo")
    eq(calc.undo_last_operation(), 0, "nothing left to undo")


@basic
def test_undo_last_k_operations():
    calc = Calculator()
    for step in (1, 2, 3):
        calc.add(step)
    eq(calc.undo_last_k_operations(2), 21, "undo 2 of 3")
    eq(calc.add(0), 41, "add after undo")
    eq(calc.undo_last_k_operations(10), 0, "undo more than there is")


@edge
def test_division_and_multiplication_by_zero_are_ignored():
    calc = Calculator()
    calc.add(1)
    eq(calc.divide(0), 21, "divide(0)")
    eq(calc.multiply(0), 21, "multiply(0)")
    eq(calc.undo_last_operation(), 0, "the ignored operations are not undone")


@edge
def test_arguments_that_are_not_numbers_are_ignored():
    calc = Calculator()
    calc.add(2)
    for bad in ("3", None, True, [1], float("nan"), float("inf")):
        eq(calc.add(bad), 22, f"add({bad!r})")
        eq(calc.subtract(bad), 22, f"subtract({bad!r})")
    eq(len(calc.previous_operations), 1, "operations remembered")


@edge
def test_undo_after_an_ignored_operation():
    calc = Calculator()
    calc.add(1)
    calc.subtract(10)
    calc.divide("x")
    eq(calc.undo_last_operation(), 21, "undo skips nothing but the ignored call")


@corner
def test_exact_restore_after_a_lossy_multiply():
    calc = Calculator()
    calc.add(-17)  # 3
    calc.multiply(0.5)  # sqrt(3) / 0.5
    eq(calc.undo_last_operation(), 3, "exact value before")


@corner
def test_results_that_are_not_finite_reals_are_ignored():
    calc = Calculator()
    calc.add(-30)  # -10
    eq(calc.multiply(0.5), -10, "negative number to a fractional power")
    calc.add(1e300)
    before = calc.current_number
    eq(calc.multiply(3), before, "overflow")
    eq(calc.undo_last_k_operations(5), 0, "undo all")


@corner
def test_bad_k_is_ignored():
    calc = Calculator()
    calc.add(1)
    for bad in (-1, 1.5, True, "2", None):
        eq(calc.undo_last_k_operations(bad), 21, f"undo_last_k_operations({bad!r})")
    eq(calc.undo_last_k_operations(0), 21, "k = 0")
