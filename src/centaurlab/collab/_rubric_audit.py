"""The rubric audit (CollabSkill App. G.2): generated rubrics matched against the researcher's.

The paper's authors compared each auto-generated rubric with the official hand-written one of
27 GDPval tasks and counted two things, pooled over the tasks: *recall*, the official items
covered by some generated item (998 of 1,216, 82.1%), and *precision*, the generated items
grounded in some official item (297 of 322, 92.2%). A generated item may cover several official
items and an official item may be covered by several generated ones; each item is counted once.
We compute the same two counts per task and pooled, against the built-in `rubric.json`.

People did the paper's matching. Ours is done by a matcher, so the matcher is measured too:
against hand-labelled matches shipped with the bank (_rubric_matches.py), as its accuracy (the
share of labelled criteria given exactly the labelled items, "none" included) and the precision
and recall of its (criterion, item) pairs. The default matcher (`WordMatcher`) needs no model:
weighted word overlap, so the audit runs offline in well under a second; a model can match
instead (rubric_match_model.py) and is measured the same way.

Where the generated criteria come from, per task: the newest stored generated rubric (from
`centaur collab rubric` on a bank without rubric.json), or a rubric generated now, or, on a fresh
checkout where neither exists, the criteria of the labelled set, which are written by hand in a
generator's style. Each task's row says which; only the first two audit a generator.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from sqlalchemy import select

from ..stats import Figure, proportion_figure
from ..store import session_scope
from ._rubric import Rubric, load_rubric_file, parse_rubric
from ._rubric_matches import MatchSet, load_match_set
from ._schema import TaskInstance
from ._tables import CollabRubric

Matches = tuple[str, ...]
"""The built-in items one generated criterion covers (empty: none)."""


class Matcher(Protocol):
    @property
    def name(self) -> str: ...

    def match(self, criteria: Sequence[str], rubric: Rubric) -> list[Matches]: ...


_STOP_TEXT = (
    "a an the and or of to in on at by for from with without as is are be been "
    "was were it its this that these those each every all any some has have had per than then there "
    "their they them which who what when where so such not no nor only also both either one using used "
    "use into out up about more most must should shall may can will does do given gives give includes include "
    "including contains contain stated states state listed lists list shown shows show right correct "
    "correctly properly clear clearly"
)
_STOP = frozenset(_STOP_TEXT.split())
_SUFFIXES = ("ations", "ation", "ings", "ing", "ness", "ies", "ied", "es", "ed", "ly", "s")


def _stem(word: str) -> str:
    """A few English suffixes off, so 'flagged', 'flags' and 'flag' meet. A stemmer library for
    a dozen suffixes would be one more dependency; criteria are short and this is measured."""
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)] + ("y" if suffix in ("ies", "ied") else "")
            break
    word = word[:-1] if word.endswith("e") and len(word) > 3 else word
    return word[:-1] if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "0123456789" else word


def words(text: str) -> frozenset[str]:
    """A criterion as a set of normalised words: lower case, stems, numbers without thousands
    separators or trailing zeros ('519,000' and '519000', '5.00' and '5' meet), stop words out."""
    text = re.sub(r"(?<=\d),(?=\d{3})", "", text.lower())
    out: set[str] = set()
    for tok in re.findall(r"\d+(?:\.\d+)?|[a-z][a-z0-9_]*", text):
        if tok[0].isdigit():
            out.add(tok.rstrip("0").rstrip(".") if "." in tok else tok)
        elif tok not in _STOP and len(tok) > 1:
            out.add(_stem(tok))
    return frozenset(out)


@dataclass(frozen=True)
class WordMatcher:
    """Idf-weighted cosine of word sets: a criterion matches every built-in item scoring at least
    `threshold` and at least `ratio` of its best item's score. Idf is over the built-in rubric's
    items, so words every item shares (the deliverable's name) weigh little. The two settings were
    chosen on the labelled sets marked `tune` alone: the grid threshold 0.1-0.3 x ratio 0.6-1.0,
    highest exact accuracy there, ties broken by the pairs' F1."""

    threshold: float = 0.2
    ratio: float = 0.9
    name: str = "words"

    def describe(self) -> str:
        return (f"word overlap (idf-weighted cosine), threshold {self.threshold:g}, "
                f"ratio to best {self.ratio:g}; no model")

    def scores(self, criterion: str, rubric: Rubric) -> dict[str, float]:
        docs = {i.id: words(i.criterion) for i in rubric.items}
        n = len(docs)
        df: dict[str, int] = {}
        for ws in docs.values():
            for w in ws:
                df[w] = df.get(w, 0) + 1

        def weight(w: str) -> float:
            return math.log((n + 1) / (df.get(w, 0) + 1)) + 1.0

        mine = words(criterion)
        norm_g = math.sqrt(sum(weight(w) ** 2 for w in mine)) or 1.0
        out = {}
        for item_id, ws in docs.items():
            norm_b = math.sqrt(sum(weight(w) ** 2 for w in ws)) or 1.0
            out[item_id] = sum(weight(w) ** 2 for w in mine & ws) / (norm_g * norm_b)
        return out

    def match(self, criteria: Sequence[str], rubric: Rubric) -> list[Matches]:
        found: list[Matches] = []
        for c in criteria:
            s = self.scores(c, rubric)
            best = max(s.values(), default=0.0)
            found.append(tuple(i for i, v in s.items() if v >= self.threshold and v >= self.ratio * best))
        return found


@dataclass(frozen=True)
class Agreement:
    """A matcher against labelled matches: per criterion, and per (criterion, item) pair."""

    criteria: int = 0
    exact: int = 0
    predicted_pairs: int = 0
    labelled_pairs: int = 0
    correct_pairs: int = 0

    def __add__(self, other: Agreement) -> Agreement:
        return Agreement(*(a + b for a, b in zip(self.counts(), other.counts(), strict=True)))

    def counts(self) -> tuple[int, int, int, int, int]:
        return (self.criteria, self.exact, self.predicted_pairs, self.labelled_pairs, self.correct_pairs)

    def figures(self) -> dict[str, Figure]:
        return {
            "accuracy": proportion_figure(self.exact, self.criteria, "share of labelled criteria matched exactly",
                                          what="the matcher's accuracy"),
            "precision": proportion_figure(self.correct_pairs, self.predicted_pairs,
                                           "share of the matcher's pairs that are labelled",
                                           what="the matcher's precision"),
            "recall": proportion_figure(self.correct_pairs, self.labelled_pairs,
                                        "share of labelled pairs the matcher found", what="the matcher's recall"),
        }


def agreement(predicted: Sequence[Matches], labelled: Sequence[Matches]) -> Agreement:
    """Exact agreement per criterion ("none" against "none" counts as agreeing) and pair counts."""
    if len(predicted) != len(labelled):
        raise ValueError(f"{len(predicted)} predictions for {len(labelled)} labelled criteria")
    exact = sum(set(p) == set(lab) for p, lab in zip(predicted, labelled, strict=True))
    correct = sum(len(set(p) & set(lab)) for p, lab in zip(predicted, labelled, strict=True))
    return Agreement(len(labelled), exact, sum(len(p) for p in predicted), sum(len(lab) for lab in labelled), correct)


@dataclass(frozen=True)
class TaskAudit:
    task_id: str
    source: str
    """'stored v3 (model)', 'generated now (model)' or 'labelled set (split)'."""
    builtin: tuple[str, ...]
    generated: tuple[str, ...]
    matched: tuple[Matches, ...]
    labelled: tuple[Matches, ...] | None = None
    """The hand labels of the same criteria, when they come from the labelled set."""
    split: str | None = None

    @property
    def from_generator(self) -> bool:
        return self.labelled is None

    def counts(self, matches: Sequence[Matches]) -> tuple[int, int]:
        """(built-in items covered, generated criteria grounded): the paper's two numerators."""
        covered = {i for m in matches for i in m}
        return len(covered), sum(1 for m in matches if m)

    def figures(self, by_labels: bool = False) -> dict[str, Figure]:
        matches = self.labelled if by_labels and self.labelled is not None else self.matched
        covered, grounded = self.counts(matches)
        return {"recall": recall_figure(covered, len(self.builtin)),
                "precision": precision_figure(grounded, len(self.generated))}


def recall_figure(covered: int, builtin: int) -> Figure:
    return proportion_figure(covered, builtin, "share of built-in criteria covered", what="recall")


def precision_figure(grounded: int, generated: int) -> Figure:
    return proportion_figure(grounded, generated, "share of generated criteria grounded", what="precision")


@dataclass
class AuditRun:
    matcher: str
    tasks: list[TaskAudit] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)
    agreement: dict[str, Agreement] = field(default_factory=dict)
    """The matcher against every labelled set read, by split ('tune', 'test') and 'all'."""

    def pooled(self, by_labels: bool = False) -> dict[str, Figure]:
        chosen = [t for t in self.tasks if not by_labels or t.labelled is not None]
        totals = [t.counts(t.labelled if by_labels and t.labelled is not None else t.matched) for t in chosen]
        return {"recall": recall_figure(sum(c for c, _ in totals), sum(len(t.builtin) for t in chosen)),
                "precision": precision_figure(sum(g for _, g in totals), sum(len(t.generated) for t in chosen))}

    def sources(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for t in self.tasks:
            kind = t.source.split(" ")[0]
            out[kind] = out.get(kind, 0) + 1
        return out

    def to_dict(self) -> dict[str, Any]:
        def figs(d: dict[str, Figure]) -> dict[str, Any]:
            return {k: f.as_json() for k, f in d.items()}

        return {
            "matcher": self.matcher,
            "definition": "recall = built-in items covered by some generated item / built-in items; "
                          "precision = generated items matching some built-in item / generated items "
                          "(CollabSkill App. G.2); pooled over tasks by summing the counts",
            "sources": self.sources(),
            "tasks": [{"task": t.task_id, "source": t.source, "builtin_items": len(t.builtin),
                       "generated_items": len(t.generated), **figs(t.figures()),
                       **({"by_labels": figs(t.figures(by_labels=True))} if t.labelled is not None else {}),
                       "matches": [{"criterion": c, "matched": list(m),
                                    **({"labelled": list(t.labelled[k])} if t.labelled is not None else {})}
                                   for k, (c, m) in enumerate(zip(t.generated, t.matched, strict=True))]}
                      for t in self.tasks],
            "pooled": figs(self.pooled()),
            "pooled_by_labels": figs(self.pooled(by_labels=True)),
            "matcher_agreement": {split: {**figs(a.figures()), "criteria": a.criteria}
                                  for split, a in self.agreement.items()},
            "skipped": self.skipped,
        }


def stored_generated(url: str, task_id: str) -> tuple[int, str | None, Rubric] | None:
    """The newest stored *generated* rubric version of a task: (version, model, rubric)."""
    with session_scope(url) as s:
        row = s.execute(select(CollabRubric).where(CollabRubric.task_id == task_id,
                                                   CollabRubric.source == "generated")
                        .order_by(CollabRubric.version.desc()).limit(1)).scalar_one_or_none()
        if row is None:
            return None
        return row.version, row.model, parse_rubric(row.rubric, task_id, f"stored rubric v{row.version}")


def audit_rubrics(
    tasks: Sequence[TaskInstance],
    matcher: Matcher,
    *,
    url: str | None = None,
    source: str = "auto",
    generate: Callable[[TaskInstance], tuple[str, Rubric]] | None = None,
    on_task: Callable[[str], None] | None = None,
) -> AuditRun:
    """Audit each task's generated criteria against its built-in rubric.json.

    `source`: 'auto' (stored generated rubric, else the labelled set), 'stored' or 'labelled';
    with `generate`, a rubric generated now is audited instead. Every labelled set read is also
    used to measure the matcher, whatever the source."""
    run = AuditRun(getattr(matcher, "describe", lambda: matcher.name)())
    totals: dict[str, Agreement] = {}
    for task in tasks:
        if on_task is not None:
            on_task(task.id)
        if not task.rubric_path.is_file():
            run.skipped[task.id] = "no built-in rubric.json to audit against"
            continue
        builtin = load_rubric_file(task.rubric_path, task.id, [d.name for d in task.deliverables])
        labelled = load_match_set(task, builtin)
        if labelled is not None:
            predicted = matcher.match([c.text for c in labelled.criteria], builtin)
            got = agreement(predicted, [c.match for c in labelled.criteria])
            for key in (labelled.split, "all"):
                totals[key] = totals.get(key, Agreement()) + got
        audited = _audit_one(task, builtin, labelled, matcher, url, source, generate)
        if isinstance(audited, str):
            run.skipped[task.id] = audited
        else:
            run.tasks.append(audited)
    run.agreement = {k: totals[k] for k in ("test", "tune", "all") if k in totals}
    return run


def _audit_one(task: TaskInstance, builtin: Rubric, labelled: MatchSet | None, matcher: Matcher, url: str | None,
               source: str, generate: Callable[[TaskInstance], tuple[str, Rubric]] | None) -> TaskAudit | str:
    ids = tuple(i.id for i in builtin.items)
    if generate is not None:
        model, rubric = generate(task)
        crit = tuple(i.criterion for i in rubric.items)
        return TaskAudit(task.id, f"generated now ({model})", ids, crit, tuple(matcher.match(crit, builtin)))
    if source in ("auto", "stored") and url is not None:
        found = stored_generated(url, task.id)
        if found is not None:
            version, stored_model, stored = found
            crit = tuple(i.criterion for i in stored.items)
            return TaskAudit(task.id, f"stored v{version} ({stored_model or 'unknown model'})", ids, crit,
                             tuple(matcher.match(crit, builtin)))
    if source == "stored":
        return "no stored generated rubric (centaur collab rubric TASK --bank FOLDER-without-rubric.json)"
    if labelled is None:
        return "no stored generated rubric and no labelled set (validation/rubric_matches.toml)"
    crit = tuple(c.text for c in labelled.criteria)
    return TaskAudit(task.id, f"labelled set ({labelled.split})", ids, crit, tuple(matcher.match(crit, builtin)),
                     tuple(c.match for c in labelled.criteria), labelled.split)
