"""Scripted participants for the centaur comparison's worked example: they go through `algo-pair` over HTTP
as a browser would, against a running `centaur serve`. They are not people, and the study says so.

Each hands in, per task, one of three solutions from the bank: the reference, the known-bad quadratic one
(correct, too slow for the efficiency tests) or the starter (wrong); a solution that fails the hidden tests
is skipped. The no-AI participants take NO_AI's plans in turn; a participant with autocomplete asks for
one suggestion per task (the embedded model's real answer, logged) and then hands in the reference.

    python examples/compare/participants.py --base-url http://127.0.0.1:8000 --participants 4
"""

from __future__ import annotations

import argparse
import time
import uuid
from typing import Any

import httpx

from centaurlab.tasks import load_bank

STUDY = "algo-pair"
ALGO = load_bank("algo")
NO_AI = [("reference", "reference"), ("slow", "reference"), ("starter", "slow"), ("reference", "starter"),
         ("slow", "reference"), ("reference", "slow")]


def solution(task_id: str, kind: str) -> str:
    task = ALGO.tasks[task_id]
    return {"reference": task.reference_source, "slow": (task.path / "bad" / "slow.py").read_text(),
            "starter": task.starter}[kind]


def post(client: httpx.Client, path: str, **body: Any) -> dict[str, Any]:
    r = client.post(f"/api/study/{STUDY}/{path}", json={"event_id": str(uuid.uuid4()),
                                                         "client_ms": int(time.time() * 1000), **body})
    r.raise_for_status()
    out: dict[str, Any] = r.json()
    return out


def participant(base_url: str, plan_index: int) -> tuple[str, bool]:
    """One participant from the link to the thank-you page; their condition and whether a no-AI plan was used."""
    with httpx.Client(base_url=base_url, timeout=120, follow_redirects=True) as client:
        client.get(f"/s/{STUDY}")
        client.post(f"/s/{STUDY}/consent", data={"agree": "yes"})
        client.post(f"/s/{STUDY}/pre", data={"programming_experience": "3-5 years", "python_experience": "advanced",
                                             "ai_tool_use": "sometimes"})
        client.post(f"/s/{STUDY}/start")
        state = client.get(f"/api/study/{STUDY}/state").json()
        condition = state["condition"]
        plan = NO_AI[plan_index % len(NO_AI)] if condition == "no-ai" else ("reference", "reference")
        kinds = {"min_gap": plan[0], "anagram_pairs": plan[1], "range_sums": "reference"}
        while state["stage"] == "coding":
            task_id, index = state["task"]["id"].rpartition("/")[2], state["task"]["index"]
            code = solution(task_id, kinds[task_id])
            if condition == "autocomplete" and index > 0:
                head = code.split("\n", 1)[0] + "\n    "
                client.post(f"/api/study/{STUDY}/suggest", json={
                    "request_id": str(uuid.uuid4()), "trigger": "auto", "prefix": head, "suffix": "",
                    "task_index": index, "client_ms": int(time.time() * 1000)}).raise_for_status()
            answer = post(client, "submit", task_index=index, code=code)
            state = answer["state"]
            if not answer["completed"]:
                state = post(client, "skip", task_index=index)
        exit_answers = {q: "10" for q in ("tlx_mental", "tlx_physical", "tlx_temporal", "tlx_performance",
                                          "tlx_effort", "tlx_frustration")}
        client.post(f"/s/{STUDY}/exit", data={**exit_answers, "ai_helpfulness": "3", "comments": "scripted"})
        return condition, condition == "no-ai"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url", default="http://127.0.0.1:8000")
    parser.add_argument("--participants", type=int, default=4)
    parser.add_argument("--first-plan", type=int, default=0, help="The no-AI plan the first no-AI participant takes.")
    args = parser.parse_args()
    used = args.first_plan
    for _ in range(args.participants):
        condition, took_plan = participant(args.base_url, used)
        used += took_plan
        print(f"{condition}: done")


if __name__ == "__main__":
    main()
