"""A fuzzer of every route of the web application, against a real server (uvicorn on a loopback port, SQLite,
a coding study and a collaboration study with people already at work in them, a researcher logged in).

JSON routes get schemathesis's cases from the application's own OpenAPI schema, valid and invalid; every
route (those too, and the HTML pages and forms the schema does not describe) gets Hypothesis's: wrong types,
huge and negative numbers, NaN, lone surrogates, invalid UTF-8, control characters, long and odd names, as
path segments, query values, form fields, file names, JSON and raw bodies, sent as a stranger, as each
participant and as the researcher. Each answer is checked: never a 5xx, and a refused request (4xx) stores
nothing (the SQLite file's `data_version` and the workspaces' files are unchanged). The findings are kept,
not raised, so Hypothesis never shrinks: each is the exact request that failed.

Used by `tests/web/test_fuzz.py` (a few hundred requests) and `benchmarks/fuzz.py` (tens of thousands).
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

PARAM = re.compile(r"\{(\w+)(?::\w+)?\}")
NASTY = ["", " ", ".", "..", "../../etc/passwd", "-1", "0", "1e309", "NaN", "nan", "Infinity", "-0", "true", "null",
         "[]", "{}", "\u00b2", "\u0663", "\uff11", "9" * 30, "-" + "9" * 30, "9" * 5000, "%00", "a\x00b", "\r\n",
         "\x1b[31m", "\u202e", "\ufeff", "=1+1", "ok\r=1+1", "'; drop table x; --", "<script>x</script>",
         "dir1/f.md/sub.md", "readout.md", "reference/x.md", "n" * 256 + ".md", "d/" * 600, "\u2603" * 100]
FIELDS = ["name", "content", "agree", "PROLIFIC_PID", "SESSION_ID", "STUDY_ID", "comments", "password", "csrf",
          "text", "client_id", "used_before", "mode", "confirm", "anyway", "reason", "log_text", "researcher",
          "score", "external_agent", "tlx_mental", "tlx_effort", "programming_experience", "python_experience",
          "ai_tool_use", "occupation", "occupation_code", "edit", "after", "preview", "tournament", "agent",
          "sort", "order", "page", "per", "model", "suite", "code", "format"]
FILE_FIELDS = {"upload": "file", "submit": "deliverables", "skip": "screenshots"}
BROWSER_HEADERS = {"X-Participant-Token", "Cookie", "Content-Type", "Origin", "Accept"}


def odd_text() -> st.SearchStrategy[str]:
    """Text a person or a script might send where a name, a number or a word belongs."""
    nasty = st.sampled_from(NASTY)
    return st.one_of(nasty, nasty, nasty, st.text(max_size=30),
                     st.text(st.characters(codec="utf-8", categories=["Cc", "Cf", "Zs", "So", "Nd", "No"]),
                             max_size=20),
                     st.integers(-(2**70), 2**70).map(str), st.floats().map(str),
                     st.integers(250, 3000).map(lambda n: "x" * n))


def odd_json() -> st.SearchStrategy[bytes]:
    """JSON, almost-JSON and not-JSON bodies: lone surrogates, NaN, deep nesting, wrong types."""
    scalars = st.one_of(st.none(), st.booleans(), st.integers(-(2**80), 2**80), st.floats(), odd_text())
    values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(FIELDS + ["events", "event_id", "type", "task_index", "client_ms", "payload", "kind",
                                  "index", "message_id", "history", "request_id", "prefix", "suffix"]),
        inner, max_size=6), max_leaves=12)
    encoded = values.map(lambda v: json.dumps(v, allow_nan=True).encode())
    raw = st.sampled_from([b'{"client_id": "\\ud800", "kind": "preview"}', b'{"x": "\\udfff"}', b"[" * 5000,
                           b'{"events": [{"payload": {"a": NaN}}]}', b"\xff\xfe", b"", b"null", b'"x"'])
    return st.one_of(encoded, raw, st.binary(max_size=64))


def form_body() -> st.SearchStrategy[tuple[str, Any]]:
    """A form as urlencoded fields, raw bytes (invalid UTF-8, percent-encoded surrogates) or multipart files."""
    fields = st.dictionaries(st.sampled_from(FIELDS) | odd_text(), odd_text(), max_size=6)
    files = st.lists(st.tuples(st.sampled_from(["file", "deliverables", "logs", "screenshots"]),
                               odd_text().filter(lambda s: "\x00" not in s), st.binary(max_size=64)), max_size=4)
    raw = st.sampled_from([b"name=%ED%A0%80.md&content=x", b"name=%FF%FE&content=%C0%80", b"agree=yes&%00=%00",
                           b"tlx_mental=%C2%B2", b"comments=ok%0D%3D1%2B1", b"a=" + b"%" * 3000])
    return st.one_of(fields.map(lambda f: ("data", f)), st.tuples(fields, files).map(lambda t: ("files", t)),
                     raw.map(lambda b: ("raw", b)), odd_json().map(lambda b: ("json", b)))


@dataclass
class Known:
    """Real values for path parameters (half the time a request uses one, to get past the front door), and
    each form route's valid form, which requests send with one field changed, so the odd value reaches the
    code behind the form's first check."""

    values: dict[str, list[str]]
    forms: dict[str, dict[str, str]] = field(default_factory=dict)

    def strategy(self, param: str) -> st.SearchStrategy[str]:
        real = self.values.get(param, [])
        odd = odd_text()
        return st.one_of(st.sampled_from(real), odd) if real else odd


@dataclass(frozen=True)
class Route:
    method: str
    template: str  # FastAPI's path, with {param} and {param:path}
    operation: Any = None  # schemathesis's APIOperation, for the routes the OpenAPI schema describes


@dataclass
class Finding:
    method: str
    path: str
    status: int
    what: str


@dataclass
class Fuzzer:
    """Sends requests to a server and checks each answer; `requests` counts them, `findings` the failures."""

    base: str
    database: Path
    workspaces: Path
    clients: dict[str, httpx.Client]
    known: Known
    requests: int = 0
    statuses: dict[int, int] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)
    hit: set[tuple[str, str]] = field(default_factory=set)

    def __post_init__(self) -> None:
        self._db = sqlite3.connect(f"file:{self.database}?mode=ro", uri=True, check_same_thread=False)

    def stored(self) -> tuple[int, tuple[tuple[str, int], ...]]:
        """What a request may have stored: the database's change counter and the workspaces' files."""
        version = int(self._db.execute("PRAGMA data_version").fetchone()[0])
        files = tuple(sorted((str(p), p.stat().st_size) for p in self.workspaces.rglob("*") if p.is_file())) \
            if self.workspaces.exists() else ()
        return version, files

    def send(self, route: Route, who: str, request: dict[str, Any]) -> None:
        self.hit.add((route.method, route.template))
        before = self.stored()
        try:
            r = self.clients[who].request(route.method, request.pop("url"), **request)
            status, note = r.status_code, r.text[:200]
        except httpx.HTTPError as exc:  # a connection the server dropped is as bad as a 500
            status, note = 599, f"{type(exc).__name__}: {exc}"
        self.requests += 1
        self.statuses[status] = self.statuses.get(status, 0) + 1
        if status >= 500:
            self.findings.append(Finding(route.method, route.template, status, note))
        elif 400 <= status < 500 and self.stored() != before:
            self.findings.append(Finding(route.method, route.template, status, "stored something, then refused"))

    def close(self) -> None:
        self._db.close()
        for client in self.clients.values():
            client.close()


def routes_of(app: Any) -> list[Route]:
    """Every route of the application (GET, POST; HEAD answers like GET), the schema's operations attached."""
    schema = schemathesis.openapi.from_dict(app.openapi())
    operations = {(op.method.upper(), op.path): op for op in (r.ok() for r in schema.get_all_operations())}
    found: list[Route] = []

    def walk(routes: list[Any]) -> None:
        for r in routes:
            if hasattr(r, "original_router"):
                walk(r.original_router.routes)
            elif hasattr(r, "methods"):
                for method in sorted(set(r.methods) - {"HEAD"}) or ["HEAD"]:
                    plain = PARAM.sub(lambda m: "{" + m.group(1) + "}", r.path)
                    found.append(Route(method, r.path, operations.get((method, plain))))
            elif getattr(r, "path", None) == "/static":
                found.append(Route("GET", "/static/{path:path}"))

    walk(app.routes)
    return found


def _fill(template: str, values: dict[str, str]) -> str:
    def one(m: re.Match[str]) -> str:
        keep = "/" if m.group(0).endswith(":path}") else ""
        return quote(values[m.group(1)], safe=keep)

    return PARAM.sub(one, template)


@st.composite
def request_for(draw: st.DrawFn, route: Route, known: Known) -> tuple[str, dict[str, Any]]:
    """One request to `route`: who sends it, and its URL, query, headers and body."""
    who = draw(st.sampled_from(["stranger", "coder", "worker", "researcher"]))
    names = [m.group(1) for m in PARAM.finditer(route.template)]
    values = {n: draw(known.strategy(n)) for n in names}
    request: dict[str, Any] = {}
    if route.operation is not None and draw(st.booleans()):
        mode = draw(st.sampled_from(list(schemathesis.GenerationMode)))
        case = draw(route.operation.as_strategy(generation_mode=mode))
        for n in names:  # the schema's own values for the path half the time, real ones otherwise
            if n in (case.path_parameters or {}) and draw(st.booleans()):
                values[n] = str(case.path_parameters[n])
        request["params"] = {k: str(v) for k, v in (case.query or {}).items()}
        request["headers"] = {k: str(v) for k, v in (case.headers or {}).items() if k in BROWSER_HEADERS}
        if case.body is not None and not isinstance(case.body, schemathesis.core.NotSet):
            body = case.body
            request["content"] = body if isinstance(body, bytes) else json.dumps(body, default=str).encode()
            request["headers"]["Content-Type"] = "application/json"
    else:
        request["params"] = draw(st.dictionaries(st.sampled_from(FIELDS) | odd_text(), odd_text(), max_size=3))
        valid = known.forms.get(route.template)
        if route.method == "POST" and valid is not None and draw(st.booleans()):
            form = dict(valid)
            form[draw(st.sampled_from(sorted(form)))] = draw(st.sampled_from(NASTY) | odd_text())
            request["data"] = form
            if route.template.endswith(("/upload", "/submit", "/skip")):
                name = draw(odd_text().filter(lambda s: "\x00" not in s) | st.just("notes.md"))
                key = FILE_FIELDS[route.template.rsplit("/")[-1]]
                request["files"] = [(key, (name, b"data"))]
        elif route.method == "POST":
            kind, body = draw(form_body())
            if kind == "data":
                request["data"] = body
            elif kind == "files":
                request["data"], request["files"] = body[0], [(k, (n, b)) for k, n, b in body[1]]
            else:
                request["content"] = body
                request["headers"] = {"Content-Type": "application/json" if kind == "json"
                                      else "application/x-www-form-urlencoded"}
    request["url"] = _fill(route.template, values)
    return who, request


def fuzz(fuzzer: Fuzzer, routes: list[Route], per_route: int) -> None:
    """`per_route` generated requests to each route, derandomized (the same requests on every run)."""
    for route in routes:
        _fuzz_route(fuzzer, route, per_route)


def _fuzz_route(fuzzer: Fuzzer, route: Route, examples: int) -> None:
    @settings(max_examples=examples, derandomize=True, database=None, deadline=None,
              phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    @given(st.data())
    def one(data: st.DataObject) -> None:
        who, request = data.draw(request_for(route, fuzzer.known))
        fuzzer.send(route, who, request)

    one()


@contextmanager
def environment(folder: Path) -> Iterator[None]:
    """The settings a fuzz server runs with: its own data folder, no per-participant budgets (a fuzzer is one
    participant sending thousands of requests; the budgets have tests of their own)."""
    saved = {k: os.environ.get(k) for k in ("CENTAUR_DATA_DIR", "CENTAUR_RATE_REQUESTS", "CENTAUR_RATE_EVENTS")}
    os.environ.update(CENTAUR_DATA_DIR=str(folder), CENTAUR_RATE_REQUESTS="0", CENTAUR_RATE_EVENTS="0")
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def forms(csrf: str) -> dict[str, dict[str, str]]:
    """Each form route's valid form (the logout's without its token: a fuzzer that logged out would test
    the login page only)."""
    from tests.collabstudy.test_service import PRE
    from tests.web.test_attacks import PASSWORD, SURVEY, TLX

    return {
        "/s/{study_id}/consent": {"agree": "yes", "PROLIFIC_PID": "p1", "SESSION_ID": "s1"},
        "/s/{study_id}/pre": SURVEY, "/s/{study_id}/exit": {**TLX, "comments": "fine"},
        "/collab/s/{study_id}/join": {"agree": "yes"}, "/collab/p/{token}/consent": {"agree": "yes"},
        "/collab/p/{token}/survey/{phase}": PRE,
        "/collab/p/{token}/t/{idx}/setup": {"used_before": "never", "mode": "embedded", "confirm": "yes"},
        "/collab/p/{token}/t/{idx}/chat": {"text": "hello", "client_id": "c1"},
        "/collab/p/{token}/t/{idx}/edit": {"name": "notes.md", "content": "x"},
        "/collab/p/{token}/t/{idx}/restore": {"version": "1"},
        "/collab/p/{token}/t/{idx}/decide": {"proposal": "p1", "decision": "decline"},
        "/collab/p/{token}/t/{idx}/upload": {"x": "y"}, "/collab/p/{token}/t/{idx}/skip": {"reason": "stuck"},
        "/collab/p/{token}/t/{idx}/submit": {"anyway": "yes", "log_text": "log"},
        "/dashboard/login": {"password": PASSWORD}, "/dashboard/logout": {"x": "y"},
        "/dashboard/collab-studies/{study_id}/s/{sid}/override": {"researcher": "r", "score": "1", "csrf": csrf},
    }


@contextmanager
def target(folder: Path) -> Iterator[tuple[Fuzzer, list[Route]]]:
    """A fuzz server (`test_attacks`'s site: both studies, the dashboard's password) with a coding participant
    at the tutorial, a collaboration participant at work, another who handed in, and a researcher logged in."""
    from logging.handlers import BufferingHandler

    from centaurlab import store
    from centaurlab.collabstudy import CollabStudies, parse_collab_study
    from centaurlab.config import settings as centaur_settings
    from centaurlab.study import create_study, load_study
    from centaurlab.web import DashboardAuth, create_app
    from centaurlab.web._dashboard_auth import LoginThrottle
    from tests.collabstudy.fakes import ScriptedModel, writer
    from tests.study.browser_support import serving
    from tests.study.studyfiles import write_study
    from tests.web.test_attacks import PASSWORD, Clock, Site, _logged_in, browser, coding, collab_working

    with environment(folder / "data"):
        url = centaur_settings().database_url
        store.upgrade(url)
        path = write_study(folder, conditions=("none",), sets='[["even_odd_count"]]')
        create_study(url, load_study(path), path.parent, source=str(path))
        app = create_app(database_url=url, banks=["study"])
        app.state.dashboard_auth = DashboardAuth(PASSWORD, throttle=LoginThrottle(clock=Clock()))
        model = ScriptedModel(writer("readout.md", "# Readout"))
        app.state.collab_studies = CollabStudies(url, folder / "ws", providers=lambda name: model)
        app.state.collab_studies.create(parse_collab_study({"study": {
            "id": "office", "title": "Office", "recruitment": {"max_participants": 3},
            "tasks": {"include": ["ab_test_readout", "press_release"], "sessions_per_participant": 2}}}))
        with serving(app) as base:
            site = Site(base, app, url, Clock(), BufferingHandler(0))
            coder = browser(site)
            state = coding(coder)
            done, done_token = collab_working(site, PROLIFIC_PID="done", SESSION_ID="done-session")
            done.post(f"/collab/p/{done_token}/t/0/edit", data={"name": "readout.md", "content": "# Readout"})
            done.post(f"/collab/p/{done_token}/t/0/submit")
            sid = next(e["payload"]["collab_session"] for e in done.get(f"/collab/p/{done_token}/t/0/events").json()
                       if e["kind"] == "submit")
            worker, token = collab_working(site)
            researcher = _logged_in(site)
            known = Known({"study_id": ["pilot", "office"], "token": [token, done_token], "idx": ["0", "1"],
                           "name": ["readout.md", "events", "participants", "reference", "dir1/f.md"],
                           "phase": ["pre", "post"], "task_id": ["even_odd_count", "sum_product"],
                           "bank_name": ["study"], "match_id": ["1"], "sid": [str(sid)],
                           "participant_id": [state["participant_id"]], "fmt": ["csv", "parquet"],
                           "agent": ["scout-agent"], "model": ["fake"], "path": ["favicon.svg"]})
            page = researcher.get(f"/dashboard/collab-studies/office/s/{sid}").text
            csrf = re.search(r'name="csrf" value="([^"]+)"', page)
            known.forms = forms(csrf.group(1) if csrf else "")
            clients = {"stranger": browser(site), "coder": coder, "worker": worker, "researcher": researcher}
            for client in clients.values():
                client.follow_redirects = False
                client.timeout = httpx.Timeout(120)
            fuzzer = Fuzzer(base, Path(url.removeprefix("sqlite:///")), folder / "ws", clients, known)
            try:
                yield fuzzer, routes_of(app)
            finally:
                fuzzer.close()
                done.close()
