"""The platform's front door and the pages it leads to: `/` lists what each pillar has stored (read
through the pillars' public API) with the command that starts one, `/collab` lists collaboration runs
and studies, `/tasks` the task banks; the header names every part, but never on a participant's page."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from centaurlab import store
from centaurlab.config import settings
from centaurlab.study import create_study, load_study
from centaurlab.web import create_app
from tests.study.studyfiles import write_study
from tests.web.seeds import seed_arena, seed_bench, seed_collab

PILLARS = {"Study": "/dashboard", "Bench": "/bench", "Arena": "/arena", "Collab": "/collab",
           "Task banks": "/tasks", "Models": "/models"}


def _nav(html: str) -> dict[str, str]:
    found = re.search(r'<nav class="site-nav" aria-label="Platform">(.*?)</nav>', html)
    assert found is not None, "no header navigation"
    return {label: href for href, label in re.findall(r'<a href="([^"]+)">([^<]+)</a>', found.group(1))}


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, dict[str, str]]]:
    """One store with a study, a bench run, a tournament (where the sandbox works), a collaboration
    run and a collaboration study: seeded once, read by every test of this file, in a data directory
    of its own (as the per-test `isolated_data_dir` gives the others)."""
    folder = tmp_path_factory.mktemp("front-door")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("CENTAUR_DATA_DIR", str(folder / "centaur-data"))
        for name in ("CENTAUR_DATABASE_URL", "CENTAUR_CONFIG"):
            mp.delenv(name, raising=False)
        mp.chdir(folder)
        url = settings().database_url
        store.upgrade(url)
        path = write_study(folder, conditions=("none",))
        create_study(url, load_study(path), path.parent)
        samples = {**seed_bench(url), **seed_arena(url), **seed_collab(url, folder)}
        yield TestClient(create_app(database_url=url, banks=["study"])), samples


def _section(html: str, key: str) -> str:
    found = re.search(rf'<section class="pillar card" id="pillar-{key}".*?</section>', html, re.S)
    assert found is not None, f"no {key} section"
    return found.group(0)


def test_the_front_door_lists_what_every_pillar_has_stored(stored: tuple[TestClient, dict[str, str]]) -> None:
    client, samples = stored
    page = client.get("/")
    assert page.status_code == 200
    html = page.text
    assert _nav(html) == PILLARS
    bench = _section(html, "bench")
    assert f'href="/bench/{samples["run_id"]}"' in bench and "centaur bench run" in bench
    arena = _section(html, "arena")
    if "tournament" in samples:
        assert f'href="/arena?tournament={samples["tournament"]}"' in arena
    assert "centaur arena tournament" in arena
    study = _section(html, "study")
    assert 'href="/dashboard/pilot"' in study and "centaur study create" in study
    collab = _section(html, "collab")
    assert 'href="/models/runs/collab/scout-agent"' in collab and "scout-agent on occupational" in collab
    assert "autonomous · model fake · 1 session (1 done)" in collab
    assert 'href="/dashboard/collab-studies/teamwork"' in collab and "Teamwork pilot" in collab
    assert "centaur collab run" in collab and "centaur collab study create" in collab
    tasks = _section(html, "tasks")
    assert '<a href="/banks/study">' in tasks and 'href="/tasks"' in tasks
    models = _section(html, "models")
    assert 'href="/models/fake"' in models  # the bench run's and the collaboration run's model


def test_the_collab_page_lists_runs_and_studies(stored: tuple[TestClient, dict[str, str]]) -> None:
    client, _ = stored
    page = client.get("/collab")
    assert page.status_code == 200
    runs = re.search(r'<table id="collab-runs">.*?</table>', page.text, re.S)
    assert runs is not None
    cells = re.findall(r"<td[^>]*>(.*?)</td>", runs.group(0))
    assert cells[:7] == ["autonomous", "scout-agent", "fake", "occupational", "1", "1", "0"]
    assert 'href="/models/runs/collab/scout-agent"' in runs.group(0)
    studies = re.search(r'<table id="collab-studies">.*?</table>', page.text, re.S)
    assert studies is not None and 'href="/dashboard/collab-studies/teamwork"' in studies.group(0)
    assert re.findall(r"<td[^>]*>(.*?)</td>", studies.group(0))[1:4] == ["Teamwork pilot", "0", "0"]
    for command in ("centaur collab run", "centaur collab study create", "centaur collab grade --all"):
        assert command in page.text
    assert _nav(page.text) == PILLARS


def test_the_task_banks_have_their_own_page(stored: tuple[TestClient, dict[str, str]]) -> None:
    client, _ = stored
    page = client.get("/tasks")
    assert page.status_code == 200 and "<h1>Task banks</h1>" in page.text and '<a href="/banks/study">' in page.text
    bank = client.get("/banks/study").text  # its crumbs lead back to the banks, not to the front door
    assert '<a href="/tasks">Task banks</a>' in bank


def test_a_participant_page_names_no_other_part(stored: tuple[TestClient, dict[str, str]]) -> None:
    client, _ = stored
    page = client.get("/s/pilot")
    assert page.status_code == 200 and 'class="site-nav"' not in page.text and 'href="/bench"' not in page.text


def test_without_a_database_the_front_door_says_so() -> None:
    client = TestClient(create_app(banks=["study"]))
    home = client.get("/")
    assert home.status_code == 200 and "keeps no database" in home.text and _nav(home.text) == PILLARS
    assert '<a href="/banks/study">' in home.text  # the banks need no database
    collab = client.get("/collab")
    assert collab.status_code == 200 and "keeps no database" in collab.text and "centaur collab run" in collab.text
