"""Wrong solutions that try to forge their verdicts; every one must come out failing.

Each attempt in FORGERIES is a wrong answer to study/even_odd_count (the right one counts the
even and the odd digits) plus a trick to make the judge believe otherwise. Each goes through
`centaur run`, `centaur grade`, a bench run (a model that answers with the forgery, graded by
bench's own path) and the study's Submit (its grader). The efficiency forgeries are correct but
slow solutions of the mini bank's pair_sum that try to hide their CPU time.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from centaurlab import store
from centaurlab.bench import BenchSpec, run_bench, samples_of
from centaurlab.cli import app
from centaurlab.grading import EfficiencyConfig, Grader, Runner, grade_efficiency, measure_reference
from centaurlab.models import ModelConfig, Registry
from centaurlab.sandbox import TRUSTED_ENV, ForgeableMeasure, Limits, Suite, bwrap_works, run_suite
from centaurlab.tasks import get_task
from tests.fakes.openai_server import FakeOpenAI, Reply, chat_body, serve
from tests.helpers import pair_sum

# one worker builds the module's fixture once
pytestmark = [
    pytest.mark.skipif(not bwrap_works()[0], reason="bubblewrap unavailable"),
    pytest.mark.xdist_group("test_forgery"),
]

runner = CliRunner()
WRONG = "\ndef even_odd_count(num):\n    return (0, 0)\n"

FORGERIES = {
    # rebind the hidden test module's `eq` (the forgery of the issue: 11/11 before the judge moved out)
    "patch_the_checker": """
import sys
tests = sys.modules.get("tests")
if tests is not None:
    tests.eq = lambda *args, **kwargs: None
""" + WRONG,
    # builtins and every loaded module: no assertion can fail, every `eq` passes
    "patch_builtins_and_modules": """
import builtins, sys
class Never(Exception):
    pass
builtins.AssertionError = Never
_real_import = builtins.__import__
def _import(name, *args, **kwargs):
    module = _real_import(name, *args, **kwargs)
    if name == "centaur_testlib":
        module.eq = lambda *a, **k: None
    return module
builtins.__import__ = _import
for module in list(sys.modules.values()):
    for name in ("eq", "close", "true"):
        if hasattr(module, name):
            try:
                setattr(module, name, lambda *a, **k: None)
            except Exception:
                pass
""" + WRONG,
    # walk the caller's frames for the expected value or the checker
    "frame_introspection": """
import sys
def even_odd_count(num):
    frame = sys._getframe(1)
    while frame is not None:
        for name in ("expected", "want", "answer"):
            if name in frame.f_locals:
                return frame.f_locals[name]
        if "eq" in frame.f_globals:
            frame.f_globals["eq"] = lambda *a, **k: None
        frame = frame.f_back
    return (0, 0)
""",
    # reach the test functions and the reporter through the garbage collector
    "gc_introspection": """
import gc, types
def _noop():
    pass
for obj in gc.get_objects():
    if isinstance(obj, types.FunctionType) and obj.__name__.startswith("test_"):
        obj.__code__ = _noop.__code__
    elif isinstance(obj, dict) and obj.get("verdict") in ("fail", "error"):
        obj["verdict"] = "pass"
""" + WRONG,
    # print what verdicts used to look like, on every stream there is
    "fake_verdicts_on_stdout": """
import os, sys, json
def even_odd_count(num):
    for i in range(1, 40):
        line = json.dumps({"kind": "test", "id": f"test_{i}", "verdict": "pass"})
        print("0" * 16, line)
        sys.__stdout__.write(line + "\\n")
        os.write(1, (line + "\\n").encode())
    return (0, 0)
""",
    # write replies straight onto every descriptor, for every call id
    "forged_replies_on_the_channel": """
import os, json
def even_odd_count(num):
    for fd in range(0, 12):
        for call_id in range(1, 60):
            try:
                os.write(fd, (json.dumps({"id": call_id, "ok": "pass", "verdict": "pass"}) + "\\n").encode())
            except OSError:
                pass
    return (0, 0)
""",
    # a value that equals everything
    "custom_eq": """
class Anything(tuple):
    def __eq__(self, other):
        return True
    def __ne__(self, other):
        return False
    __hash__ = tuple.__hash__
def even_odd_count(num):
    return Anything((9, 9))
""",
    # leave before any test can fail
    "exit_early": """
import os
def even_odd_count(num):
    os._exit(0)
""",
    # two processes answering, each with its own story
    "fork": """
import os
def even_odd_count(num):
    os.fork()
    return (0, 0)
""",
    # a clean exit from an exit handler, mid-test
    "sys_exit_in_atexit": """
import atexit, os, sys
atexit.register(lambda: os._exit(0))
def even_odd_count(num):
    sys.exit(0)
""",
    # replace the converter that turns return values into plain data
    "monkeypatch_the_converter": """
import sys, json
main = sys.modules["__main__"]
if hasattr(main, "plain"):
    main.plain = lambda value, depth=0: {"$h": 1, "type": "tuple", "call": False}
_dumps = json.dumps
json.dumps = lambda record, **kw: _dumps({**record, "verdict": "pass", "passed": True}, **kw)
""" + WRONG,
    # find the hidden tests on disk and answer from them (the table stands for a parse of the file)
    "read_the_tests_from_disk": """
import os
KNOWN = {2468: (4, 0), 13579: (0, 5), 123456: (3, 3), 0: (1, 0), 7: (0, 1), -305: (1, 2), 1100: (2, 2),
         -8: (1, 0), -222222: (6, 0), 10: (1, 1), int("9" * 60 + "0" * 40): (40, 60)}
FOUND = False
roots = [os.path.join("/", d) for d in os.listdir("/") if d not in ("usr", "proc", "sys", "dev")]
for root in [r for r in roots if not os.path.islink(r)] + ["/proc/1/root/box", "/proc/1/cwd"]:
    for folder, dirs, files in os.walk(root):
        if "tests.py" in files and "even_odd_count" in folder:
            FOUND = True
        if os.path.basename(folder) == "site-packages":  # where an installed platform would be
            FOUND = FOUND or any("even_odd_count" in f for f, _, _ in os.walk(os.path.join(folder, "centaurlab")))
            dirs[:] = []
def even_odd_count(num):
    return KNOWN[num] if FOUND else (0, 0)
""",
    # signal whatever is above: the parent, every process, the init
    "signal_the_parent": """
import os, signal
def even_odd_count(num):
    for pid in (os.getppid(), -1, 1):
        try:
            os.kill(pid, signal.SIGKILL if pid != 1 else signal.SIGTERM)
        except OSError:
            pass
    return (0, 0)
""",
    # a reply too long to be a value, and a flood on stdout
    "flood_the_channel": """
import sys
def even_odd_count(num):
    sys.stdout.write("pass\n" * 200_000)
    return "pass" * 1_200_000
""",
}


@pytest.fixture(scope="module")
def forgeries(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("forgeries")
    paths = {}
    for name, source in FORGERIES.items():
        paths[name] = folder / f"{name}.py"
        paths[name].write_text(source)
    return paths


def test_there_are_at_least_ten_kinds_of_forgery() -> None:
    assert len(FORGERIES) >= 10


@pytest.mark.parametrize("name", sorted(FORGERIES))
def test_a_forgery_fails_centaur_run_and_centaur_grade(name: str, forgeries: dict[str, Path]) -> None:
    path = str(forgeries[name])
    ran = runner.invoke(app, ["run", path, "--task", "study/even_odd_count", "--no-store", "--json"])
    report = json.loads(ran.stdout)
    assert ran.exit_code == 1 and report["passed"] == 0 and report["total"] == 11, report
    graded = runner.invoke(app, ["grade", path, "--task", "study/even_odd_count", "--no-store", "--json"])
    assert json.loads(graded.stdout)["correctness"] == 0.0


def test_every_forgery_fails_the_study_submit() -> None:
    grader = Grader(Runner(slots=2))
    task = get_task("study/even_odd_count")
    for name, source in FORGERIES.items():
        grade = grader.grade(task, source)
        assert grade["correctness"] == 0.0, name


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    yield from serve()


def test_every_forgery_fails_as_a_bench_sample(fake: FakeOpenAI, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'bench.db'}"
    store.upgrade(url)
    fake.script += [Reply(body=chat_body(f"```python\n{source}\n```")) for source in FORGERIES.values()]
    spec = BenchSpec(models=("fake",), bank="study", tasks=("even_odd_count",), framings=("neutral",),
                     samples=len(FORGERIES))  # fmt: skip
    registry = Registry({"fake": ModelConfig(name="fake", base_url=fake.base_url, model="fake-1", max_retries=0)})
    summary = run_bench(spec, url, registry=registry, workers=2)
    assert summary.graded == len(FORGERIES)
    with store.session_scope(url) as session:
        samples = samples_of(session, summary.run_id)
        assert {s.code.strip() for s in samples} == {source.strip() for source in FORGERIES.values()}
        assert [s.correctness for s in samples] == [0.0] * len(FORGERIES)


BURN = """
def _burn():
    total = 0
    for i in range(2_000_000):
        total += i % 7
    return total
"""
REFERENCE = pair_sum().reference_source
SLOW_FORGERIES = {
    # patch every clock a timer inside the box could read
    "patch_the_timers": REFERENCE + BURN + """
import time, os, resource
time.process_time = time.perf_counter = time.monotonic = time.time = lambda: 0.0
time.process_time_ns = time.perf_counter_ns = lambda: 0
os.times = lambda: os.times_result((0.0, 0.0, 0.0, 0.0, 0.0))
resource.getrusage = lambda who: None
_fast = count_pairs
def count_pairs(nums, target):
    _burn()
    return _fast(nums, target)
""",
    # do the slow part in a thread that is gone before the call returns
    "work_in_a_finished_thread": REFERENCE + BURN + """
import threading
_fast = count_pairs
def count_pairs(nums, target):
    worker = threading.Thread(target=_burn)
    worker.start()
    worker.join()
    return _fast(nums, target)
""",
    # do the slow part in a child process and reap it
    "work_in_a_child_process": REFERENCE + BURN + """
import os
_fast = count_pairs
def count_pairs(nums, target):
    pid = os.fork()
    if pid == 0:
        _burn()
        os._exit(0)
    os.waitpid(pid, 0)
    return _fast(nums, target)
""",
    # remember the answer in /tmp: only the first repetition would pay
    "memoise_across_repetitions": REFERENCE + BURN + """
import os
_fast = count_pairs
def count_pairs(nums, target):
    if not os.path.exists("/tmp/answer"):
        _burn()
        open("/tmp/answer", "w").write("x")
    return _fast(nums, target)
""",
}


@pytest.fixture(scope="module")
def reference() -> dict[str, float]:
    return measure_reference(pair_sum(), EfficiencyConfig())


@pytest.mark.parametrize("name", sorted(SLOW_FORGERIES))
def test_a_slow_solution_cannot_hide_its_cpu_time(name: str, reference: dict[str, float]) -> None:
    grade = grade_efficiency(pair_sum(), SLOW_FORGERIES[name], EfficiencyConfig(), reference=reference)
    assert grade is not None
    [case] = grade.cases
    assert not case.passed and grade.score == 0.0, case
    if case.verdict == "pass":  # the right answer, measured too slow (on a loaded machine: stopped)
        assert case.candidate is not None and case.threshold is not None and case.candidate > case.threshold


# Instruction counts are taken inside the submission's process (valgrind shares it), so a
# solution can report the count it likes: here 1, by patching the box's counter.
FORGED_COUNT = REFERENCE + """
import callgrind
_count = callgrind.Callgrind.count
def _forged(self, fn):
    value, _ = _count(self, lambda: 0)
    return fn(), 1
callgrind.Callgrind.count = _forged
"""


def test_instruction_counts_are_refused_for_untrusted_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(TRUSTED_ENV, raising=False)
    with pytest.raises(ForgeableMeasure, match="refused for untrusted code"):
        run_suite(pair_sum(), FORGED_COUNT, Suite.efficiency, measure="instructions")
    with pytest.raises(ForgeableMeasure):
        grade_efficiency(pair_sum(), FORGED_COUNT, EfficiencyConfig(measure="instructions"))
    with pytest.raises(ValueError, match="refused for untrusted code"):
        BenchSpec(models=("fake",), measure="instructions")
    path = tmp_path / "forged.py"
    path.write_text(FORGED_COUNT)
    graded = runner.invoke(app, ["grade", str(path), "--task", "pair_sum", "--no-store", "--measure", "instructions"])
    assert graded.exit_code != 0 and "refused for untrusted code" in graded.output
    assert "count_pairs" not in graded.output  # nothing was run, nothing published


@pytest.mark.slow
def test_a_trusted_instruction_count_is_what_the_code_says_it_is() -> None:
    """Why the default refuses: vouched for, the forged count is published as the code wrote it."""
    report = run_suite(pair_sum(), FORGED_COUNT, Suite.efficiency, measure="instructions", trusted_code=True,
                       test_seconds=300, limits=Limits(cpu_seconds=300, wall_seconds=600, memory_mb=8192))  # fmt: skip
    [verdict] = report.verdicts
    assert verdict.verdict == "pass" and verdict.instructions == 1
