"""How fast the offline panel grades collab sessions, and what one judge call costs.

Stores N sessions with hand-written deliverables on built-in tasks, a fixed four-item rubric per
task, and grades them with the default offline panel (two graders on the embedded model), through
`collab.grade_sessions` as `centaur collab grade` does: sessions graded per minute.

The cost of one judge call (the offline panel's first judge) is compared with a baseline measured
in the same run: a plain chat request to the same model that reads a one-line prompt and writes
as many tokens as the judge calls wrote on average (`ignore_eos`), so the ratio is what the
judge's prompt (rubric, task and deliverables) and the grammar-constrained decoding add to bare
generation.

    python benchmarks/collab.py                 # 3 sessions
    python benchmarks/collab.py --sessions 5

`--validate` times `centaur collab validate` instead: the labelled sets of every built-in task
graded by the checks alone (`--judges 0`), against the baseline measured in the same run, the same
sets of a few tasks graded by checks plus the offline panel of two judges: seconds per set of each
and their ratio, with the panel's unusable answers.

    python benchmarks/collab.py --validate                # panel on 2 tasks
    python benchmarks/collab.py --validate --panel-tasks 25

`--agent` runs the autonomous baseline (`run_baseline`, what `centaur collab run` calls) on the first
`--limit-tasks` built-in tasks twice in one run: the agent as configured, held to the plan of
collab/_plan.py (one write per missing deliverable before `finish`), and the baseline, the same agent
as it was before the plan (free to finish at any time, 4 steps, greedy sampling). For each: tasks
with every deliverable handed in (non-empty), deliverables handed in, tasks with no file, the mean
score of the rubric's checks (`collab validate --judges 0`'s grade of what code decides), seconds
per task; and their ratio.

    python benchmarks/collab.py --agent local-agent --limit-tasks 25
    python benchmarks/collab.py --agent local-agent --arms held-greedy   # held, without the agent's
                                                                        # repetition penalty
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from centaurlab import store
from centaurlab.collab import get_agent, load_collab_bank, load_rubric_file, parse_rubric, validate, validate_bank
from centaurlab.collab._agents import AgentConfig
from centaurlab.collab._grade import GradeOptions, grade_sessions
from centaurlab.collab._llm_judge import default_panel, run_judge
from centaurlab.collab._rubric_gen import save_rubric
from centaurlab.collab._runner import run_baseline
from centaurlab.collab._schema import TaskInstance
from centaurlab.collab._scoring import check_session, code_score
from centaurlab.collab._tables import CollabSession, files_of, save_files
from centaurlab.models import ChatRequest, load_registry
from centaurlab.stats import mean_figure

VERIFY = "open the deliverable and compare it with the task prompt and the reference files"
DELIVERABLES = {
    "press_release": {"press_release.md": b"# Tidewater Bikes launches the Harbor e-cargo bike\n\nPORTLAND, Oregon - "
                      b"The Harbor carries 60 kg, rides 75 km and costs USD 3,900 from 14 April 2026.\n"},
    "vitals_flags": {"flags.csv": b"resident,time,measure,value,limit\nRoom 102,06:05,systolic,162,>160\n",
                     "shift_note.md": b"Room 102 systolic 162. Others within limits.\n"},
    "log_triage": {"error_summary.csv": b"code,count\nE2001,4\nE1042,3\nE3300,3\nE4404,1\n",
                   "triage.md": b"1. Payment gateway timeouts (E2001).\n2. Disk filling (E3300).\n"},
    "reading_quiz": {"quiz.md": b"1. What is transpiration?\nAnswer key: 1. water released from leaf pores.\n"},
    "project_status": {"status_report.md": b"Status: amber. Vendor selection is late and blocks network design.\n"},
}


def small_rubric(task_id: str) -> dict[str, Any]:
    names = {"correctness_accuracy": 40, "deliverable_completeness": 25, "task_requirements": 20,
             "technical_quality": 15}
    return {"categories": [{"name": n, "weight": w, "items": [
        {"criterion": f"The deliverables meet the {n.replace('_', ' ')} bar of the task", "points": w,
         "verification": VERIFY}]} for n, w in names.items()]}


def setup(url: str, n: int) -> list[tuple[int, str, str]]:
    bank = load_collab_bank()
    chosen = list(DELIVERABLES)[:n]
    out = []
    with store.session_scope(url) as s:
        for task_id in chosen:
            row = CollabSession(kind="autonomous", agent="fixture", model="fixture", task_id=task_id, bank="collab",
                                human="none", status="done", steps=0, tokens=0, trajectory={})
            s.add(row)
            s.flush()
            save_files(s, row.id, DELIVERABLES[task_id])
            out.append((row.id, task_id, "collab"))
    for task_id in chosen:
        bank.get(task_id)
        save_rubric(url, validate(parse_rubric(small_rubric(task_id), task_id)), "edited", None)
    return out


def time_validate(panel_tasks: int) -> None:
    """Seconds per labelled set: checks alone on every task, checks + two judges on a few."""
    tasks = load_collab_bank().select()
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'bench.db'}"
        store.upgrade(url)
        registry = load_registry()
        registry.provider("local").chat(ChatRequest.user("hi", max_tokens=1))  # server up outside the timings
        checks = validate_bank(url, tasks, 0, registry=registry)
        panel = validate_bank(url, tasks[:panel_tasks], 2, registry=registry)
    n_checks = sum(len(t.sets) for t in checks.tasks)
    n_panel = sum(len(t.sets) for t in panel.tasks)
    per_check = checks.seconds / n_checks
    per_panel = panel.seconds / n_panel
    unusable = sum(len(s.unusable) for t in panel.tasks for s in t.sets)
    print(f"machine load average (1 min) at the end: {os.getloadavg()[0]:.1f}")
    print(f"checks alone: {n_checks} sets of {len(checks.tasks)} tasks in {checks.seconds:.2f} s "
          f"({per_check:.3f} s per set); order holds on {checks.summary['order_holds']} of {len(checks.tasks)}")
    print(f"baseline, checks + 2 judges: {n_panel} sets of {len(panel.tasks)} tasks in {panel.seconds:.1f} s "
          f"({per_panel:.2f} s per set; {unusable} unusable judge answers)")
    print(f"checks alone / checks + panel, per set: {per_check / per_panel:.4f}x "
          f"({per_panel / per_check:.0f} times faster)")
    print(f"the whole built-in bank with the panel would take about {per_panel * n_checks / 60:.0f} minutes here")


def agent_arm(url: str, cfg: AgentConfig, tasks: list[TaskInstance]) -> dict[str, Any]:
    """One agent on the tasks through `run_baseline`; what it handed in, graded by the rubric's checks."""
    start = time.perf_counter()
    outcomes = run_baseline(url, cfg, tasks)
    seconds = time.perf_counter() - start
    complete = handed = empty_tasks = 0
    scores = []
    with store.session_scope(url) as s:
        for task, o in zip(tasks, outcomes, strict=True):
            names = [d.name for d in task.deliverables]
            checks = check_session(task, load_rubric_file(task.rubric_path, task.id, names), files_of(s, o.session_id))
            handed += len(checks.present)
            complete += not checks.missing
            empty_tasks += checks.no_deliverable
            score = code_score(checks)
            scores.append(0.0 if math.isnan(score) else score)
            print(f"  {cfg.name:<20} {task.id:<22} {o.stop_reason:<28} steps {o.steps}  "
                  f"{len(checks.present)}/{len(names)} deliverables  checks {score:5.1f}")
    return {"complete": complete, "handed": handed, "expected": sum(len(t.deliverables) for t in tasks),
            "no_file": empty_tasks, "checks": statistics.mean(scores), "scores": scores,
            "seconds": seconds / len(tasks),
            "steps": statistics.mean(o.steps for o in outcomes)}


ARMS = ("held", "held-greedy", "baseline")


def time_agent(name: str, limit: int, chosen: list[str]) -> None:
    """The held agent against its unheld baseline on the same tasks, in the same run; `held-greedy`
    (held, without the agent's extra sampling options) tells the plan's share from the sampling's."""
    held = get_agent(name)
    if not held.plan:
        raise SystemExit(f"agent {name} is not held to the plan (plan = false): nothing to compare")
    configs = {"held": held, "held-greedy": replace(held, name=f"{name}-greedy", extra={}),
               "baseline": replace(held, name=f"{name}-unheld", plan=False, step_limit=4, token_budget=16_000,
                                   extra={})}
    tasks = load_collab_bank().select(None, limit)
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'bench.db'}"
        store.upgrade(url)
        load_registry().provider(held.model).chat(ChatRequest.user("hi", max_tokens=1))  # server up first
        arms = {label: agent_arm(url, configs[label], tasks) for label in chosen}
    print(f"machine load average (1 min) at the end: {os.getloadavg()[0]:.1f}")
    for label, arm in arms.items():
        print(f"{label:<11}: every deliverable on {arm['complete']:.0f} of {len(tasks)} tasks; "
              f"{arm['handed']:.0f} of {arm['expected']:.0f} deliverables; no file on {arm['no_file']:.0f}; "
              f"checks' score {mean_figure(arm['scores'], bounds=(0, 100)).text()} (mean of the tasks, 0-100, t 95%); "
              f"{arm['steps']:.1f} steps and "
              f"{arm['seconds']:.1f} s per task")
    if not {"held", "baseline"} <= set(arms):
        return
    new, old = arms["held"], arms["baseline"]
    print(f"held / baseline: tasks with every deliverable {new['complete'] / max(1, old['complete']):.2f}x, "
          f"checks' score {new['checks'] / old['checks'] if old['checks'] else float('nan'):.2f}x, "
          f"seconds per task {new['seconds'] / old['seconds']:.2f}x")
    change = mean_figure([a - b for a, b in zip(new["scores"], old["scores"], strict=True)], what="the paired change")
    print(f"held - baseline, checks' score task by task: {change.text()} (mean of the paired changes, t 95%)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sessions", type=int, default=3)
    parser.add_argument("--validate", action="store_true", help="time `collab validate` instead")
    parser.add_argument("--panel-tasks", type=int, default=2, help="tasks graded by the panel in --validate")
    parser.add_argument("--agent", help="run this agent held to the plan against its unheld baseline instead")
    parser.add_argument("--limit-tasks", type=int, default=25, help="tasks the --agent runs take (by id)")
    parser.add_argument("--arms", default="held,baseline", help=f"--agent's runs, of {', '.join(ARMS)}")
    args = parser.parse_args()
    if args.agent:
        arms = [a.strip() for a in args.arms.split(",") if a.strip()]
        if not arms or set(arms) - set(ARMS):
            raise SystemExit(f"--arms: choose among {', '.join(ARMS)}")
        time_agent(args.agent, args.limit_tasks, arms)
        return
    if args.validate:
        time_validate(args.panel_tasks)
        return
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'bench.db'}"
        store.upgrade(url)
        todo = setup(url, min(args.sessions, len(DELIVERABLES)))
        registry = load_registry()
        provider = registry.provider("local")
        provider.chat(ChatRequest.user("hi", max_tokens=1))  # start the server outside the timings

        start = time.perf_counter()
        outcomes = grade_sessions(url, todo, GradeOptions(judges=2), registry=registry)
        minutes = (time.perf_counter() - start) / 60
        ok = sum(len(o.judged) for o in outcomes)
        failed = sum(len(o.failed) for o in outcomes)

        task = load_collab_bank().get("press_release")
        rubric = validate(parse_rubric(small_rubric(task.id), task.id))
        # the judge as the offline panel configures it (greedy, 40-character justifications)
        judge = default_panel(registry)[0]
        calls = [run_judge(replace(judge, name=f"probe{i}"), provider, task, rubric, DELIVERABLES["press_release"])
                 for i in range(3)]
        judge_s = statistics.median(c.latency_s / max(1, c.attempts) for c in calls)
        out_tokens = max(1, round(statistics.mean(c.completion_tokens / max(1, c.attempts) for c in calls)))
        in_tokens = round(statistics.mean(c.prompt_tokens / max(1, c.attempts) for c in calls))
        base = []
        for i in range(3):
            t0 = time.perf_counter()
            provider.chat(ChatRequest.user("Say something.", max_tokens=out_tokens, temperature=0.0, seed=i,
                                           extra={"ignore_eos": True}))
            base.append(time.perf_counter() - t0)
        base_s = statistics.median(base)
    load = os.getloadavg()[0]
    print(f"machine load average (1 min) at the end: {load:.1f}")
    print(f"judge: {judge.name} as configured offline (temperature {judge.temperature}, "
          f"justifications of at most {judge.justification_chars} characters)")
    print(f"graded {len(todo)} sessions x 2 judges in {minutes * 60:.1f} s: {len(todo) / minutes:.2f} sessions/minute "
          f"({ok} judgements usable, {failed} failed)")
    print(f"one judge call: {judge_s:.2f} s median ({in_tokens} prompt tokens, {out_tokens} answer tokens)")
    print(f"baseline, the same {out_tokens} tokens after a one-line prompt, unconstrained: {base_s:.2f} s")
    print(f"judge call / baseline: {judge_s / base_s:.2f}x")


if __name__ == "__main__":
    main()
