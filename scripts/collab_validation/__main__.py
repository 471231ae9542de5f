"""Rebuild the checks and labelled sets of the built-in collab bank: `python scripts/collab_validation`.

One script per task computes the expected answers from the task's reference files, writes them
into the `check` of each objective rubric item, and writes the task's labelled deliverable sets
(none, wrong, partial, right) with the researcher's item points. Needs python-docx and openpyxl.
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[1] / "src")]


def main() -> None:
    tasks = sorted(p.stem for p in HERE.glob("*.py") if p.stem not in ("__main__", "common"))
    for name in sys.argv[1:] or tasks:
        runpy.run_path(str(HERE / f"{name}.py"), run_name="__main__")
        print(f"wrote the checks and labelled sets of {name}")


if __name__ == "__main__":
    main()
