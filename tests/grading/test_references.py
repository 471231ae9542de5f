"""Reference figures kept per machine, and dropped when the calibration probe says it changed."""

from __future__ import annotations

from pathlib import Path

import pytest

from centaurlab.grading import EfficiencyConfig, ReferenceCache
from centaurlab.grading import _efficiency as efficiency
from centaurlab.grading import _references as references
from centaurlab.grading._references import ReferenceStore, machine_store, measure_probe
from tests.helpers import pair_sum


@pytest.fixture
def measured(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """No sandbox: each reference measurement is recorded and gives 0.1 s per case."""
    calls: list[str] = []

    def fake(task, config, backend=None):  # type: ignore[no-untyped-def]
        calls.append(task.id)
        return {"perf_many_values": 0.1}

    monkeypatch.setattr(efficiency, "measure_reference", fake)
    return calls


def probe_gives(monkeypatch: pytest.MonkeyPatch, *figures: float) -> list[float]:
    left = list(figures)
    monkeypatch.setattr(references, "measure_probe", lambda backend=None: left.pop(0))
    return left


def test_a_reference_is_measured_once_per_machine(tmp_path: Path, measured: list[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    probe_gives(monkeypatch, 0.10, 0.11)
    store = ReferenceStore(tmp_path)
    assert store.figures(pair_sum(), EfficiencyConfig()) == {"perf_many_values": 0.1}
    assert store.figures(pair_sum(), EfficiencyConfig()) == {"perf_many_values": 0.1}
    other_process = ReferenceStore(tmp_path)  # probes again: 10 % off, the same machine
    assert other_process.figures(pair_sum(), EfficiencyConfig()) == {"perf_many_values": 0.1}
    assert measured == ["pair_sum"] and store.probes == other_process.probes == 1
    other_settings = EfficiencyConfig(repeat=5)
    other_process.figures(pair_sum(), other_settings)
    assert measured == ["pair_sum", "pair_sum"]


def test_a_probe_far_from_the_kept_one_drops_every_figure(tmp_path: Path, measured: list[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    probe_gives(monkeypatch, 0.10, 0.13)
    ReferenceStore(tmp_path).figures(pair_sum(), EfficiencyConfig())
    ReferenceStore(tmp_path).figures(pair_sum(), EfficiencyConfig())  # 30 % slower: measured again
    assert measured == ["pair_sum", "pair_sum"]


def test_instruction_counts_are_kept_without_a_probe(tmp_path: Path, measured: list[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    probe_gives(monkeypatch)  # any probe would fail: none is left
    counts = EfficiencyConfig(measure="instructions")
    ReferenceStore(tmp_path).figures(pair_sum(), counts)
    ReferenceStore(tmp_path).figures(pair_sum(), counts)
    assert measured == ["pair_sum"]


def test_a_cache_with_a_store_reads_it_and_one_without_measures(measured: list[str],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    probe_gives(monkeypatch, 0.1)
    store = machine_store()
    assert store.folder.parent.name == "centaur-data"  # the test's own data directory
    ReferenceCache(EfficiencyConfig(), store=store).get(pair_sum())
    ReferenceCache(EfficiencyConfig(), store=store).get(pair_sum())
    assert measured == ["pair_sum"]
    ReferenceCache(EfficiencyConfig()).get(pair_sum())
    assert measured == ["pair_sum", "pair_sum"]


def test_the_probe_runs_in_the_sandbox() -> None:
    assert 0.0 < measure_probe() < 30.0
