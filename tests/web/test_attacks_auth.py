"""The second probe's holes in who a request is, replayed against a real server (uvicorn on loopback, as in
test_attacks.py) and refused: a re-join that brought a fresh request budget, scripted consents that filled a
collaboration study's cap, X-Forwarded-For believed from any local client, a logout that left the cookie
working, and a percent-encoded SESSION_ID that reached the access log. Time-based limits run on test clocks.

Loopback is all of 127.0.0.0/8, so a client bound to 127.0.0.2 is another address to the server."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
import uvicorn
from fastapi import FastAPI

from centaurlab import store
from centaurlab.collabstudy import CollabStudies
from centaurlab.study import ParticipantLimits, RateLimit
from centaurlab.web import DashboardAuth, create_app
from centaurlab.web._dashboard_auth import COOKIE, LoginThrottle
from tests.collabstudy.test_service import PRE
from tests.study.browser_support import free_port
from tests.web.test_attacks import PASSWORD, Clock, Site, browser, collab_join, site, token_of

__all__ = ["site"]  # the fixture, shared with test_attacks.py

GUESSES = 12


class MsClock:
    """The collaboration platform's clock (milliseconds), moved by the test."""

    def __init__(self) -> None:
        self.now = 1_700_000_000_000

    def __call__(self) -> int:
        return self.now


def test_a_rejoin_brings_no_fresh_request_budget(site: Site) -> None:
    platform: CollabStudies = site.app.state.collab_studies
    link = {"PROLIFIC_PID": "frank", "SESSION_ID": "frank-session"}
    first = token_of(collab_join(browser(site), **link))
    clock = Clock()
    platform.limits = ParticipantLimits(RateLimit(5, "requests", clock), RateLimit(0))
    with httpx.Client(base_url=site.base, timeout=60) as script:
        assert [script.get(f"/collab/p/{first}").status_code for _ in range(6)] == [200] * 5 + [429]
        again = token_of(collab_join(browser(site), **link))  # Prolific's link again: a new token...
        assert again != first
        r = script.get(f"/collab/p/{again}")
        assert r.status_code == 429 and r.headers["retry-after"] == "12"  # ...and the same person's budget
        # without a recruitment id the person is the address: its joins and its participants share one budget
        anonymous = [token_of(collab_join(browser(site))) for _ in range(2)]  # no cookie: two participants
        assert [script.get(f"/collab/p/{t}").status_code for t in (*anonymous, anonymous[1])] == [200, 200, 429]
        clock.now += 12
        assert script.get(f"/collab/p/{again}").status_code == 200


def test_scripted_consents_leave_the_cap_to_real_people(site: Site) -> None:
    platform: CollabStudies = site.app.state.collab_studies  # `office` takes three people
    platform.clock = clock = MsClock()
    for _ in range(45):  # one address, a fresh client (no cookie) each time
        collab_join(httpx.Client(base_url=site.base, timeout=60))
    real = browser(site, "127.0.0.2")
    token = token_of(collab_join(real))  # not 409: the 45 were one person
    real.post(f"/collab/p/{token}/survey/pre", data=PRE)
    assert platform.view(token).stage == "tasks"  # acts: keeps the place
    assert platform.slot_ms == 30 * 60_000  # the slot_minutes setting's default

    for i in range(45):  # invented recruitment ids are people until their places run out
        collab_join(httpx.Client(base_url=site.base, timeout=60), PROLIFIC_PID=f"bot{i}", SESSION_ID="s")
    late = collab_join(browser(site, "127.0.0.3"))
    assert late.status_code == 409 and "all the participants it needs" in late.text
    clock.now += 30 * 60_000 - 1
    assert collab_join(browser(site, "127.0.0.3")).status_code == 409
    clock.now += 1  # nobody who only consented holds a place any more; the one who acted does
    token_of(collab_join(browser(site, "127.0.0.3")))
    token_of(collab_join(browser(site, "127.0.0.4")))
    assert collab_join(browser(site, "127.0.0.5")).status_code == 409
    assert real.get(f"/collab/p/{token}").status_code == 200


def _login_answers(base: str, address: str = "127.0.0.1", forwarded: str = "198.51.100.{}") -> list[int]:
    """Wrong passwords sent back to back, each with a new X-Forwarded-For: their status codes."""
    with httpx.Client(base_url=base, timeout=60, transport=httpx.HTTPTransport(local_address=address)) as client:
        return [client.post("/dashboard/login", data={"password": f"guess{i}"},
                            headers={"X-Forwarded-For": forwarded.format(i)}).status_code for i in range(GUESSES)]


@contextmanager
def centaur_serve(tmp_path: Path, **env: str) -> Iterator[str]:
    """`centaur serve` as deployed (its own uvicorn options), in a process of its own: its base URL."""
    port = free_port()
    environ = {**os.environ, "CENTAUR_DATA_DIR": str(tmp_path / "served"), "CENTAUR_STUDY_PASSWORD": PASSWORD, **env}
    proc = subprocess.Popen([sys.executable, "-m", "centaurlab", "serve", "--port", str(port)], env=environ,
                            cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                if httpx.get(f"{base}/health", timeout=5).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail("centaur serve did not start")
            time.sleep(0.2)
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=30)


@pytest.mark.slow
def test_a_forwarded_address_from_no_named_proxy_escapes_no_throttle(tmp_path: Path) -> None:
    with centaur_serve(tmp_path) as base:  # no trusted_proxies: nobody's X-Forwarded-For is believed
        answers = _login_answers(base)
    assert answers[:6] == [303] * 6 and 429 in answers[6:], answers


@contextmanager
def _served(app: FastAPI, allowed: str) -> Iterator[str]:
    """The app under uvicorn with the forwarded-header options `centaur serve` gives it."""
    from centaurlab.web import proxy_options  # here: the replays above still run on code without it

    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=free_port(), log_level="warning",
                                           **proxy_options(allowed)))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        if not thread.is_alive():
            pytest.fail("the web server did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{server.config.port}"
    finally:
        server.should_exit = True
        thread.join(timeout=15)


def test_only_a_named_proxy_is_believed(tmp_path: Path) -> None:
    from centaurlab.web import proxy_options

    assert proxy_options("") == {"proxy_headers": False}
    assert proxy_options(" 127.0.0.1, 10.0.0.5 ") == {"proxy_headers": True,
                                                       "forwarded_allow_ips": ["127.0.0.1", "10.0.0.5"]}
    app = create_app(banks=["study"])
    app.state.dashboard_auth = DashboardAuth(PASSWORD, throttle=LoginThrottle(clock=Clock()))
    with _served(app, "127.0.0.1") as base:
        assert 429 in _login_answers(base, address="127.0.0.2")  # not the proxy: its header is ignored
        assert set(_login_answers(base, address="127.0.0.1")) == {303}  # the proxy: one client per forwarded address
        assert 429 in _login_answers(base, address="127.0.0.1", forwarded="203.0.113.9")  # one client guessing


def _logout_replay(site: Site) -> None:
    """Log in, log out, then come back with a copy of the old cookie: it opens nothing and posts nothing."""
    researcher = browser(site)
    researcher.post("/dashboard/login", data={"password": PASSWORD})
    cookie = researcher.cookies.get(COOKIE)
    assert cookie and researcher.get("/dashboard").url.path == "/dashboard"
    page = researcher.get("/dashboard/pilot").text
    csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
    assert researcher.post("/dashboard/logout", data={"csrf": csrf}).url.path == "/dashboard/login"
    with httpx.Client(base_url=site.base, timeout=60, cookies={COOKIE: cookie}) as copy:  # the old cookie, kept
        r = copy.get("/dashboard", follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"] == "/dashboard/login"
        assert copy.get("/dashboard/pilot/export/participants.csv", follow_redirects=False).status_code == 303
        r = copy.post("/dashboard/collab-studies/office/s/1/override", data={"csrf": csrf, "researcher": "x",
                                                                             "score": "1"}, follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"] == "/dashboard/login"


def test_logout_ends_the_login_on_the_server(site: Site) -> None:
    _logout_replay(site)  # the logins of a server without a shared secret: kept in its process
    with store.session_scope(site.url) as s:
        assert s.query(store.DashboardSession).count() == 0
    with store.session_scope(site.url) as s:
        secret = store.shared_secret(s, "dashboard-cookies")
    site.app.state.dashboard_auth = DashboardAuth(PASSWORD, secret=secret, url=site.url)  # as `centaur serve` has it
    _logout_replay(site)
    with store.session_scope(site.url) as s:
        assert s.query(store.DashboardSession).count() == 0  # the logout deleted the login's row
    researcher = browser(site)
    researcher.post("/dashboard/login", data={"password": PASSWORD})
    cookie = researcher.cookies.get(COOKIE)
    other_process = DashboardAuth(PASSWORD, secret=secret, url=site.url)
    assert other_process.valid(cookie)
    other_process.end(cookie)  # a logout served by another process
    assert researcher.get("/dashboard").url.path == "/dashboard/login"


def test_a_percent_encoded_secret_name_is_redacted_too(site: Site) -> None:
    with browser(site) as client:
        for name in ("SESSION%5FID", "session%5fid", "%53ESSION_ID", "PROLIFIC%5FPID"):
            assert client.get(f"/s/pilot?{name}=grace-secret-1&STUDY_ID=st").status_code == 200
    text = "\n".join(r.getMessage() for r in site.log.buffer)
    assert "grace-secret-1" not in text
    assert "/s/pilot?SESSION%5FID=[redacted]&STUDY_ID=st" in text and "%53ESSION_ID=[redacted]" in text
