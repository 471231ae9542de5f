"""Rules as named components: registered with a decorator, listed, enabled and disabled by name.

The same pattern as Inspect AI's `@scorer`: a rule is a plain function of the analysed source,
and the name it is registered under is how configs, reports and the CLI refer to it. Selection
is per call (never global switches), so two gradings with different rule sets can run side by
side in one process. The rules live in the one registry of every extension point
(`plugins.QUALITY_RULE`), so a plugin distribution adds one through its entry points.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from typing import Any

from ... import plugins
from ._context import SourceContext
from ._findings import Category, Finding

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


def _check_rule(obj: Any) -> str | None:
    return None if isinstance(obj, Rule) else f"a {type(obj).__name__}, not a rule registered with @quality_rule"


plugins.require(plugins.QUALITY_RULE, _check_rule)


def quality_rule(name: str, *, category: Category, enabled_by_default: bool = True) -> Callable[[RuleCheck], RuleCheck]:
    """Register a check under `name`; its docstring's first line becomes the rule's summary."""

    def register(check: RuleCheck) -> RuleCheck:
        doc = (check.__doc__ or "").strip()
        summary = doc.splitlines()[0] if doc else name
        rule = Rule(name, category, summary, check, enabled_by_default)
        plugins.register(plugins.QUALITY_RULE, name, rule, source=plugins.origin_of(check))  # not Rule's module
        return check

    return register


def unregister_rule(name: str) -> None:
    """Remove a rule (for plugins replacing a built-in, and for tests)."""
    get_rule(name)
    plugins.unregister(plugins.QUALITY_RULE, name)


def _rules() -> dict[str, Rule]:
    return {part.name: part.obj for part in plugins.components(plugins.QUALITY_RULE)}


_CATEGORY_ORDER = {category: n for n, category in enumerate(Category)}


def list_rules() -> tuple[Rule, ...]:
    """Every registered rule, in the order COMPASS lists the categories, then by name."""
    return tuple(sorted(_rules().values(), key=lambda r: (_CATEGORY_ORDER[r.category], r.name)))


def get_rule(name: str) -> Rule:
    rules = _rules()
    try:
        return rules[name]
    except KeyError:
        raise ValueError(f"unknown quality rule {name!r}; known rules: {', '.join(rules)}") from None


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
