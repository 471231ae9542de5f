from __future__ import annotations

from pathlib import Path

from centaurlab.tasks import Bank, Task, load_bank

MINI_BANK = Path(__file__).parent / "fixtures" / "mini_bank"


def mini_bank() -> Bank:
    return load_bank(str(MINI_BANK))


def pair_sum() -> Task:
    return mini_bank().tasks["pair_sum"]


def latest_revision() -> str:
    """The newest migration shipped, by file name: the head every upgrade must reach."""
    from centaurlab.store import MIGRATIONS

    return sorted(p.name[:4] for p in (MIGRATIONS / "versions").glob("[0-9][0-9][0-9][0-9]_*.py"))[-1]


def pair_sum_with(folder: Path, **files: str) -> Task:
    """The mini bank's pair_sum copied under `folder`, with some of its files replaced, e.g.
    `pair_sum_with(tmp_path, tests="...", reference="...")` writes tests.py and reference.py."""
    import shutil

    bank = folder / "bank"
    if not bank.exists():
        shutil.copytree(MINI_BANK, bank)
    for name, text in files.items():
        (bank / "pair_sum" / f"{name}.py").write_text(text)
    return load_bank(str(bank)).tasks["pair_sum"]
