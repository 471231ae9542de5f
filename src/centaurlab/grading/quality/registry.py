"""Rules as named components: registered with a decorator, listed, enabled and disabled by name.

The same pattern as Inspect AI's `@scorer`: a rule is a plain function of the analysed source,
and the name it is registered under is how configs, reports and the CLI refer to it. Selection
is per call (never global switches), so two gradings with different rule sets can run side by
side in one process.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from typing import Any

from .context import SourceContext
from .findings import Category, Finding

RuleCheck = Callable[[SourceContext], Iterable[Finding]]


@dataclass(frozen=True, slots=True)
class Rule:
    """A registered rule: its name, the category it reports in, and the check itself."""

    name: str
    category: Category
    summary: str
    check: RuleCheck
    enabled_by_default: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "category": self.category.value,
            "summary": self.summary,
            "enabled_by_default": self.enabled_by_default,
        }


_RULES: dict[str, Rule] = {}


def quality_rule(name: str, *, category: Category, enabled_by_default: bool = True) -> Callable[[RuleCheck], RuleCheck]:
    """Register a check under `name`; its docstring's first line becomes the rule's summary."""

    def register(check: RuleCheck) -> RuleCheck:
        if name in _RULES:
            raise ValueError(f"a quality rule named {name!r} is already registered")
        doc = (check.__doc__ or "").strip()
        summary = doc.splitlines()[0] if doc else name
        _RULES[name] = Rule(name, category, summary, check, enabled_by_default)
        return check

    return register


def unregister_rule(name: str) -> None:
    """Remove a rule (for plugins replacing a built-in, and for tests)."""
    get_rule(name)
    del _RULES[name]


_CATEGORY_ORDER = {category: n for n, category in enumerate(Category)}


def list_rules() -> tuple[Rule, ...]:
    """Every registered rule, in the order COMPASS lists the categories, then by name."""
    return tuple(sorted(_RULES.values(), key=lambda r: (_CATEGORY_ORDER[r.category], r.name)))


def get_rule(name: str) -> Rule:
    try:
        return _RULES[name]
    except KeyError:
        raise ValueError(f"unknown quality rule {name!r}; known rules: {', '.join(_RULES)}") from None


def select_rules(enable: Collection[str] | None = None, disable: Collection[str] = ()) -> tuple[Rule, ...]:
    """The rules to run: `enable` (or every rule enabled by default) minus `disable`.

    Unknown names are an error rather than silently ignored: a typo in a config would otherwise
    switch a check off without anyone noticing.
    """
    for name in (*(enable or ()), *disable):
        get_rule(name)
    wanted = set(enable) if enable is not None else None
    return tuple(
        rule
        for rule in list_rules()
        if (rule.enabled_by_default if wanted is None else rule.name in wanted) and rule.name not in disable
    )
