"""Write the labelled sets of the built-in collab bank from their descriptions:
`python scripts/collab_validation [TASK ...]`.

Each task's sets are described in `tasks/<task>.toml` (see generate.py for the format and
docs/collab.md, "Labelled sets"); this writes `validation/labels.toml` and `validation/<set>/`
into the bank, or into `--out`. `--check` writes nothing and lists every file that differs from
what the bank ships. Needs python-docx and openpyxl.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import tomllib  # noqa: E402

from generate import BANK, TASKS, DescriptionError, build_task, task_names, write  # noqa: E402


def differences(task: str, files: dict[str, bytes], bank: Path) -> list[str]:
    """Files of the task's validation folder that are missing, extra or not byte for byte the same."""
    shipped = {
        str(p.relative_to(bank / task / "validation")): p.read_bytes()
        for p in sorted((bank / task / "validation").rglob("*"))
        if p.is_file() and p.name != "rubric_matches.toml"
    }
    return [
        f"{task}/validation/{name}"
        for name in sorted(set(files) | set(shipped))
        if files.get(name) != shipped.get(name)
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python scripts/collab_validation", description=__doc__.split("\n\n")[0])
    parser.add_argument("tasks", nargs="*", help="tasks to write (default: every described task)")
    parser.add_argument("--descriptions", type=Path, default=TASKS, help="folder of <task>.toml descriptions")
    parser.add_argument("--bank", type=Path, default=BANK, help="bank whose rubrics give the item points")
    parser.add_argument("--out", type=Path, help="write <task>/validation/ here instead of into the bank")
    parser.add_argument("--check", action="store_true", help="write nothing; list files that differ from the bank's")
    args = parser.parse_args(argv)
    changed: list[str] = []
    for task in args.tasks or task_names(args.descriptions):
        try:
            output = build_task(task, args.bank, args.descriptions)
        except (DescriptionError, OSError, tomllib.TOMLDecodeError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        if args.check:
            files = {"labels.toml": output.labels.encode()}
            files |= {f"{s}/{n}": data for s, set_files in output.files.items() for n, data in set_files.items()}
            changed += differences(task, files, args.bank)
            continue
        write(task, output, args.out or args.bank)
        print(f"wrote the labelled sets of {task}")
    for path in changed:
        print(f"differs: {path}")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
