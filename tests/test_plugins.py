"""The one registry of extension points: registration rules in-process, and a separate distribution
(examples/plugin) installed beside the project, whose arena agent, model provider and quality rule
`centaur` lists and uses without a line of src/ knowing them (docs/extending.md)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from centaurlab import plugins

pytestmark = pytest.mark.xdist_group("test_plugins")  # one worker installs the example plugin once

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "plugin"
MINI_BANK = ROOT / "tests" / "fixtures" / "mini_bank"
QUICK = ["--tasks", "5", "--bid-timeout", "5", "--plan-timeout", "10", "--setup-timeout", "10"]
FROM_EXAMPLE = "centaur-example-plugin 0.1.0 (entry point "


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example plugin installed with pip into a folder of its own: put on PYTHONPATH, its
    dist-info is what importlib.metadata finds, as in any environment it were installed in."""
    work = tmp_path_factory.mktemp("plugin")
    source = work / "source"
    shutil.copytree(EXAMPLE, source)  # the build writes beside the sources: not in the repository
    target = work / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target),
                    str(source)], check=True, capture_output=True, timeout=600)  # fmt: skip
    return target


def centaur(*args: str, path: Path | None = None) -> subprocess.CompletedProcess[str]:
    """`centaur ARGS` in a fresh process, with `path` (an installed plugin) first on its import path."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(path or ""), env.get("PYTHONPATH", "")) if p)
    return subprocess.run([sys.executable, "-m", "centaurlab", *args], capture_output=True, text=True, env=env,
                          timeout=600)  # fmt: skip


def sources(listing: dict[str, object], kind: str) -> dict[str, str]:
    kinds = {k["kind"]: k for k in listing["kinds"]}  # type: ignore[attr-defined]
    return {c["name"]: c["source"] for c in kinds[kind]["components"]}


@pytest.mark.slow
def test_plugins_lists_the_example_plugins_parts_with_their_distribution_beside_the_built_ins(site: Path) -> None:
    result = centaur("plugins", "--json", path=site)
    assert result.returncode == 0, result.stderr
    listing = json.loads(result.stdout)
    assert listing["broken"] == []
    agents, providers, rules = (sources(listing, kind) for kind in ("arena-agent", "provider", "quality-rule"))
    assert agents["courier"] == FROM_EXAMPLE + "centaurlab.arena_agents: courier = centaur_example_plugin.courier)"
    assert providers["echo"].startswith(FROM_EXAMPLE + "centaurlab.providers: echo = ")
    assert rules["no-print"].startswith(FROM_EXAMPLE + "centaurlab.quality_rules: no-print = ")
    assert agents["naive"] == providers["openai"] == rules["complex-method"] == plugins.BUILTIN
    assert set(sources(listing, "executor")) == {"local", "ray"}
    plain = centaur("plugins")  # without the plugin: the built-ins only, as a table
    assert plain.returncode == 0 and "courier" not in plain.stdout and "reference" in plain.stdout


def test_a_model_of_the_plugins_provider_is_listed_and_answers(site: Path, tmp_path: Path) -> None:
    (tmp_path / "centaur.toml").write_text('[models.parrot]\nprovider = "echo"\nparams = {prefix = "parrot: "}\n')
    listed = centaur("models", "list", "--json", path=site)
    assert listed.returncode == 0, listed.stderr
    assert {m["name"]: m["provider"] for m in json.loads(listed.stdout)}["parrot"] == "echo"
    checked = centaur("models", "check", "parrot", "--prompt", "hello there", "--json", path=site)
    assert checked.returncode == 0, checked.stderr
    assert json.loads(checked.stdout)["text"] == "parrot: hello there"
    without = centaur("models", "list", path=None)  # the same file where the plugin is not installed
    assert without.returncode == 2 and "unknown provider 'echo'" in without.stderr


def test_the_plugins_arena_agent_plays_a_match_by_its_name(site: Path) -> None:
    result = centaur("arena", "match", "courier", "naive", "--topology", "england", *QUICK, "--no-store", "--json",
                     path=site)  # fmt: skip
    assert result.returncode == 0, result.stderr
    match = json.loads(result.stdout)
    assert match["agents"] == ["courier", "naive"] and len(match["auctions"]) == 5 and match["failures"] == []


def test_a_grade_applies_the_plugins_quality_rule(site: Path, tmp_path: Path) -> None:
    solution = tmp_path / "pair_sum.py"
    reference = (MINI_BANK / "pair_sum" / "reference.py").read_text()
    solution.write_text(reference.replace("    return pairs", "    print(pairs)\n    return pairs"))
    result = centaur("grade", str(solution), "--task", "pair_sum", "--bank", str(MINI_BANK), "--no-store", "--json",
                     path=site)  # fmt: skip
    assert result.returncode == 0, result.stderr
    grade = json.loads(result.stdout)
    assert grade["correctness"] == 100.0
    found = [f for f in grade["quality_detail"]["findings"] if f["rule"] == "no-print"]
    assert [f["start_line"] for f in found] == [10] and "no-print" in grade["quality_detail"]["rules"]


# --- the registry in-process ------------------------------------------------------------------------


def test_a_name_taken_twice_is_an_error_naming_both_sources_and_the_same_object_again_is_not() -> None:
    registry = plugins.Registry()

    @registry.component(plugins.EXECUTOR, "here")
    def here(workers: int | None, ray_address: str | None, processes: bool) -> object:
        return object()

    assert registry.register(plugins.EXECUTOR, "here", here) is here  # imported twice: one component
    with pytest.raises(plugins.ComponentConflict) as err:
        registry.register(plugins.EXECUTOR, "here", print, source="the other plugin")
    assert "'here' is already registered by module tests.test_plugins; the other plugin registers" in str(err.value)
    assert registry.get(plugins.EXECUTOR, "here") is here and registry.names(plugins.PROVIDER) == []
    with pytest.raises(plugins.UnknownComponent, match="no executor 'there'; registered: here"):
        registry.get(plugins.EXECUTOR, "there")


@pytest.fixture
def broken_distribution(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A distribution installed on the import path whose entry points cannot all be loaded."""
    dist = tmp_path / "site" / "broken_plugin-0.2.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-plugin\nVersion: 0.2\n")
    (dist / "entry_points.txt").write_text(
        "[centaurlab.arena_agents]\nghost = broken_plugin_missing.ghost\n\n"
        "[centaurlab.executors]\nlocal = json:loads\nfine = json:dumps\n\n"
        "[centaurlab.providers]\npi = math:pi\n\n[centaurlab.quality_rules]\nraw = json:dumps\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    yield dist


def test_a_broken_plugin_is_set_aside_with_its_error_and_the_rest_loads(broken_distribution: Path) -> None:
    registry = plugins.Registry()
    registry.register(plugins.EXECUTOR, "local", print, source=plugins.BUILTIN)  # the plugin collides with it
    assert registry.names(plugins.ARENA_AGENT) == []  # a lookup does not raise the plugin's error
    assert registry.names(plugins.EXECUTOR) == ["local", "fine"]
    assert registry.get(plugins.EXECUTOR, "fine") is json.dumps
    broken = {b.name: b for b in registry.broken()}
    assert set(broken) == {"ghost", "local", "pi"} and registry.names(plugins.PROVIDER) == []
    expects = plugins.PROVIDER.expects
    assert broken["pi"].error == f"TypeError: math:pi is a float, not callable; a provider must be {expects}"
    assert broken["ghost"].error.startswith("ModuleNotFoundError: No module named 'broken_plugin_missing'")
    assert broken["ghost"].source == "broken-plugin 0.2 (entry point centaurlab.arena_agents: ghost = " \
        "broken_plugin_missing.ghost)"  # fmt: skip
    assert "ComponentConflict: executor 'local' is already registered by built-in; broken-plugin 0.2" \
        in broken["local"].error  # fmt: skip


@pytest.mark.slow
def test_centaur_plugins_and_doctor_report_a_broken_plugin(broken_distribution: Path) -> None:
    result = centaur("plugins", "--json", path=broken_distribution.parent)
    assert result.returncode == 1
    listing = json.loads(result.stdout)
    broken = {(b["kind"], b["name"]): b["error"] for b in listing["broken"]}
    assert set(broken) == {("arena-agent", "ghost"), ("executor", "local"), ("provider", "pi"), ("quality-rule", "raw")}
    assert "json:dumps is a function, not a rule registered with @quality_rule" in broken[("quality-rule", "raw")]
    assert "raw" not in sources(listing, "quality-rule")
    assert sources(listing, "executor") == {"local": plugins.BUILTIN, "ray": plugins.BUILTIN,
                                            "fine": "broken-plugin 0.2 (entry point centaurlab.executors: fine = "
                                                    "json:dumps)"}  # fmt: skip
    doctor = centaur("doctor", "--json", path=broken_distribution.parent)
    report = json.loads(doctor.stdout)  # the machine's report is still made; its exit code is the sandbox's
    assert doctor.returncode == (0 if report["ok"] else 1)
    assert {b["name"] for b in report["broken_plugins"]} == {"ghost", "local", "pi", "raw"}


def test_every_kind_is_looked_up_by_name_in_the_one_registry() -> None:
    """A component registered in code is used wherever its kind's built-ins are named (the other four
    kinds; the example plugin above covers agents, providers and rules)."""
    from centaurlab.arena.generate import load_strategy, parse_strategy
    from centaurlab.collab import AgentConfig, all_agents, get_agent
    from centaurlab.executors import LocalExecutor, executor_names, open_executor
    from centaurlab.sandbox import backend_status, get_backend

    class Unboxed:
        name, isolated = "unboxed", True

    terse = "+++\nkind = \"direct\"\ndescription = \"terse\"\n+++\n@@ author @@\nWrite an agent: {{template}}\n"
    added = [
        (plugins.EXECUTOR, "two", lambda workers, address, processes: LocalExecutor(2)),
        (plugins.SANDBOX_BACKEND, "unboxed", Unboxed),
        (plugins.COLLAB_AGENT, "terse-agent", AgentConfig(name="terse-agent", model="local", step_limit=3)),
        (plugins.ARENA_STRATEGY, "TERSE", lambda: parse_strategy(terse, "TERSE", "in code")),
    ]
    for kind, name, obj in added:
        plugins.register(kind, name, obj)
    try:
        executor = open_executor("two")
        assert executor.slots == 2 and executor_names() == ["local", "ray", "two"]
        executor.close()
        status = backend_status("unboxed")
        assert (status.name, status.isolated) == ("unboxed", True) and isinstance(get_backend("unboxed"), Unboxed)
        assert get_agent("terse-agent").step_limit == 3 and "terse-agent" in all_agents()
        strategy = load_strategy("TERSE")
        assert (strategy.name, strategy.kind, strategy.description) == ("TERSE", "direct", "terse")
        assert load_strategy("A1").name == "A1"  # the built-ins are where they were
    finally:
        for kind, name, _obj in added:
            plugins.unregister(kind, name)
    assert "two" not in executor_names()


def test_built_ins_a_plugin_imports_first_stay_built_in(tmp_path: Path) -> None:
    """A plugin whose import is the first to load a package of ours does not take its built-ins."""
    site = tmp_path / "site"
    dist = site / "early_plugin-1.0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: early-plugin\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[centaurlab.executors]\nearly = early_plugin:make\n")
    (site / "early_plugin.py").write_text("import centaurlab.grading  # registers the built-in rules now\n\n\n"
                                          "def make(workers, ray_address, processes):\n    return None\n")  # fmt: skip
    script = ("import json\nfrom centaurlab import plugins\nplugins.names(plugins.EXECUTOR)\n"
              "print(json.dumps({k.name: {c.name: c.source for c in plugins.components(k)} "
              "for k in (plugins.EXECUTOR, plugins.QUALITY_RULE)}))\n")  # fmt: skip
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(site), env.get("PYTHONPATH", "")) if p)
    ran = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=300)
    assert ran.returncode == 0, ran.stderr
    seen = json.loads(ran.stdout)
    early = seen["executor"].pop("early")
    assert early == "early-plugin 1.0 (entry point centaurlab.executors: early = early_plugin:make)"
    assert seen["executor"] == {"local": plugins.BUILTIN, "ray": plugins.BUILTIN}  # grading imports executors
    assert len(seen["quality-rule"]) == 10 and set(seen["quality-rule"].values()) == {plugins.BUILTIN}
