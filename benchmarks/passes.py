"""A benchmark pass in a process of its own, importing `centaurlab` from a chosen source tree.

A pass in its own process can be counted whole: its CPU is that of the process and of every
process under it (launchers, bubblewrap, zygotes, boxes), read from the kernel's accounting. And
two trees (the code before a change and after it) can be measured side by side in one run. The
pass prints one JSON line last; `run_pass` returns it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from study_load import ISOLATE, source_tree

CURRENT_SRC = Path(__file__).resolve().parents[1] / "src"

__all__ = ["CURRENT_SRC", "isolate", "run_pass", "source_tree", "tree_cpu"]


def isolate(src: str) -> None:
    """In the pass's process, before anything imports centaurlab: only `src`'s may be imported."""
    exec(ISOLATE, {"_SRC": src})  # noqa: S102 - the benchmark's own code


def tree_cpu() -> float:
    """CPU seconds of this process and every process under it, finished ones included."""
    from centaurlab.sandbox import cpu_sample

    return cpu_sample(os.getpid()).ticks


def run_pass(script: Path, label: str, src: Path, data_dir: Path, spec: dict[str, Any]) -> dict[str, Any]:
    """Run `script --child SPEC` with `src` first on its path and `data_dir` as its data directory."""
    spec = {**spec, "src": str(src)}
    data_dir.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "PYTHONPATH": str(src), "CENTAUR_DATA_DIR": str(data_dir)}
    done = subprocess.run([sys.executable, str(script), "--child", json.dumps(spec)], env=env, cwd=data_dir.parent,
                          capture_output=True, text=True, check=False)  # fmt: skip
    if done.returncode != 0:
        raise SystemExit(f"{label}: the pass failed:\n{done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    if not Path(result["source"]).resolve().is_relative_to(src):
        raise SystemExit(f"{label}: centaurlab came from {result['source']}, not from {src}")
    result["label"] = label
    return result
