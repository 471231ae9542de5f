"""How long the study metrics and the HTML report take on study-sized event logs.

The synthetic study of the tests (seeded, ~55 events per participant) is scaled to N
participants; RealHumanEval had 213. The baseline, measured in the same run, is the least any
analysis must do with an export: parse every payload from JSON text and count events per
participant and type. Printed: seconds per step and the whole report as a multiple of the baseline.

    python benchmarks/study_metrics.py [--participants 200 1000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from centaurlab.study import (  # noqa: E402
    condition_effects,
    participant_metrics,
    render_report,
    suggestion_metrics,
    task_metrics,
)
from tests.study.metrics.synthetic import study  # noqa: E402


def best(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def baseline(exported: pd.DataFrame) -> None:
    parsed = exported.assign(payload=[json.loads(p) for p in exported["payload"]])
    parsed.groupby(["participant_id", "type"]).size()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--participants", type=int, nargs="+", default=[200, 1000])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"{'participants':>12} {'events':>8} {'baseline s':>10} {'tasks s':>8} {'suggest. s':>10} "
          f"{'per-person s':>12} {'effects s':>9} {'report s':>9} {'report x baseline':>17}")
    for n in args.participants:
        events, people, _ = study(n, seed=11)
        exported = events.assign(payload=[json.dumps(p) for p in events["payload"]])
        base = best(lambda: baseline(exported), args.repeat)  # noqa: B023
        t_tasks = best(lambda: task_metrics(exported), args.repeat)  # noqa: B023
        t_sugg = best(lambda: suggestion_metrics(exported), args.repeat)  # noqa: B023
        t_people = best(lambda: participant_metrics(exported, people), args.repeat)  # noqa: B023
        per_person, tasks = participant_metrics(exported, people), task_metrics(exported)
        t_effects = best(lambda: condition_effects(per_person, tasks), args.repeat)  # noqa: B023
        t_report = best(lambda: render_report(exported, people), args.repeat)  # noqa: B023
        print(f"{n:>12} {len(events):>8} {base:>10.3f} {t_tasks:>8.3f} {t_sugg:>10.3f} {t_people:>12.3f} "
              f"{t_effects:>9.3f} {t_report:>9.3f} {t_report / base:>17.1f}")


if __name__ == "__main__":
    main()
