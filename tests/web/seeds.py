"""Stored results of every pillar for the web tests, each made through its pillar's own API: a bench
run (a fake model), an arena tournament (in the sandbox, when bubblewrap works), a collaboration run
and a collaboration study."""

from __future__ import annotations

from pathlib import Path

from centaurlab import store
from centaurlab.arena import Timeouts, TournamentSpec, resolve_agent, run_tournament, tournament_matches
from centaurlab.bench import BenchSpec, run_bench
from centaurlab.collab import NO_HUMAN, hand_in
from centaurlab.collabstudy import CollabStudies, parse_collab_study
from centaurlab.sandbox import bwrap_works
from tests.bench.test_runner import answer, registry
from tests.fakes.openai_server import serve
from tests.helpers import MINI_BANK


def seed_bench(url: str) -> dict[str, str]:
    spec = BenchSpec(models=("fake",), bank=str(MINI_BANK), framings=("neutral",), samples=2)
    for fake in serve():
        fake.script += [answer(), answer()]
        run_bench(spec, url, registry=registry(fake), workers=1)
    return {"run_id": spec.run_id()}


def seed_arena(url: str) -> dict[str, str]:
    if not bwrap_works()[0]:
        return {}
    spec = TournamentSpec("pages-t", (resolve_agent("honest"), resolve_agent("naive")), ("netherlands",), 1, 3, 2,
                          Timeouts(10, 5, 10))
    run_tournament(spec, database_url=url, workers=1)
    with store.session_scope(url) as session:
        match_id = tournament_matches(session, "pages-t")[0].id
    return {"match_id": str(match_id), "tournament": "pages-t"}


def seed_collab(url: str, folder: Path) -> dict[str, str]:
    """An autonomous session of `scout-agent` handed in, and a collaboration study nobody has joined yet."""
    with store.session_scope(url) as s:
        hand_in(s, kind="autonomous", agent="scout-agent", model="fake", task_id="ab_test_readout", bank="occupational",
                human=NO_HUMAN, trajectory={}, files={"readout.md": b"# Readout\n"})
    CollabStudies(url, folder / "collab-ws").create(parse_collab_study({"study": {
        "id": "teamwork", "title": "Teamwork pilot", "tasks": {"include": ["ab_test_readout"]}}}))
    return {"agent": "scout-agent", "collab_study": "teamwork"}
