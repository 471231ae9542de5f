"""What a rubric item's deterministic check may say, as it is written in rubric.json.

A check names the deliverable it opens (`file`) and one `kind`; the fields of each kind are
validated here, so a misspelt field or a check of an unknown kind is refused when the rubric is
loaded (`centaur collab tasks check`), not when a session is graded. docs/collab.md lists the
kinds with an example each.

Expected values are written in the rubric, computed by the researcher from the task's reference
files. An expected value is a number (compared within a tolerance), a string (compared after
normalising case, spacing and punctuation), null (an empty cell), {"contains": "..."} (a phrase
within the cell), {"regex": "..."} (a pattern), {"value": n, "tolerance": t} (a number with its
own tolerance), or a list of such alternatives, any of which passes.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, model_validator

Expected = Any
"""One expected value in one of the forms listed in the module's docstring."""


def _expected_ok(value: Any) -> None:
    """Raise ValueError when an expected value is not one of the forms in the module's docstring."""
    if isinstance(value, list):
        for v in value:
            _expected_ok(v)
    elif isinstance(value, dict):
        if not {"contains", "regex", "value"} & set(value):
            raise ValueError(f"expected value {value} needs a 'contains', 'regex' or 'value' key")
        if "regex" in value:
            re.compile(str(value["regex"]))
    elif not (value is None or isinstance(value, str | int | float)):
        raise ValueError(f"expected value {value!r} is not a number, string, null, object or list")


class _Spec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    file: str = Field(min_length=1, description="the deliverable the check opens")

    @model_validator(mode="after")
    def _patterns(self) -> _Spec:
        for name in ("regex", "exclude"):
            value = getattr(self, name, None)
            if isinstance(value, str):
                try:
                    re.compile(value)
                except re.error as exc:
                    raise ValueError(f"{name} {value!r} is not a regular expression ({exc})") from None
        for name in ("expect", "figures", "phrases"):
            value = getattr(self, name, None)
            if isinstance(value, dict):
                for row in value.values():
                    for v in row.values():
                        _expected_ok(v)
            elif isinstance(value, list):
                _expected_ok(value)
        for v in getattr(self, "where", {}).values():
            _expected_ok(v)
        return self


class Parses(_Spec):
    """The file exists, is not empty and opens as its type (CSV, workbook, document, JSON, Python)."""

    kind: Literal["parses"]
    strict: bool = Field(False, description="CSV only: every row has as many fields as the header")


class Columns(_Spec):
    """The table has these columns; `a|b` accepts either name."""

    kind: Literal["columns"]
    columns: list[str] = Field(min_length=1)


class Rows(_Spec):
    """The table has `count` data rows (or between `min` and `max`), rows matching `exclude` left out."""

    kind: Literal["rows"]
    count: int | None = Field(None, ge=0)
    min: int | None = Field(None, ge=0)
    max: int | None = Field(None, ge=0)
    exclude: str | None = None

    @model_validator(mode="after")
    def _bounds(self) -> Rows:
        if self.count is None and self.min is None and self.max is None:
            raise ValueError("give count, or min and/or max")
        return self


class Values(_Spec):
    """Rows found by their `key` cell hold the expected value in each named column."""

    kind: Literal["values"]
    key: str
    expect: dict[str, dict[str, Expected]] = Field(min_length=1)
    tolerance: float | None = Field(None, ge=0)


class Keys(_Spec):
    """The `key` column holds exactly these values (each missing or extra one costs its share), in
    the rows whose cells match `where` (column -> expected value) when it is given."""

    kind: Literal["keys"]
    key: str
    expect: list[Expected] = Field(min_length=1)
    exclude: str | None = None
    where: dict[str, Expected] = {}


class HasRows(_Spec):
    """For each expected row, some row of the table holds all of its values (in any columns)."""

    kind: Literal["has_rows"]
    expect: list[list[Expected]] = Field(min_length=1)
    tolerance: float | None = Field(None, ge=0)


class LacksRows(_Spec):
    """No row of the table holds all the values of any of these rows."""

    kind: Literal["lacks_rows"]
    expect: list[list[Expected]] = Field(min_length=1)
    tolerance: float | None = Field(None, ge=0)


class Sum(_Spec):
    """The numbers of a column add up to `expect` (rows matching `exclude`, by default totals, left out)."""

    kind: Literal["sum"]
    column: str
    expect: float
    tolerance: float = Field(0.01, ge=0)
    exclude: str | None = "total"


class Pattern(_Spec):
    """Every cell of a column matches the regular expression (rows matching `exclude` left out)."""

    kind: Literal["pattern"]
    column: str
    regex: str
    exclude: str | None = "total"


class NoOverlap(_Spec):
    """No two rows of the same `group` (a room, a person) overlap in time (HH:MM start and end)."""

    kind: Literal["no_overlap"]
    group: str
    start: str
    end: str
    skip: list[str] = []


class Words(_Spec):
    """The text has at most `max` (and at least `min`) words; lines matching `exclude` are not counted."""

    kind: Literal["words"]
    max: int | None = Field(None, gt=0)
    min: int | None = Field(None, ge=0)
    exclude: str | None = None


class States(_Spec):
    """The text states these figures and phrases; `need` of them are enough for full marks."""

    kind: Literal["states"]
    figures: list[Expected] = Field(min_length=1)
    need: int | None = Field(None, gt=0)
    tolerance: float | None = Field(None, ge=0)
    case: bool = False


class Absent(_Spec):
    """The text does not contain these phrases (each one found costs its share)."""

    kind: Literal["absent"]
    phrases: list[Expected] = Field(min_length=1)
    case: bool = False


class Order(_Spec):
    """These phrases first appear in this order."""

    kind: Literal["order"]
    phrases: list[Expected] = Field(min_length=2)
    case: bool = False


class Count(_Spec):
    """The regular expression matches between `min` and `max` times (multi-line mode)."""

    kind: Literal["count"]
    regex: str
    min: int | None = Field(None, ge=0)
    max: int | None = Field(None, ge=0)


class Runs(_Spec):
    """The delivered script runs in the sandbox beside the task's reference files and writes
    `output`; the checks in `then` are applied to that output, and `same_as` compares it with a
    delivered table."""

    kind: Literal["runs"]
    output: str
    then: list[CheckSpec] = []
    same_as: str | None = None
    timeout_s: float = Field(30.0, gt=0, le=120)

    @model_validator(mode="after")
    def _outputs(self) -> Runs:
        wrong = [c.file for c in self.then if c.file != self.output]
        if wrong:
            raise ValueError(f"the checks in 'then' open the output {self.output}, not {', '.join(wrong)}")
        return self


CheckSpec = Annotated[
    Parses | Columns | Rows | Values | Keys | HasRows | LacksRows | Sum | Pattern | NoOverlap | Words | States
    | Absent | Order | Count | Runs,
    Field(discriminator="kind"),
]
Runs.model_rebuild()
_ADAPTER: TypeAdapter[Any] = TypeAdapter(CheckSpec)
KINDS = ("parses", "columns", "rows", "values", "keys", "has_rows", "lacks_rows", "sum", "pattern", "no_overlap",
         "words", "states", "absent", "order", "count", "runs")


def parse_check(data: Any) -> CheckSpec:
    """One check from its JSON; raises ValueError naming the field and the problem."""
    try:
        spec: CheckSpec = _ADAPTER.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "(check)"
        raise ValueError(f"{where}: {first['msg']} (kinds: {', '.join(KINDS)})") from None
    return spec


def files_of(spec: CheckSpec) -> set[str]:
    """The deliverables a check opens (a script's checks open its output, not a deliverable)."""
    out = {spec.file}
    if isinstance(spec, Runs) and spec.same_as:
        out.add(spec.same_as)
    return out


def to_json(spec: CheckSpec) -> dict[str, Any]:
    data: dict[str, Any] = spec.model_dump(exclude_defaults=True)
    data["kind"] = spec.kind
    return data
