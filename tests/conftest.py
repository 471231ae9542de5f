from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

PG_CANDIDATES = [
    os.environ.get("CENTAUR_TEST_POSTGRES_URL", ""),
    "postgresql+psycopg://postgres@127.0.0.1:5432/postgres",
    "postgresql+psycopg://postgres:postgres@127.0.0.1:5432/postgres",
]


@pytest.fixture(autouse=True)
def isolated_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own data directory, so nothing touches a developer's database."""
    data = tmp_path / "centaur-data"
    monkeypatch.setenv("CENTAUR_DATA_DIR", str(data))
    monkeypatch.delenv("CENTAUR_DATABASE_URL", raising=False)
    monkeypatch.delenv("CENTAUR_CONFIG", raising=False)
    monkeypatch.chdir(tmp_path)
    return data


def _admin_url() -> str:
    errors = []
    for url in filter(None, PG_CANDIDATES):
        try:
            with create_engine(url, isolation_level="AUTOCOMMIT").connect() as conn:
                conn.execute(text("select 1"))
            return url
        except Exception as exc:  # noqa: BLE001 - try the next candidate
            errors.append(f"{url}: {exc.__class__.__name__}")
    raise RuntimeError(
        "no PostgreSQL server for the store tests (make test starts one: scripts/test-services.sh); tried "
        + "; ".join(errors)
    )


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A fresh, empty database on a real PostgreSQL server, dropped afterwards."""
    admin = _admin_url()
    name = f"centaur_test_{uuid.uuid4().hex[:10]}"
    engine = create_engine(admin, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    yield make_url(admin).set(database=name).render_as_string(hide_password=False)
    with engine.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    engine.dispose()


def pytest_collection_finish(session: pytest.Session) -> None:
    """`--dist loadgroup` keeps a group's tests on one worker (the Ray cluster, a module's costly
    fixture); some pytest and xdist versions silently stop grouping, which only shows as a slower
    suite, so a worker that finds a grouped test without its group refuses to run."""
    if getattr(session.config, "workerinput", None) is None or not session.config.getoption("loadgroup", False):
        return
    lost = [item.nodeid for item in session.items if item.get_closest_marker("xdist_group") and "@" not in item.nodeid]
    if lost:
        raise pytest.UsageError(f"--dist loadgroup is not grouping ({lost[0]} has no @group): this pytest and "
                                "pytest-xdist do not work together; install the versions pyproject.toml pins")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests first (the order is otherwise kept): the workers take tests in collection order,
    and a test of a few minutes taken last keeps one worker busy while the others have nothing left."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
