from __future__ import annotations

from pathlib import Path

from centaurlab.tasks import Bank, Task, load_bank

MINI_BANK = Path(__file__).parent / "fixtures" / "mini_bank"


def mini_bank() -> Bank:
    return load_bank(str(MINI_BANK))


def pair_sum() -> Task:
    return mini_bank().tasks["pair_sum"]
