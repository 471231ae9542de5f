"""The platform's front door (`/`), the task banks (`/tasks`) and the collaboration pillar's page
(`/collab`). The front door shows each pillar with what the store holds of it (the latest few, read
through the pillar's public API, as every page of `web` does) and the command that starts one, so a
fresh install says where to begin and a used one where its results are."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import PurePath
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from ...arena import stored_tournaments
from ...bench import stored_runs
from ...collab import CollabRun, collab_runs
from ...collabstudy import CollabStudySummary, list_collab_studies
from ...modelcard import known_models
from ...study import list_studies
from ...tasks import Catalogue
from ...templating import plural
from .._html import render_page
from ._collab_tasks import collab_banks
from ._deps import bundle_of, catalogue_of, runner_of
from ._models import registered_models

router = APIRouter(default_response_class=HTMLResponse, include_in_schema=False)

LATEST = 5  # the front door lists this many of each; the pillar's page lists them all


@dataclass(frozen=True)
class Item:
    label: str
    href: str
    meta: str = ""


@dataclass(frozen=True)
class Listing:
    """Stored things of one kind, newest first."""

    title: str
    items: list[Item]
    empty: str  # said when there are none


@dataclass(frozen=True)
class Pillar:
    key: str
    title: str
    href: str
    what: str
    listings: list[Listing] = field(default_factory=list)
    start: list[tuple[str, str]] = field(default_factory=list)  # (command, what it does)
    button: tuple[str, str] | None = None  # (label, href) of a page that starts one
    start_title: str = "Start one"


def _when(moment: datetime) -> str:
    return f"{moment:%Y-%m-%d %H:%M}"


def _q(text: str) -> str:
    return quote(text, safe="")


def _study_listing(url: str) -> Listing:
    items = [Item(s["title"], f"/dashboard/{_q(s['id'])}",
                  f"{s['id']} · {plural(s['participants'], 'participant')}, {s['finished']} finished")
             for s in reversed(list_studies(url))]
    return Listing("Studies", items, "No study yet.")


def _bench_listing(url: str) -> Listing:
    items = [Item(r.id, f"/bench/{_q(r.id)}", f"{r.status} · {', '.join(r.config.get('models', []))} on "
                  f"{PurePath(str(r.config.get('bank', ''))).name} · {_when(r.created_at)}")  # a folder: its name
             for r in stored_runs(url)]
    return Listing("Bench runs", items, "No bench run yet.")


def _arena_listing(url: str) -> Listing:
    items = [Item(t.id, f"/arena?tournament={_q(t.id)}",
                  f"{', '.join(a for a, _ in t.spec.get('agents', []))} · {_when(t.created_at)}")
             for t in reversed(stored_tournaments(url))]
    return Listing("Tournaments", items, "No tournament yet.")


def _run_item(r: CollabRun) -> Item:
    failed = f", {r.failed} failed" if r.failed else ""
    return Item(f"{r.agent} on {r.bank}", f"/models/runs/collab/{_q(r.agent)}",
                f"{r.kind} · model {r.model} · {plural(r.sessions, 'session')} ({r.done} done{failed})")


def _collab_listings(url: str) -> list[Listing]:
    studies = [Item(s.title, f"/dashboard/collab-studies/{_q(s.id)}",
                    f"{s.id} · {plural(s.participants, 'participant')}, {s.finished} finished")
               for s in list_collab_studies(url)]
    return [Listing("Collaboration runs", [_run_item(r) for r in collab_runs(url)], "No collaboration run yet."),
            Listing("Collaboration studies", studies, "No collaboration study yet.")]


def _bank_listing(cat: Catalogue) -> Listing:
    items = [Item(b.title, f"/banks/{_q(b.name)}", plural(len(b.tasks), "task")) for b in cat.banks.values()]
    return Listing("Task banks", items, "No bank found.")


def _model_listing(url: str | None) -> Listing:
    stored = known_models(url) if url else []
    names = stored or registered_models()
    note = "" if stored else "registered, no figures yet"
    return Listing("Models", [Item(m, f"/models/{_q(m)}", note) for m in names], "No model registered.")


def _stored(url: str | None, read: Callable[[str], list[Listing]]) -> list[Listing]:
    """What the store holds of a pillar; nothing when the server keeps no database."""
    return read(url) if url else []


COLLAB_COMMANDS = [
    ("centaur collab run --agent local-agent --limit-tasks 3", "the agent alone on occupational tasks"),
    ("centaur collab study create examples/collab-study.toml", "a study of people working with agents; "
     "centaur collab study link prints its participant link"),
    ("centaur collab grade --all", "the judges grade every stored session against its rubric"),
    ("centaur collab report --html report.html", "the judges' agreement, the scores and the skill ratings"),
]


def pillars(request: Request) -> list[Pillar]:
    url = runner_of(request).database_url
    return [
        Pillar("study", "Study", "/dashboard", "User studies: programmers solve tasks in the browser with inline "
               "autocomplete, a chat assistant or no AI; every keystroke, suggestion and run is logged "
               "(RealHumanEval).", _stored(url, lambda u: [_study_listing(u)]),
               [("centaur study create examples/study.toml", "a study from its study file; prints the participant "
                 "link")], ("Researchers' dashboard", "/dashboard")),
        Pillar("bench", "Bench", "/bench", "Models sampled many times on task banks under prompt framings, each "
               "answer graded on correctness, efficiency and code quality (COMPASS).",
               _stored(url, lambda u: [_bench_listing(u)]),
               [("centaur bench run -m local --limit-tasks 2 -n 2", "sample, grade and store; rerun to resume")]),
        Pillar("arena", "Arena", "/arena", "Tournaments of coded agents on the auction, pickup and delivery "
               "problem, with leaderboards; agents written by models (APDP).",
               _stored(url, lambda u: [_arena_listing(u)]),
               [("centaur arena tournament naive honest reference", "a round-robin tournament of built-in agents"),
                ("centaur arena new-agent my_agent && centaur arena try my_agent.py",
                 "write your own agent: a documented start, then a short match against each baseline"),
                ("centaur arena generate -m local --strategies A1 --replicates 1", "a model writes an agent")],
               ("Agents written by models", "/arena/generated")),
        Pillar("collab", "Collab", "/collab", "People and agents on occupational tasks, graded by rubrics and "
               "several judges, with skill ratings that tell the human's part from the agent's (CollabSkill).",
               _stored(url, _collab_listings), COLLAB_COMMANDS[:2], ("Browse the collab tasks", "/collab/tasks")),
        Pillar("tasks", "Task banks", "/tasks", "The coding tasks every pillar draws on: open one, write a solution "
               "in the editor, run it against the tests in the sandbox or grade it.",
               [_bank_listing(catalogue_of(request))], [("centaur tasks list --bank algo", "the tasks of a bank")],
               ("Browse the tasks", "/tasks"), "Commands"),
        Pillar("models", "Models", "/models", "One model through every lens (bench, arena, study, collab), and "
               "where the lenses agree.", [_model_listing(url)],
               [("centaur models card local", "the card of one model in the terminal")], None, "Commands"),
    ]


@router.api_route("/", methods=["GET", "HEAD"])
def home(request: Request) -> str:
    return render_page("home/home.html", title="Home", bundle=bundle_of(request), page="page-home",
                       pillars=pillars(request), has_database=bool(runner_of(request).database_url), latest=LATEST)


@router.api_route("/tasks", methods=["GET", "HEAD"])
def banks(request: Request) -> str:
    ours = [{"name": b.name, "title": b.title, "tasks": len(b.tasks), "problems": len(b.problems),
             "description": b.description} for b in catalogue_of(request).banks.values()]
    theirs = [{"name": name, "title": o.meta.title, "tasks": len(o.tasks), "description": o.meta.description}
              for name, o in collab_banks().items()]
    return render_page("home/banks.html", title="Task banks", bundle=bundle_of(request),
                       crumbs=[("Task banks", None)], page="page-banks", banks=ours, collab_banks=theirs)


def _run_row(r: CollabRun) -> list[object]:
    return [r.kind, r.agent, r.model, r.bank, r.sessions, r.done, r.failed, _when(r.last_started),
            {"href": f"/models/runs/collab/{_q(r.agent)}", "text": "sessions and judges"}]


def _study_row(s: CollabStudySummary) -> list[object]:
    return [{"href": f"/dashboard/collab-studies/{_q(s.id)}", "text": s.id}, s.title, s.participants, s.finished,
            _when(s.created_at)]


@router.get("/collab")
def collab_home(request: Request) -> str:
    url = runner_of(request).database_url
    runs = [_run_row(r) for r in collab_runs(url)] if url else []
    studies = [_study_row(s) for s in list_collab_studies(url)] if url else []
    return render_page("home/collab.html", title="Collab", bundle=bundle_of(request), crumbs=[("Collab", None)],
                       page="page-collab-home", has_database=bool(url), runs=runs, studies=studies,
                       commands_list=COLLAB_COMMANDS)
