"""Code-health analysis: every category fires on code built for it and stays quiet on a clean
equivalent; thresholds, rule selection, scoring and failure handling behave as documented."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from textwrap import dedent

import pytest

from centaurlab.grading.quality import (
    MODULE,
    Category,
    Finding,
    QualityReport,
    SourceContext,
    Thresholds,
    analyse_quality,
    list_rules,
    not_rated,
    quality_rule,
    select_rules,
)
from centaurlab.grading.quality._registry import unregister_rule
from centaurlab.grading.quality._scoring import score_findings


def src(text: str) -> str:
    return dedent(text).lstrip("\n")


def findings_in(source: str, category: Category, **limits: int | float) -> list[Finding]:
    report = analyse_quality(source, Thresholds(**limits) if limits else None)
    return [f for f in report.findings if f.category is category]


# --- one (bad, clean) pair per category -------------------------------------------------------

COMPLEX = src("""
    def classify(n, unit):
        if n < 0:
            return "negative"
        elif n == 0:
            return "zero"
        elif n < 10 and unit:
            return "small"
        elif n < 100:
            return "medium"
        elif n < 1000:
            return "large"
        for digit in str(n):
            if digit == "7":
                return "lucky"
        while n > 10**6:
            n //= 10
        return "huge" if n > 10**5 else "big"
""")
SIMPLE = src("""
    LIMITS = [(0, "zero"), (10, "small"), (100, "medium"), (1000, "large")]


    def classify(n):
        if n < 0:
            return "negative"
        return next((name for limit, name in LIMITS if n <= limit), "huge")
""")

LONG = "def long_function(x):\n" + "".join(f"    x = x + {i}\n" for i in range(75)) + "    return x\n"
SHORT_BUT_DOCUMENTED = (
    'def documented(x):\n    """'
    + "Explained at length.\n" * 30
    + '    """\n'
    + "".join(f"    # step {i}\n    x = x + {i}\n" for i in range(60))
    + "    return x\n"
)

DEEP = src("""
    def deep(grid):
        total = 0
        for row in grid:
            for cell in row:
                if cell > 0:
                    while cell > 10:
                        cell -= 10
                    total += cell
        return total
""")
SHALLOW = src("""
    def _folded(cell):
        return cell if cell <= 10 else (cell - 1) % 10 + 1


    def shallow(grid):
        total = 0
        for row in grid:
            for cell in row:
                if cell > 0:
                    total += _folded(cell)
        return total
""")
ELIF_CHAIN = src("""
    def grade(scores):
        out = []
        for s in scores:
            if s > 90:
                out.append("A")
            elif s > 80:
                out.append("B")
            elif s > 70:
                out.append("C")
            elif s > 60:
                out.append("D")
            else:
                out.append("F")
        return out
""")

BUMPY = src("""
    def summary(orders):
        paid = 0
        for order in orders:
            if order.paid:
                paid += order.total
        late = []
        for order in orders:
            if order.late:
                late.append(order.id)
        return paid, late
""")
SMOOTH = src("""
    def summary(orders):
        paid = sum(order.total for order in orders if order.paid)
        late = [order.id for order in orders if order.late]
        return paid, late
""")

CONDITIONAL = src("""
    def eligible(age, member, banned):
        if age >= 18 and member or not banned:
            return True
        return False
""")
SIMPLE_CONDITIONAL = src("""
    def eligible(age, member, banned):
        adult_member = age >= 18 and member
        return adult_member or not banned
""")

GLOBAL_MODULE = src("""
    import os

    DEBUG = os.environ.get("DEBUG")
    if DEBUG:
        LEVEL = 10
    else:
        LEVEL = 20


    def level():
        return LEVEL
""")
GLOBAL_STATE = src("""
    calls = 0
    cache = {}


    def fib(n):
        global calls
        calls += 1
        if n in cache:
            return cache[n]
        cache[n] = n if n < 2 else fib(n - 1) + fib(n - 2)
        return cache[n]
""")
NO_GLOBALS = src("""
    from functools import cache

    VOWELS = frozenset("aeiou")


    @cache
    def fib(n):
        return n if n < 2 else fib(n - 1) + fib(n - 2)


    def vowels(text):
        return sum(1 for c in text if c in VOWELS)


    if __name__ == "__main__":
        print(fib(30))
""")

MANY_ARGS = src("""
    def area(x, y, width, height, scale):
        return width * height * scale


    class Box:
        def __init__(self, x, y, width, height, depth, colour):
            self.size = (x, y, width, height, depth, colour)
""")
FEW_ARGS = src("""
    def area(width, height, scale=1, *, rounded=False):
        return width * height * scale


    class Box:
        def __init__(self, x, y, width, height, depth):
            self.size = (x, y, width, height, depth)

        def moved(self, dx, dy, dz, label):
            return (dx, dy, dz, label)

        @classmethod
        def cube(cls, x, y, side, label):
            return cls(x, y, side, side, side)
""")

BRANCHY_FILE = src("""
    def sign(x):
        if x > 0:
            return 1
        if x < 0:
            return -1
        if x == 0:
            return 0
        for _ in range(3):
            pass
        return 0


    def clamp(x, low, high):
        if x < low:
            return low
        if x > high:
            return high
        if x == high:
            return x
        while x > 100:
            x -= 1
        return x
""")
FLAT_FILE = src("""
    def sign(x):
        return (x > 0) - (x < 0)


    def clamp(x, low, high):
        return max(low, min(x, high))
""")

DUPLICATED = src("""
    def report(sales, refunds):
        sales_total = 0
        for entry in sales:
            if entry.amount > 0:
                sales_total += entry.amount * entry.rate
            else:
                sales_total -= entry.fee
        refund_total = 0
        for item in refunds:
            if item.amount > 0:
                refund_total += item.amount * item.rate
            else:
                refund_total -= item.fee
        return sales_total - refund_total
""")
NOT_DUPLICATED = src("""
    def _net(entries):
        total = 0
        for entry in entries:
            if entry.amount > 0:
                total += entry.amount * entry.rate
            else:
                total -= entry.fee
        return total


    def report(sales, refunds):
        return _net(sales) - _net(refunds)
""")
DUPLICATED_FUNCTIONS = src("""
    def even_score(xs):
        result = 0
        for x in xs:
            if x % 2 == 0:
                result += x * x
            else:
                result -= 1
        return result


    def odd_score(values):
        acc = 0
        for v in values:
            if v % 2 == 1:
                acc += v * v
            else:
                acc -= 1
        return acc
""")

PAIRS = [
    (Category.COMPLEX_METHOD, COMPLEX, SIMPLE),
    (Category.LARGE_METHOD, LONG, SHORT_BUT_DOCUMENTED),
    (Category.DEEP_NESTING, DEEP, SHALLOW),
    (Category.BUMPY_ROAD, BUMPY, SMOOTH),
    (Category.COMPLEX_CONDITIONAL, CONDITIONAL, SIMPLE_CONDITIONAL),
    (Category.GLOBAL_CONDITIONS, GLOBAL_MODULE, NO_GLOBALS),
    (Category.GLOBAL_CONDITIONS, GLOBAL_STATE, NO_GLOBALS),
    (Category.EXCESS_ARGUMENTS, MANY_ARGS, FEW_ARGS),
    (Category.OVERALL_COMPLEXITY, BRANCHY_FILE, FLAT_FILE),
    (Category.DUPLICATION, DUPLICATED, NOT_DUPLICATED),
    (Category.DUPLICATION, DUPLICATED_FUNCTIONS, NOT_DUPLICATED),
]


@pytest.mark.parametrize(("category", "bad", "clean"), PAIRS, ids=lambda v: getattr(v, "name", ""))
def test_category_fires_on_bad_code_and_not_on_clean_code(category: Category, bad: str, clean: str) -> None:
    assert findings_in(bad, category), f"{category.value} not reported"
    assert not findings_in(clean, category), f"{category.value} reported on clean code"
    assert analyse_quality(clean).score_10 > analyse_quality(bad).score_10


def test_every_codescene_category_has_a_rule() -> None:
    covered = {rule.category for rule in list_rules()}
    assert covered == set(Category) - {Category.SYNTAX_ERROR}


# --- what the findings say ----------------------------------------------------------------------


def test_complex_method_names_function_lines_and_why() -> None:
    (finding,) = findings_in(COMPLEX, Category.COMPLEX_METHOD)
    assert finding.function == "classify"
    assert (finding.start_line, finding.end_line) == (1, 17)
    assert finding.message == "cyclomatic complexity 11 > 9"
    assert finding.rule == "complex-method"


def test_large_method_counts_code_lines_only() -> None:
    (finding,) = findings_in(LONG, Category.LARGE_METHOD)
    assert finding.message == "77 lines of code > 70"


def test_nesting_reports_depth_and_ignores_elif_chains() -> None:
    (finding,) = findings_in(DEEP, Category.DEEP_NESTING)
    assert finding.value == 4 and "line 6" in finding.message
    assert not findings_in(ELIF_CHAIN, Category.DEEP_NESTING, nesting_depth=3)
    assert findings_in(ELIF_CHAIN, Category.DEEP_NESTING, nesting_depth=2)


def test_bumpy_road_lists_the_bumps() -> None:
    (finding,) = findings_in(BUMPY, Category.BUMPY_ROAD)
    assert finding.related == ((3, 5), (7, 9))
    assert finding.value == 2


def test_global_conditions_name_the_state_and_the_module_level_logic() -> None:
    (module,) = findings_in(GLOBAL_MODULE, Category.GLOBAL_CONDITIONS)
    assert module.function == MODULE and (module.start_line, module.end_line) == (4, 7)
    (state,) = findings_in(GLOBAL_STATE, Category.GLOBAL_CONDITIONS)
    assert state.function == "fib" and "(cache)" in state.message


def test_arguments_exclude_self_and_allow_one_more_for_constructors() -> None:
    found = findings_in(MANY_ARGS, Category.EXCESS_ARGUMENTS)
    assert [(f.function, f.message) for f in found] == [
        ("area", "5 arguments > 4"),
        ("Box.__init__", "6 arguments > 5 (constructor)"),
    ]


def test_duplication_points_at_both_copies() -> None:
    (finding,) = findings_in(DUPLICATED, Category.DUPLICATION)
    assert (finding.start_line, finding.end_line) == (8, 13)
    assert finding.related == ((2, 7),)
    (whole,) = findings_in(DUPLICATED_FUNCTIONS, Category.DUPLICATION)
    assert whole.function == "odd_score" and whole.related == ((1, 8),)


def test_nested_functions_are_judged_on_their_own() -> None:
    source = src("""
        def outer(items):
            def keep(x):
                if x and x.ok or x.forced:
                    return True
                return False
            return [i for i in items if keep(i)]
    """)
    (finding,) = findings_in(source, Category.COMPLEX_CONDITIONAL)
    assert finding.function == "outer.keep"


# --- thresholds ---------------------------------------------------------------------------------


def test_defaults_are_codescenes() -> None:
    t = Thresholds()
    assert (t.method_complexity, t.method_lines, t.nesting_depth) == (9, 70, 4)
    assert (t.bump_depth, t.bumps, t.conditional_operators) == (2, 2, 2)
    assert (t.function_arguments, t.constructor_arguments, t.file_mean_complexity) == (4, 5, 4)


def test_thresholds_are_configurable() -> None:
    assert not findings_in(COMPLEX, Category.COMPLEX_METHOD, method_complexity=12)
    assert findings_in(SIMPLE, Category.COMPLEX_METHOD, method_complexity=1)
    assert findings_in(SHALLOW, Category.DEEP_NESTING, nesting_depth=3)
    assert not findings_in(LONG, Category.LARGE_METHOD, method_lines=100)
    assert findings_in(FEW_ARGS, Category.EXCESS_ARGUMENTS, function_arguments=2)
    assert not findings_in(BUMPY, Category.BUMPY_ROAD, bumps=3)
    assert not findings_in(CONDITIONAL, Category.COMPLEX_CONDITIONAL, conditional_operators=3)
    assert not findings_in(BRANCHY_FILE, Category.OVERALL_COMPLEXITY, file_mean_complexity=6)
    assert not findings_in(DUPLICATED, Category.DUPLICATION, duplication_lines=8)


def test_thresholds_from_config_reject_unknown_and_invalid_values() -> None:
    assert Thresholds.from_mapping({"method_lines": 50}).method_lines == 50
    with pytest.raises(ValueError, match="unknown quality threshold.*method_lenght"):
        Thresholds.from_mapping({"method_lenght": 50})
    with pytest.raises(ValueError, match="must be positive"):
        Thresholds(nesting_depth=0)
    with pytest.raises(TypeError, match="must be a number"):
        Thresholds(bumps="2")  # type: ignore[arg-type]


# --- rules as named components ------------------------------------------------------------------


def test_rules_can_be_listed_enabled_and_disabled_by_name() -> None:
    names = [rule.name for rule in list_rules()]
    assert len(names) == len(set(names)) >= 9
    assert "complex-method" in names and "duplication" in names
    report = analyse_quality(COMPLEX, disable=["complex-method"])
    assert Category.COMPLEX_METHOD not in report.categories
    assert "complex-method" not in report.rules
    only = analyse_quality(COMPLEX, rules=["complex-method"])
    assert only.categories == {Category.COMPLEX_METHOD} and only.rules == ("complex-method",)


def test_unknown_rule_names_are_an_error() -> None:
    with pytest.raises(ValueError, match="unknown quality rule 'complex-methd'"):
        analyse_quality(SIMPLE, disable=["complex-methd"])


def test_a_registered_rule_runs_when_selected() -> None:
    @quality_rule("test-no-print", category=Category.COMPLEX_METHOD, enabled_by_default=False)
    def no_print(ctx: SourceContext) -> Iterator[Finding]:
        """Flags every print call."""
        for fn in ctx.functions:
            if "print(" in ctx.source:
                yield Finding(Category.COMPLEX_METHOD, "test-no-print", fn.qualname, 1, 1, "print", 1, 1)

    try:
        assert "test-no-print" not in [r.name for r in select_rules()]
        code = "def f():\n    print(1)\n"
        assert not analyse_quality(code).findings
        assert analyse_quality(code, rules=["test-no-print"]).findings[0].message == "print"
        with pytest.raises(ValueError, match="already registered"):
            quality_rule("test-no-print", category=Category.COMPLEX_METHOD)(no_print)
    finally:
        unregister_rule("test-no-print")


# --- score --------------------------------------------------------------------------------------

TANGLED_SOLUTION = src("""
    seen = {}
    count = 0


    def longest_k_distinct(A, k):
        global count
        best = 0
        if k == 0 or len(A) == 0 or A is None:
            return 0
        left = 0
        for right in range(len(A)):
            if A[right] in seen:
                seen[A[right]] = seen[A[right]] + 1
            else:
                seen[A[right]] = 1
            if len(seen) > k:
                while len(seen) > k:
                    if seen[A[left]] == 1:
                        del seen[A[left]]
                    else:
                        if seen[A[left]] > 1:
                            seen[A[left]] = seen[A[left]] - 1
                    left += 1
            if right - left + 1 > best:
                best = right - left + 1
        count += 1
        if count > 0:
            for key in list(seen):
                if key is not None:
                    if seen[key] >= 0:
                        del seen[key]
        return best
""")
CLEAN_SOLUTION = src('''
    from collections import Counter


    def longest_k_distinct(A: list[int], k: int) -> int:
        """Sliding window: grow on the right, shrink on the left while over k values."""
        counts: Counter[int] = Counter()
        best = left = 0
        for right, value in enumerate(A):
            counts[value] += 1
            while len(counts) > k:
                counts[A[left]] -= 1
                if counts[A[left]] == 0:
                    del counts[A[left]]
                left += 1
            best = max(best, right - left + 1)
        return best
''')


def test_tangled_but_correct_solution_scores_lower_than_clean_one() -> None:
    namespace: dict[str, object] = {}
    for code in (TANGLED_SOLUTION, CLEAN_SOLUTION):  # both are correct solutions
        exec(compile(code, "<solution>", "exec"), namespace)
        assert namespace["longest_k_distinct"]([1, 2, 1, 2, 3, 3, 4], 2) == 4  # type: ignore[operator]
    tangled, clean = analyse_quality(TANGLED_SOLUTION), analyse_quality(CLEAN_SOLUTION)
    assert clean.score_10 == 10.0 and clean.score_100 == 100.0 and not clean.findings
    assert tangled.score_10 < 6.0
    assert {
        Category.COMPLEX_METHOD,
        Category.DEEP_NESTING,
        Category.BUMPY_ROAD,
        Category.COMPLEX_CONDITIONAL,
        Category.GLOBAL_CONDITIONS,
    } <= tangled.categories


def test_score_formula() -> None:
    one = Finding(Category.COMPLEX_METHOD, "r", "f", 1, 2, "cc 9", value=9, threshold=9)
    assert score_findings([]).score_10 == 10.0
    assert score_findings([one]).score_10 == round(1 + 9 * math.exp(-1 / 9), 2)
    double = Finding(Category.COMPLEX_METHOD, "r", "g", 3, 4, "cc 18", value=18, threshold=9)
    assert score_findings([double]).penalty == 2.0  # severity = value / threshold
    huge = Finding(Category.COMPLEX_METHOD, "r", "g", 3, 4, "cc 90", value=90, threshold=9)
    assert score_findings([huge]).penalty == 3.0  # capped
    assert score_findings([one, one]).penalty == 1.5  # the second of a kind costs half
    arg = Finding(Category.EXCESS_ARGUMENTS, "r", "f", 1, 1, "5 > 4", value=5, threshold=4)
    assert score_findings([arg]).penalty == 0.625  # weight 0.5 * severity 1.25


def test_score_bounds_and_scales_agree() -> None:
    sources = [snippet for _, bad, clean in PAIRS for snippet in (bad, clean)]
    sources += [TANGLED_SOLUTION, CLEAN_SOLUTION, "", "x = 1\n", "\n".join([COMPLEX] * 20)]
    for source in sources:
        report = analyse_quality(source)
        assert 1.0 <= report.score_10 <= 10.0
        assert 1.0 <= report.score_100 <= 100.0
        assert report.score_100 == pytest.approx(1 + 11 * (report.score_10 - 1), abs=0.12)
        assert (report.score_10 == 10.0) == (not report.findings)
    worst = analyse_quality("\n\n".join(src(s) for s in (TANGLED_SOLUTION, COMPLEX, DEEP) * 10))
    assert 1.0 < worst.score_10 < 3.0


# --- failure handling and determinism -----------------------------------------------------------


@pytest.mark.parametrize(
    "source",
    ["def f(:\n    return 1\n", "if True:\nprint(1)\n", "x = 'unterminated\n", "a = 1\x00\n"],
)
def test_unparsable_source_gives_minimum_score_and_one_finding(source: str) -> None:
    report = analyse_quality(source)
    assert not report.parsed
    assert (report.score_10, report.score_100) == (1.0, 1.0)
    (finding,) = report.findings
    assert finding.category is Category.SYNTAX_ERROR and finding.function == MODULE
    json.dumps(report.to_dict())


def test_syntax_error_names_the_line() -> None:
    (finding,) = analyse_quality("x = 1\ny = (\n").findings
    assert finding.start_line == 2 and "syntax error" in finding.message


def test_empty_and_trivial_sources_are_healthy() -> None:
    for source in ("", "\n", "# only a comment\n", '"""Docstring."""\n', "\ufeffx = 1\n"):
        report = analyse_quality(source)
        assert report.parsed and report.score_10 == 10.0 and not report.findings


def test_analysis_is_deterministic_and_serialisable() -> None:
    source = "\n\n".join([TANGLED_SOLUTION, DUPLICATED, MANY_ARGS, GLOBAL_MODULE])
    first = analyse_quality(source)
    for _ in range(3):
        again = analyse_quality(source)
        assert again == first
        assert json.dumps(again.to_dict(), sort_keys=True) == json.dumps(first.to_dict(), sort_keys=True)
    assert list(first.findings) == sorted(first.findings, key=Finding.sort_key)


def test_report_dict_shape() -> None:
    report = analyse_quality(TANGLED_SOLUTION)
    data = report.to_dict()
    assert isinstance(report, QualityReport)
    assert set(data) == {"score_10", "score_100", "parsed", "findings", "penalties", "metrics", "thresholds", "rules"}
    assert data["metrics"]["functions"] == 1 and data["metrics"]["max_complexity"] >= 10
    first = data["findings"][0]
    assert {"category", "function", "start_line", "end_line", "message"} <= set(first)
    assert sum(data["penalties"].values()) == pytest.approx(9 * -math.log((report.score_10 - 1) / 9), abs=0.05)


@pytest.mark.parametrize(
    ("source", "why"),
    [
        ("", "no definition of solve"),
        ("pass\n", "no definition of solve"),
        ("# solve(x) goes here\n", "no definition of solve"),
        ("def other(x):\n    return x\n", "no definition of solve"),
        ("def outer():\n    def solve(x):\n        return x\n", "no definition of solve"),  # not module level
        ("class Box:\n    def solve(self):\n        return 1\n", "no definition of solve"),
        ("solve(3)\n", "no definition of solve"),  # used, not defined
        ("def solve(x):\n    return x\n", ""),
        ("async def solve(x):\n    return x\n", ""),
        ("class solve:\n    pass\n", ""),
        ("solve = lambda x: x\n", ""),
        ("solve: object = print\n", ""),
        ("from math import sqrt as solve\n", ""),
        ("import sys\nif sys.version_info >= (3, 8):\n    def solve(x):\n        return x\n", ""),
        ("try:\n    import solve\nexcept ImportError:\n    solve = None\n", ""),
        ("def solve(:\n", ""),  # unparsable: rated, at the minimum the analysis gives it
    ],
)
def test_not_rated_unless_the_module_defines_the_entry_point(source: str, why: str) -> None:
    assert not_rated(source, "solve") == why
