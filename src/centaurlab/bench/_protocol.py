"""How to read a bench report: the protocol its samples were drawn under, and the caveats its figures carry.

A figure without its protocol cannot be compared with the paper's (COMPASS: 64 samples per model and
problem over four framings, each model's default temperature), and a correlation over a handful of
samples looks as exact as one over thousands. So the report states the models, samples per task and
framing, framings and their wording, temperature, answer length, bank and number of tasks, and warns when
correlations or the PCA rest on fewer than MIN_PAIRED paired observations.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import pandas as pd

from ._framings import canonical_name, preset_of

#: Below this many paired observations a correlation (and a PCA) is reported with a warning. 30 is the usual
#: rule of thumb: at n = 30 the 95% interval of a Pearson r of 0.3 still spans about -0.07 to 0.60, so
#: fewer pairs say little more than the sign; COMPASS's own correlations rest on thousands of submissions.
MIN_PAIRED = 30
AXES = ("correctness", "efficiency", "quality")
QUALITY_NOTE = (
    "Quality is an open approximation of CodeScene's Code Health, the proprietary score COMPASS uses "
    "(with Codility's configuration); compare its values with the paper's with care (see docs/quality.md)."
)


@dataclass(frozen=True)
class Protocol:
    """What a run asked for, as stored with it (its configuration and the calls it logged)."""

    models: tuple[str, ...]
    samples: int | None  # per model, task and framing
    framings: tuple[str, ...]
    wording: str | None  # the framings' built-in wording (compass | centaur); None: custom texts
    temperature: float | None  # None: each model's default
    temperatures_sent: dict[str, list[float | None]]  # per model, as its logged calls went out (None: endpoint's)
    max_tokens: dict[str, dict[str, Any]]  # per model: value, source, and the values its logged calls sent
    bank: str | None
    tasks: int  # tasks the run sampled

    def to_dict(self) -> dict[str, Any]:
        return {
            "models": list(self.models), "samples_per_task_and_framing": self.samples,
            "samples_per_model_and_task": self.samples * len(self.framings) if self.samples else None,
            "framings": list(self.framings), "framing_wording": self.wording, "temperature": self.temperature,
            "temperatures_sent": self.temperatures_sent, "max_tokens": self.max_tokens, "bank": self.bank,
            "tasks": self.tasks,
        }

    def lines(self) -> list[tuple[str, str]]:
        """(label, text) pairs for a terminal or a page."""
        per_task = (f"{self.samples} per task and framing ({self.samples * len(self.framings)} per model and task)"
                    if self.samples else "not recorded")
        wording = {"compass": "COMPASS's wording, verbatim", "centaur": "Centaur Lab's paraphrase"}.get(
            self.wording or "", "custom or edited texts")
        return [
            ("models", ", ".join(self.models)),
            ("samples", per_task),
            ("framings", f"{', '.join(self.framings)} ({wording})"),
            ("temperature", self._temperature()),
            ("max tokens", "; ".join(self._max_tokens(m) for m in self.models)),
            ("bank", f"{self.bank or 'not recorded'}, {self.tasks} task{'' if self.tasks == 1 else 's'}"),
        ]

    def _temperature(self) -> str:
        asked = "each model's default" if self.temperature is None else f"{self.temperature:g}"
        sent = [f"{m}: {_values(v, 'not sent, the endpoint default')}" for m, v in self.temperatures_sent.items() if v]
        return asked + (f" ({'; '.join(sent)})" if sent else "")

    def _max_tokens(self, model: str) -> str:
        info = self.max_tokens.get(model) or {}
        value, source, sent = info.get("value"), info.get("source"), info.get("sent") or []
        text = f"{model} {value if value is not None else 'not recorded'}" + (f" ({source})" if source else "")
        if sent and sent != [value]:
            text += f", calls sent {_values(sent, 'none (the endpoint limit)')}"
        return text


def _values(values: Iterable[Any], none: str) -> str:
    return ", ".join(none if v is None else f"{v:g}" if isinstance(v, float) else str(v) for v in values)


def run_protocol(config: Mapping[str, Any], task_ids: Iterable[str], temperatures: Mapping[str, list[float | None]],
                 max_tokens_sent: Mapping[str, list[int | None]]) -> Protocol:
    """The protocol of a stored run from its configuration (BenchSpec.key() and the answer lengths resolved at
    its start), the tasks it sampled and what its logged calls sent. A run stored before answer lengths were
    resolved per model has one `max_tokens` for all."""
    models = tuple(config.get("models") or ())
    framings = tuple(canonical_name(f) for f in config.get("framings") or ())
    resolved = config.get("max_tokens_by_model") or {}
    lengths: dict[str, dict[str, Any]] = {}
    for model in models:
        entry = resolved.get(model) or {}
        value = entry.get("value", config.get("max_tokens"))
        source = entry.get("source") or ("--max-tokens" if config.get("max_tokens") is not None else None)
        lengths[model] = {"value": value, "source": source, "sent": list(max_tokens_sent.get(model, []))}
    texts = config.get("framing_texts") or {}
    return Protocol(
        models=models, samples=config.get("samples"), framings=framings,
        wording=config.get("framing_preset") or preset_of(dict(texts)), temperature=config.get("temperature"),
        temperatures_sent={m: list(temperatures.get(m, [])) for m in models}, max_tokens=lengths,
        bank=config.get("bank"), tasks=len(set(task_ids)),
    )


def paired_counts(frame: pd.DataFrame) -> dict[str, int]:
    """Per pair of dimensions, the samples that have both: what each correlation rests on."""
    return {f"{a}-{b}": int(frame[[a, b]].dropna().shape[0]) for a, b in combinations(AXES, 2)}


@dataclass(frozen=True)
class Evidence:
    """How many paired observations the correlations and the PCA rest on, and the warnings that follow."""

    overall: dict[str, int]
    by_model: dict[str, dict[str, int]]
    pca: int | None  # samples with all three dimensions, when a PCA was computed
    warnings: list[str]

    def to_dict(self) -> dict[str, Any]:
        return {"threshold": MIN_PAIRED, "overall": self.overall, "by_model": self.by_model, "pca": self.pca,
                "warnings": self.warnings}


def evidence(frame: pd.DataFrame, pca_n: int | None) -> Evidence:
    """Count the pairs behind each correlation and warn when fewer than MIN_PAIRED."""
    overall = paired_counts(frame)
    by_model = {str(m): paired_counts(part) for m, part in frame.groupby("model", sort=True)}
    warnings = []
    thin = {pair: n for pair, n in overall.items() if n < MIN_PAIRED}
    if thin:
        warnings.append(f"Correlations rest on fewer than {MIN_PAIRED} paired observations ("
                        + ", ".join(f"{pair} {n}" for pair, n in thin.items())
                        + "): read them as illustrations, not estimates.")
    if pca_n is not None and pca_n < MIN_PAIRED:
        warnings.append(f"The PCA rests on {pca_n} samples with all three dimensions, fewer than {MIN_PAIRED}.")
    few = {m: min(counts.values()) for m, counts in by_model.items() if min(counts.values()) < MIN_PAIRED}
    if few:
        warnings.append(f"Per-model correlations rest on fewer than {MIN_PAIRED} paired observations for "
                        + ", ".join(f"{m} (fewest: {n})" for m, n in few.items()) + ".")
    return Evidence(overall, by_model, pca_n, warnings)


def reading_notes(frame: pd.DataFrame, pca_n: int | None, protocol: Protocol | None) -> dict[str, Any]:
    """The report's JSON fields that say how to read it: protocol, evidence behind correlations, quality note."""
    return {"protocol": None if protocol is None else protocol.to_dict(),
            "paired_observations": evidence(frame, pca_n).to_dict(), "quality_note": QUALITY_NOTE}
