"""LLM judges: a model scores the deliverables against each rubric item, with a justification.
(Not `sandbox`'s judge, which runs a task's tests out of the tested code's reach.)

CollabSkill's grader asks K = 2 judges from different model families and averages their totals;
using more than one model tempers self-preference (a judge favouring what its own model wrote).
A judge here is a registered model with a temperature, a seed and a system prompt, so the panel
can be two different models, or (offline, where there is only the embedded model) two different
graders on the same model: a greedy one with the plain instructions and a sampling one told to
start every item at zero. A judge's answer must give every item an integer score between 0 and
the item's points; anything else is retried and, failing that, recorded as a failed judgement,
never as a zero.

The answer's length is bounded by the schema (each justification has a maximum length), so the
token budget is computed from the rubric: every item's worst case fits. A fixed budget cut the
embedded model's answers to nine-item rubrics short, which made one judge fail every time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..models import ModelProvider, Registry
from ._convert import render_for_prompt
from ._degenerate import answer_problem
from ._llm_json import JsonAskError, ask_json
from ._rubric import Rubric
from ._schema import TaskInstance

JUDGE_SYSTEM = """You grade a deliverable against a rubric. For every rubric item, open the
deliverables, follow the item's verification procedure, and award whole points from 0 up to the
item's maximum, with a one-sentence justification that cites what you saw. Missing files earn no
points for what they should have held. Answer with JSON only."""

STRICT_JUDGE_SYSTEM = """You are a strict second grader checking a deliverable against a rubric. Start
every rubric item at 0 points and add points only for what you can see in the deliverables: a
figure that matches, a section that is there, an instruction that is followed. Write a short
justification naming that evidence, or what is missing. Answer with JSON only."""

ITEM_OVERHEAD_TOKENS = 28
"""Tokens one item costs besides its justification: the item id, the keys, the score, JSON
punctuation and the indentation the grammar allows."""


@dataclass(frozen=True)
class JudgeConfig:
    name: str
    model: str
    temperature: float = 0.0
    seed: int = 0
    max_tokens: int | None = None  # None: enough for the rubric's worst case (token_budget)
    justification_chars: int = 160
    system: str = JUDGE_SYSTEM


@dataclass
class Judgement:
    judge: str
    model: str
    status: str  # ok | failed
    scores: dict[str, dict[str, Any]] = field(default_factory=dict)
    total: float | None = None
    error: str | None = None
    attempts: int = 0
    latency_s: float = 0.0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    degenerate: int = 0
    """Answers refused as degenerate (counting up, not sentences) before this judgement's end."""


def default_panel(registry: Registry, k: int = 2) -> list[JudgeConfig]:
    """K judges: different judge models where the registry has them (the paper's design), else the
    embedded model at different seeds and temperatures (offline)."""
    others = [n for n in registry.for_role("judge") if n != "local"]
    if len(others) >= k:
        return [JudgeConfig(name, name) for name in others[:k]]
    panel = [JudgeConfig(name, name) for name in others]
    i = 0
    while len(panel) < k:
        i += 1
        greedy = i == 1
        panel.append(
            JudgeConfig(
                f"local#{i}",
                "local",
                temperature=0.0 if greedy else 0.7,
                seed=i,
                justification_chars=40,
                system=JUDGE_SYSTEM if greedy else STRICT_JUDGE_SYSTEM,
            )
        )
    return panel


def token_budget(rubric: Rubric, justification_chars: int) -> int:
    """max_tokens that holds a complete answer even when every justification is as long as allowed
    (a small model often fills them up, a character or two per token)."""
    return len(rubric.items) * (ITEM_OVERHEAD_TOKENS + justification_chars) + 16


def justification_schema(max_chars: int) -> dict[str, Any]:
    """A justification that starts as a sentence does: a capitalised word, then a word. Where the
    server holds the answer to the schema (llama.cpp's grammar), the embedded judge can then no
    longer answer "1.25.1.1.1" or "100%," (_degenerate.py refuses what still slips through); the
    pattern also bounds the length, which llama.cpp takes from it, not from maxLength."""
    rest = max(1, max_chars - 18)  # the two words take at most 17 characters and a space
    return {"type": "string", "maxLength": max_chars,
            "pattern": f'^[A-Z][a-z]{{1,7}} [a-z]{{2,8}}[^"\\\\\\n]{{1,{rest}}}$'}


def judge_schema(rubric: Rubric, justification_chars: int = 160) -> dict[str, Any]:
    props = {
        item.id: {
            "type": "object",
            "properties": {
                "points": {"type": "integer", "minimum": 0, "maximum": int(item.points)},
                "justification": justification_schema(justification_chars),
            },
            "required": ["points", "justification"],
            "additionalProperties": False,
        }
        for item in rubric.items
    }
    return {
        "type": "object",
        "properties": props,
        "required": [i.id for i in rubric.items],
        "additionalProperties": False,
    }


def parse_scores(data: Any, rubric: Rubric) -> dict[str, dict[str, Any]]:
    """Per-item scores from a judge's JSON; raises ValueError naming the first problem.

    Accepts {"C1": {"points": 3, "justification": "..."}, ...} and {"scores": [{"item": "C1", ...}]}.
    """
    if isinstance(data, dict) and isinstance(data.get("scores"), list):
        data = {str(e.get("item", e.get("id"))): e for e in data["scores"] if isinstance(e, dict)}
    if not isinstance(data, dict):
        raise ValueError("the answer must be a JSON object keyed by rubric item id")
    out: dict[str, dict[str, Any]] = {}
    for item in rubric.items:
        entry = data.get(item.id)
        if not isinstance(entry, dict):
            raise ValueError(f"item {item.id} has no score")
        points = entry.get("points", entry.get("score"))
        if isinstance(points, bool) or not isinstance(points, int | float):
            raise ValueError(f"item {item.id}: points {points!r} is not a number")
        if not 0 <= points <= item.points:
            raise ValueError(f"item {item.id}: points {points} outside 0..{item.points:g}")
        why = entry.get("justification", "")
        if not isinstance(why, str) or not why.strip():
            raise ValueError(f"item {item.id} has no justification")
        out[item.id] = {"points": float(points), "max": item.points, "justification": why.strip()}
    extra = sorted(set(data) - {i.id for i in rubric.items})
    if extra:
        raise ValueError(f"scores for unknown items {', '.join(extra)}")
    return out


def judge_prompt(task: TaskInstance, rubric: Rubric, files: dict[str, bytes], file_chars: int = 6000) -> str:
    expected = [d.name for d in task.deliverables]
    missing = [n for n in expected if n not in files]
    share = file_chars // max(1, len(files))
    shown = "\n".join(render_for_prompt(n, data, share) for n, data in sorted(files.items())) or "(no files)"
    notes = f"\nEvaluator notes:\n{task.evaluator_notes}\n" if task.evaluator_notes else ""
    return (
        f"Task given to the worker:\n{task.prompt.strip()}\n\nExpected deliverables: {', '.join(expected)}\n"
        f"Missing: {', '.join(missing) or 'none'}\n{notes}\nRubric:\n{rubric.as_text()}\n\n"
        f"Deliverables:\n{shown}\n\nScore every rubric item ({', '.join(i.id for i in rubric.items)})."
    )


def run_judge(
    cfg: JudgeConfig,
    provider: ModelProvider,
    task: TaskInstance,
    rubric: Rubric,
    files: dict[str, bytes],
    attempts: int = 3,
) -> Judgement:
    messages = [
        {"role": "system", "content": cfg.system},
        {"role": "user", "content": judge_prompt(task, rubric, files)},
    ]
    try:
        answer = ask_json(
            provider,
            messages,
            judge_schema(rubric, cfg.justification_chars),
            lambda d: usable_scores(d, rubric),
            attempts=attempts,
            temperature=cfg.temperature,
            seed=cfg.seed * 1000,
            max_tokens=cfg.max_tokens or token_budget(rubric, cfg.justification_chars),
        )
    except JsonAskError as exc:
        return Judgement(cfg.name, cfg.model, "failed", error=str(exc), attempts=attempts,
                         degenerate=_degenerate(exc.problems))
    scores: dict[str, dict[str, Any]] = answer.value
    total = sum(s["points"] for s in scores.values()) * 100.0 / rubric.total
    return Judgement(cfg.name, cfg.model, "ok", scores, total, None, answer.attempts, answer.latency_s,
                     answer.prompt_tokens, answer.completion_tokens, _degenerate(answer.problems))


def usable_scores(data: Any, rubric: Rubric) -> dict[str, dict[str, Any]]:
    """parse_scores, then the answer refused when it is degenerate (see _degenerate.py)."""
    scores = parse_scores(data, rubric)
    problem = answer_problem(scores, rubric)
    if problem:
        raise ValueError(problem)
    return scores


def _degenerate(problems: list[str]) -> int:
    return sum(1 for p in problems if p.startswith("degenerate"))
