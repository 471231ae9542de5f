"""How long the code-health analysis takes per file, against the radon CLI on the same files.

Collects every .py file of the shipped task banks (references, starters, known-bad solutions,
tests and efficiency generators), then times, in one run on this machine:

- our analysis (`analyse_quality`, all rules) in-process, median of --repeat rounds over all files;
- radon's library in-process (`cc_visit` + `raw.analyze`), for scale: the metrics we build on;
- the radon CLI (`radon cc -s` and `radon raw`): one call over all files (median of --cli-repeat),
  and one call per file (each command once per file), plus a bare `python -c pass` for the
  interpreter start-up that dominates a per-file call.

Prints files analysed, ms per file for each, and each radon figure as a ratio to ours.

    python benchmarks/quality.py [--repeat 20] [--cli-repeat 3] [--no-per-file]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from radon.complexity import cc_visit
from radon.raw import analyze as raw_analyze

from centaurlab.grading import analyse_quality

ROOT = Path(__file__).resolve().parents[1]
BANKS = ROOT / "src" / "centaurlab" / "tasks" / "builtin"


def bank_files() -> list[Path]:
    return sorted(p for p in BANKS.rglob("*.py") if "__pycache__" not in p.parts)


def kind(path: Path) -> str:
    if path.parent.name == "bad":
        return "bad"
    return path.stem if path.stem in {"reference", "starter", "tests", "efficiency"} else "other"


def radon_command() -> list[str]:
    script = Path(sys.executable).with_name("radon")
    return [str(script)] if script.exists() else [sys.executable, "-m", "radon"]


def median_seconds(fn: Callable[[], object], repeat: int) -> float:
    fn()  # warm imports and caches: we measure steady state, not first-call costs
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def run(cmd: list[str]) -> None:
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd[:3])} ... failed ({done.returncode}): {done.stderr[-500:]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20, help="rounds of the in-process timings")
    parser.add_argument("--cli-repeat", type=int, default=3, help="rounds of the batch CLI timings")
    parser.add_argument("--no-per-file", action="store_true", help="skip one CLI call per file")
    args = parser.parse_args()

    files = bank_files()
    if not files:
        raise SystemExit(f"no .py files under {BANKS}")
    sources = [p.read_text(encoding="utf-8") for p in files]
    n = len(files)
    kinds: dict[str, int] = {}
    for p in files:
        kinds[kind(p)] = kinds.get(kind(p), 0) + 1
    lines = sum(len(s.splitlines()) for s in sources)

    def ours() -> None:
        for source in sources:
            analyse_quality(source)

    def radon_library() -> None:
        for source in sources:
            cc_visit(source)
            raw_analyze(source)

    radon = radon_command()
    names = [str(p) for p in files]
    ours_s = median_seconds(ours, args.repeat)
    library_s = median_seconds(radon_library, args.repeat)
    batch_cc = median_seconds(lambda: run([*radon, "cc", "-s", *names]), args.cli_repeat)
    batch_raw = median_seconds(lambda: run([*radon, "raw", *names]), args.cli_repeat)
    startup = median_seconds(lambda: run([sys.executable, "-c", "pass"]), 5)
    per_file_s = None
    if not args.no_per_file:
        start = time.perf_counter()
        for name in names:
            run([*radon, "cc", "-s", name])
            run([*radon, "raw", name])
        per_file_s = time.perf_counter() - start

    ms = 1000.0 / n
    ours_ms = ours_s * ms
    findings = sum(len(analyse_quality(s).findings) for s in sources)
    print(f"files analysed: {n} ({', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))}); {lines} lines")
    print(f"findings: {findings}")
    print(f"{'measure':52} {'ms/file':>9} {'x ours':>8}")
    rows = [
        ("ours: analyse_quality, all rules (in-process)", ours_ms),
        ("radon library: cc_visit + raw.analyze (in-process)", library_s * ms),
        ("radon CLI, one call over all files: cc -s", batch_cc * ms),
        ("radon CLI, one call over all files: raw", batch_raw * ms),
        ("radon CLI, one call over all files: cc -s + raw", (batch_cc + batch_raw) * ms),
    ]
    if per_file_s is not None:
        rows.append(("radon CLI, one call per file: cc -s + raw", per_file_s * ms))
    for label, value in rows:
        print(f"{label:52} {value:9.3f} {value / ours_ms:8.1f}")
    print(f"(python -c pass: {startup * 1000:.1f} ms per start)")


if __name__ == "__main__":
    main()
