"""A seeded synthetic study of 20 participants, logged event by event, with its ground truth
kept alongside in plain Python so tests can check the metrics against it."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pandas as pd

from .log import Log, Participant

CONDITIONS = ("none", "autocomplete", "chat", "both")
TLX_ITEMS = ("tlx_mental", "tlx_physical", "tlx_temporal", "tlx_performance", "tlx_effort", "tlx_frustration")


@dataclass
class Truth:
    condition: dict[str, str] = field(default_factory=dict)
    task_set: dict[str, str] = field(default_factory=dict)
    completed: dict[str, int] = field(default_factory=dict)
    times: dict[str, list[int]] = field(default_factory=dict)
    shown: dict[str, int] = field(default_factory=dict)
    accepted: dict[str, int] = field(default_factory=dict)
    tlx_mean: dict[str, float] = field(default_factory=dict)


def study(n: int = 20, seed: int = 7) -> tuple[pd.DataFrame, pd.DataFrame, Truth]:
    rng = random.Random(seed)
    log, truth = Log(), Truth()
    for i in range(n):
        pid, condition = f"p{i:02d}", CONDITIONS[i % 4]
        task_set = "A" if (i // 4) % 2 == 0 else "B"   # every condition meets both sets
        truth.condition[pid], truth.task_set[pid] = condition, task_set
        _participant(log.participant(pid, condition), task_set, rng, truth)
    people = pd.DataFrame({"participant_id": list(truth.condition), "condition": list(truth.condition.values()),
                           "task_set": list(truth.task_set.values())})
    return log.frame(), people, truth


def _participant(p: Participant, task_set: str, rng: random.Random, truth: Truth) -> None:
    pid = p.participant_id
    ai_complete = p.condition in ("autocomplete", "both")
    ai_chat = p.condition in ("chat", "both")
    p.at(0, "session_started", task_set=task_set, sequence=[f"bank/t{k}" for k in range(8)])
    p.at(1, "task_loaded", task=0)
    p.at(50, "task_completed", task=0, attempts=1)      # tutorial, excluded everywhere
    t = 60
    truth.completed[pid], truth.times[pid], truth.shown[pid], truth.accepted[pid] = 0, [], 0, 0
    slow = {"none": 1.0, "autocomplete": 0.8, "chat": 0.9, "both": 0.75}[p.condition] * (1.3 if task_set == "B" else 1)
    for task in range(1, 8):
        p.at(t, "task_loaded", task=task)
        duration = int(rng.randint(90, 400) * slow)
        if ai_complete:
            for s in range(rng.randint(1, 4)):
                sid = f"{pid}-{task}-{s}"
                p.at(t + 5 + s * 10, "suggestion_requested", task=task, request_id=sid,
                     trigger=rng.choice(["auto", "manual"]), prefix="", suffix="")
                p.at(t + 6 + s * 10, "suggestion_shown", task=task, request_id=sid, suggestion_id=sid,
                     suggestion=f"value_{s} = {task}", model="m", latency_ms=200, prefix="", suffix="", logprobs=None)
                accept = rng.random() < 0.4
                p.at(t + 8 + s * 10, "suggestion_accepted" if accept else "suggestion_rejected", task=task,
                     suggestion_id=sid, **({} if accept else {"reason": "esc"}))
                if accept:
                    kept = f"value_{s} = {task}" if rng.random() < 0.7 else "pass"
                    p.at(t + 30 + s * 10, "code_snapshot", task=task, code=f"def f():\n    {kept}\n")
                truth.shown[pid] += 1
                truth.accepted[pid] += accept
        if ai_chat:
            p.at(t + 3, "chat_message", task=task, message_id=f"{pid}-m{task}", text="help", history=[])
            p.at(t + 4, "chat_response", task=task, message_id=f"{pid}-m{task}", response_id=f"{pid}-r{task}",
                 text="code", model="m", latency_ms=900)
            p.at(t + 5, "chat_copy", task=task, response_id=f"{pid}-r{task}", text="code", via="button")
        if t + duration > 1800:                       # the 30-minute session ends on this task
            p.at(1800, "session_ended", reason="timeout")
            break
        if rng.random() < 0.15:
            p.at(t + duration, "skip", task=task)
        else:
            p.at(t + duration, "submit", task=task, code="ok", passed=3, total=3, verdict="pass")
            p.at(t + duration, "task_completed", task=task, attempts=1)
            truth.completed[pid] += 1
            truth.times[pid].append(duration)
        t += duration + 1
    items = {item: rng.randint(1, 20) for item in TLX_ITEMS}
    truth.tlx_mean[pid] = (sum(items.values()) - items["tlx_performance"] + 21 - items["tlx_performance"]) / 6
    answers = {**items, **({"ai_helpfulness": rng.randint(1, 10)} if p.condition != "none" else {})}
    p.at(1900, "survey", survey="exit", answers=answers)
