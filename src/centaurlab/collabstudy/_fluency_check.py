"""Validating the AI-fluency coders against hand-coded transcripts, before their codes are analysed.

The shipped set (validation/fluency_transcripts.toml, ours: 24 sessions with the researchers' codes)
is coded by every coder: the rules (_fluency_rules.py) and each model that coded a study's logs.
Per coder and indicator we report Cohen's kappa against the hand codes. An indicator enters the
analysis from its coder (the rule where one exists, the model otherwise) only when that coder is
validated for it; otherwise it is left out, with the reason:

- the coder gave the same answers on every transcript (a model that says "true" to everything is
  not reading the logs), or the same answer on every transcript for that indicator;
- its kappa is below `min_kappa` (0.4: "moderate" agreement and up, Landis and Koch 1977);
- it never coded the validation set (`centaur collab study code` does that with the study).
"""

from __future__ import annotations

import hashlib
import math
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ._fluency import IDS, cohen_kappa
from ._fluency_rules import RULE_CODER, RULE_IDS, rule_codes
from ._transcript import Transcript, from_entries, from_log_text

SET_PATH = Path(__file__).with_name("validation") / "fluency_transcripts.toml"
OURS: tuple[str, ...] = ("edited_deliverable",)
"""Indicators of ours, beyond the paper's 11: reported apart from them, never in the paper's total."""
INDICATORS: tuple[str, ...] = (*IDS, *OURS)
"""What the analysis relates to the score: the paper's 11 and whether the person edited a deliverable."""
MODEL_IDS: tuple[str, ...] = tuple(i for i in IDS if i not in RULE_IDS)
MIN_KAPPA = 0.4

Codes = Mapping[str, bool | None]


@dataclass(frozen=True)
class Labelled:
    id: str
    task: str
    transcript: Transcript
    labels: dict[str, bool]


@dataclass(frozen=True)
class ValidationSet:
    transcripts: tuple[Labelled, ...]
    digest: str
    """SHA-256 of the file: a model's stored codes are for one version of the set."""


def load_set(path: Path = SET_PATH, deliverables: Mapping[str, Sequence[str]] | None = None) -> ValidationSet:
    """The hand-coded transcripts; `deliverables` (task id -> file names) defaults to the built-in bank's."""
    raw = path.read_bytes()
    data = tomllib.loads(raw.decode())
    if deliverables is None:
        from ..collab import load_collab_bank

        bank = load_collab_bank()
        deliverables = {t: [d.name for d in bank.get(t).deliverables] for t in bank.tasks}
    out = []
    for item in data.get("transcript", []):
        files = deliverables.get(item["task"], ())
        t = from_log_text(item["log_text"], files) if "log_text" in item else from_entries(item["log"], files)
        out.append(Labelled(item["id"], item["task"], t, dict(item["labels"])))
    return ValidationSet(tuple(out), hashlib.sha256(raw).hexdigest())


@dataclass
class CoderCheck:
    """One coder against the hand codes: kappa and agreement per indicator it answers."""

    coder: str
    transcripts: int
    kappa: dict[str, float | None] = field(default_factory=dict)
    agreement: dict[str, float | None] = field(default_factory=dict)
    constant: bool = False
    """The same answers on every transcript."""
    constant_on: list[str] = field(default_factory=list)
    """Indicators it answered the same way on every transcript."""

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def check_coder(coder: str, codes: Mapping[str, Codes], vset: ValidationSet,
                indicators: Sequence[str] = INDICATORS) -> CoderCheck:
    """`codes`: the coder's answers per transcript id (an indicator it does not answer is absent or None)."""
    answered = [t for t in vset.transcripts if t.id in codes]
    out = CoderCheck(coder, len(answered))
    vectors = {tuple(codes[t.id].get(i) for i in indicators) for t in answered}
    out.constant = len(answered) > 1 and len(vectors) == 1
    for i in indicators:
        pairs = [(codes[t.id].get(i), t.labels.get(i)) for t in answered]
        pairs = [(a, b) for a, b in pairs if a is not None and b is not None]
        if not pairs:
            continue
        mine, truth = [bool(a) for a, _ in pairs], [bool(b) for _, b in pairs]
        kappa = cohen_kappa(mine, truth)
        out.kappa[i] = None if math.isnan(kappa) else kappa
        out.agreement[i] = sum(a == b for a, b in zip(mine, truth, strict=True)) / len(pairs)
        if len(pairs) > 1 and len(set(mine)) == 1:
            out.constant_on.append(i)
    return out


def rule_check(vset: ValidationSet) -> CoderCheck:
    return check_coder(RULE_CODER, {t.id: rule_codes(t.transcript) for t in vset.transcripts}, vset, RULE_IDS)


@dataclass
class FluencyValidation:
    """Which coder's codes each indicator takes in the analysis, which indicators are left out and why."""

    coders: list[CoderCheck]
    used: dict[str, str]
    left_out: list[dict[str, str]]
    min_kappa: float = MIN_KAPPA
    transcripts: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {"transcripts": self.transcripts, "min_kappa": self.min_kappa,
                "coders": [c.as_dict() for c in self.coders], "used": dict(self.used), "left_out": list(self.left_out)}


def _reason(check: CoderCheck | None, coder: str, indicator: str, min_kappa: float) -> str | None:
    """Why `coder`'s codes for `indicator` cannot be analysed, or None when they can."""
    if check is None or check.transcripts == 0:
        return (f"{coder} has not coded the validation set: run `centaur collab study code STUDY --model {coder}`"
                if coder else "no model has coded this study's logs: run `centaur collab study code STUDY`")
    if check.constant:
        return f"{coder} gave the same answers on all {check.transcripts} validation transcripts"
    if indicator in check.constant_on:
        return f"{coder} answered this indicator the same way on all {check.transcripts} validation transcripts"
    kappa = check.kappa.get(indicator)
    if kappa is None or kappa < min_kappa:
        shown = "undefined" if kappa is None else f"{kappa:.2f}"
        return f"{coder}'s Cohen's kappa against the hand codes is {shown}, below {min_kappa:g}"
    return None


def validate_coders(vset: ValidationSet, model: str | None, model_codes: Mapping[str, Codes] | None,
                    min_kappa: float = MIN_KAPPA) -> FluencyValidation:
    """The rules' check, the model coder's (when one coded the study), and the indicators each feeds."""
    rules = rule_check(vset)
    coders = [rules]
    model_check = None
    if model is not None:
        model_check = check_coder(model, model_codes or {}, vset, IDS)
        coders.append(model_check)
    used: dict[str, str] = {}
    left_out: list[dict[str, str]] = []
    for i in INDICATORS:
        coder, check = (RULE_CODER, rules) if i in RULE_IDS else (model or "", model_check)
        reason = _reason(check, coder, i, min_kappa)
        if reason is None:
            used[i] = coder
        else:
            left_out.append({"indicator": i, "coder": coder or "(none)", "reason": reason})
    return FluencyValidation(coders, used, left_out, min_kappa, len(vset.transcripts))
