"""A stored bench run written as Inspect AI eval logs, so `inspect view` and Inspect's log tools read it.

The logs are built with `inspect_ai.log`'s own types and written with its `write_eval_log`, not by copying
its file layout: the format is Inspect's to change, and its own writer keeps up with it. `inspect_ai` is an
optional extra (`pip install 'centaurlab[inspect]'`) imported only here and only when a log is written, so
the bench runs, reports and tests without it.

One log per model: an Inspect eval is one task (here the run's task set, its bank and tasks) evaluated by one
model, and its log viewer compares models as rows of logs. The framings stay inside that log, as COMPASS pools
a model's 64 samples per problem over its four framings: each sample's id is `task/framing` and its epoch is
the sample's number within that task and framing (Inspect's way of repeating one input), so the viewer groups
a prompt's repeats together and shows the framing in the id and in the metadata.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from statistics import fmean
from typing import Any

from .. import store
from ..errors import InvalidInput, Unavailable
from ..tasks import Task, TaskFileError, load_bank
from ._framings import Framing, canonical_name, render_prompt
from ._records import resolve_run_id
from ._results import stored_protocol
from ._spec import PRESETS
from ._tables import BenchRun, ScoredSample, samples_of

#: The scores each sample carries, in points of 100, as the bench stores them.
SCORES = ("correctness", "efficiency", "quality", "composite")
EXTRA_HINT = "install the optional extra: pip install 'centaurlab[inspect]' (or pip install inspect_ai)"


@dataclass(frozen=True)
class WrittenLog:
    """One eval log written: whose, where, how many samples, and each score's mean and count."""

    model: str
    path: Path
    samples: int
    scores: dict[str, dict[str, float | int | None]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"model": self.model, "path": str(self.path), "samples": self.samples, "scores": self.scores}


@dataclass(frozen=True)
class InspectExport:
    """What an export wrote: the run, the folder, a log per model, and the samples left out (not graded)."""

    run_id: str
    directory: Path
    logs: list[WrittenLog]
    not_graded: int

    def to_dict(self) -> dict[str, Any]:
        return {"run": self.run_id, "directory": str(self.directory), "format": "inspect_ai eval log",
                "logs": [log.to_dict() for log in self.logs], "not_graded": self.not_graded,
                "view": f"inspect view --log-dir {self.directory}"}


def export_inspect(database_url: str, run: str, directory: Path) -> InspectExport:
    """Write run `run` (an id, a unique prefix, or `latest`) into `directory`: one `.eval` log per model."""
    log_api = _inspect_log()
    run_id = resolve_run_id(database_url, run)
    with store.session_scope(database_url) as session:
        run_row = session.get(BenchRun, run_id)
        config = dict(run_row.config or {}) if run_row is not None else {}
        created = run_row.created_at.isoformat() if run_row is not None else ""
        rows = [_row(s) for s in samples_of(session, run_id)]
    graded = [r for r in rows if r["status"] == "graded"]
    if not graded:
        raise InvalidInput(f"bench run {run_id} has no graded sample to export; finish it first with `centaur "
                           "bench run` and the same options (it resumes), then export again")
    protocol = stored_protocol(database_url, run_id, config, [r["task"] for r in rows]).to_dict()
    prompts = _prompts(config, graded)
    directory.mkdir(parents=True, exist_ok=True)
    logs = []
    for model in sorted({r["model"] for r in graded}):
        mine = [r for r in graded if r["model"] == model]
        log = _eval_log(log_api, run_id, created, config, protocol, model, mine, prompts)
        path = directory / f"{_safe(created[:19])}_centaur-bench_{run_id}-{_safe(model)}.eval"
        log_api.write_eval_log(log, str(path), format="eval")
        logs.append(WrittenLog(model, path, len(mine), _means(mine)))
    return InspectExport(run_id, directory, logs, len(rows) - len(graded))


def _inspect_log() -> Any:
    try:
        import inspect_ai.log as log_api
    except ImportError as exc:
        raise Unavailable(f"writing Inspect AI logs needs the inspect_ai package; {EXTRA_HINT}") from exc
    return log_api


def _row(sample: ScoredSample) -> dict[str, Any]:
    """The stored sample as plain data, read while its session is open."""
    return {"model": sample.model, "task": sample.task_id, "framing": canonical_name(sample.framing),
            "sample": sample.sample, "status": sample.status, "answer": sample.answer or "", "code": sample.code,
            "latency_s": sample.latency_s, "completion_tokens": sample.completion_tokens,
            "human_percentile": sample.human_percentile, "created": sample.created_at.isoformat(),
            **{name: getattr(sample, name) for name in SCORES}}


def _prompts(config: dict[str, Any], rows: list[dict[str, Any]]) -> dict[tuple[str, str], str]:
    """What each (task, framing) asked the model, rebuilt from the bank and the framing texts stored with the
    run; a task the bank no longer has gets its framing text and id only (said so in the text)."""
    texts: dict[str, str] = config.get("framing_texts") or {}
    try:
        tasks: dict[str, Task] = dict(load_bank(config["bank"]).tasks) if config.get("bank") else {}
    except (TaskFileError, LookupError, OSError):
        tasks = {}
    prompts = {}
    for task_id, framing in {(r["task"], r["framing"]) for r in rows}:
        instruction = texts.get(framing, "")
        task = tasks.get(task_id)
        prompts[task_id, framing] = (render_prompt(Framing(framing, instruction), task) if task is not None else
                                     f"{instruction}\n\n(task {task_id}: its bank is no longer on this machine)")
    return prompts


def _eval_log(log_api: Any, run_id: str, created: str, config: dict[str, Any], protocol: dict[str, Any],
              model: str, rows: list[dict[str, Any]], prompts: dict[tuple[str, str], str]) -> Any:
    from inspect_ai.model import ChatMessageAssistant, ChatMessageUser, GenerateConfig, ModelOutput
    from inspect_ai.scorer import Score

    settings = _settings(config, protocol, model)
    samples = []
    for r in sorted(rows, key=lambda r: (r["task"], r["framing"], r["sample"])):
        prompt = prompts[r["task"], r["framing"]]
        samples.append(log_api.EvalSample(
            id=f"{r['task']}/{r['framing']}", epoch=r["sample"] + 1, input=prompt, target="",
            messages=[ChatMessageUser(content=prompt), ChatMessageAssistant(content=r["answer"], model=model)],
            output=ModelOutput.from_content(model, r["answer"]),
            scores={name: Score(value=r[name], answer=r["code"]) for name in SCORES if r[name] is not None},
            metadata={"task": r["task"], "framing": r["framing"], "sample": r["sample"], "model": model,
                      "latency_s": r["latency_s"], "completion_tokens": r["completion_tokens"],
                      "human_percentile": r["human_percentile"], **settings},
            total_time=r["latency_s"],
        ))
    ids = sorted({str(s.id) for s in samples})
    spec = log_api.EvalSpec(
        run_id=run_id, eval_id=f"{run_id}-{_safe(model)}", created=created, task="centaur_bench", task_id=run_id,
        task_version=0, task_args={k: settings[k] for k in ("bank", "tasks", "framings", "framing_preset")},
        dataset=log_api.EvalDataset(name=settings["bank"], samples=len(ids), sample_ids=ids),
        model=model, model_generate_config=GenerateConfig(temperature=settings["temperature"],
                                                          max_tokens=settings["max_tokens"], seed=config.get("seed")),
        config=log_api.EvalConfig(epochs=config.get("samples")),
        metadata={"source": "centaur bench export --inspect", **settings}, packages=_packages(),
    )
    results = log_api.EvalResults(total_samples=len(samples), completed_samples=len(samples), scores=[
        log_api.EvalScore(name=name, scorer=name, scored_samples=int(stats["n"] or 0),
                          unscored_samples=len(samples) - int(stats["n"] or 0),
                          metrics={} if stats["mean"] is None else
                          {"mean": log_api.EvalMetric(name="mean", value=stats["mean"])})
        for name, stats in _means(rows).items()])
    started = min(r["created"] for r in rows)
    finished = max(r["created"] for r in rows)
    return log_api.EvalLog(eval=spec, status="success", results=results, samples=samples,
                           stats=log_api.EvalStats(started_at=started, completed_at=finished))


def _settings(config: dict[str, Any], protocol: dict[str, Any], model: str) -> dict[str, Any]:
    """The settings a sample was drawn under: what the report's protocol states, for this model."""
    sent = [t for t in (protocol.get("temperatures_sent") or {}).get(model) or [] if t is not None]
    temperature = config.get("temperature")
    if temperature is None and len(set(sent)) == 1:
        temperature = sent[0]  # the model's own default, as its calls went out
    tokens = (protocol.get("max_tokens") or {}).get(model) or {}
    return {"bank": config.get("bank"), "tasks": config.get("tasks"), "framings": config.get("framings"),
            "framing_preset": config.get("framing_preset"), "preset": _preset(config),
            "samples_per_task_and_framing": config.get("samples"), "temperature": temperature,
            "temperature_asked": config.get("temperature"), "max_tokens": tokens.get("value"),
            "max_tokens_source": tokens.get("source"), "seed": config.get("seed"), "measure": config.get("measure")}


def _preset(config: dict[str, Any]) -> str:
    """The preset whose protocol the run matches (a run stores its protocol, not the preset's name)."""
    for name, fields in PRESETS.items():
        if all(list(v) == config.get(k) if isinstance(v, tuple) else v == config.get(k) for k, v in fields.items()):
            return name
    return "custom"


def _means(rows: list[dict[str, Any]]) -> dict[str, dict[str, float | int | None]]:
    """Each score's mean over the samples that have it, and how many do."""
    out: dict[str, dict[str, float | int | None]] = {}
    for name in SCORES:
        values = [float(r[name]) for r in rows if r[name] is not None]
        out[name] = {"mean": fmean(values) if values else None, "n": len(values)}
    return out


def _packages() -> dict[str, str]:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return {"centaurlab": version("centaurlab")}
    except PackageNotFoundError:
        return {}


def _safe(text: str) -> str:
    """A file-name-safe form without underscores: Inspect reads a log's name as `time_task_id`, split at them."""
    return re.sub(r"[^A-Za-z0-9.-]+", "-", text).strip("-") or "model"
