"""Effective settings: defaults, then `centaur.toml`, then `CENTAUR_*` environment variables.

Every setting remembers where its value came from, so `centaur config show` can say why the
platform behaves as it does.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DEFAULTS: dict[str, Any] = {
    "data_dir": ".centaur",
    "database_url": "",
    "sandbox_backend": "auto",
    "host": "127.0.0.1",
    "port": 8000,
    "workers": 0,
    "model_threads": 0,
    "rate_requests": 600,
    "rate_events": 3000,
    "trusted_proxies": "",
    "slot_minutes": 30,
}

DESCRIPTIONS = {
    "data_dir": "folder for the database, run artefacts and caches",
    "database_url": "SQLAlchemy URL; empty means SQLite in the data directory",
    "sandbox_backend": "bwrap, rlimit (does not isolate) or auto",
    "host": "address the web server listens on",
    "port": "port the web server listens on",
    "workers": "parallel sandbox workers; 0 means one per core",
    "model_threads": "embedded model threads; 0 means half the cores",
    "rate_requests": "requests per minute of one participant of a study, per server process; 0: no limit",
    "rate_events": "telemetry events per minute of one participant of a study, per server process; 0: no limit",
    "trusted_proxies": "addresses of reverse proxies whose forwarded client address and scheme are believed, "
                       "separated by commas ('*': any); empty: none, every client is the address it connects from",
    "slot_minutes": "minutes a collab study holds a place for someone who consented but never answered the first "
                    "survey; after that they no longer count against the study's cap",
}


@dataclass(frozen=True)
class Setting:
    name: str
    value: Any
    source: str


@dataclass(frozen=True)
class Settings:
    values: dict[str, Setting] = field(default_factory=dict)
    config_file: Path | None = None

    def __getitem__(self, name: str) -> Any:
        return self.values[name].value

    @property
    def data_dir(self) -> Path:
        return Path(self["data_dir"]).expanduser().resolve()

    @property
    def database_url(self) -> str:
        return str(self["database_url"]) or f"sqlite:///{self.data_dir / 'centaur.db'}"

    @property
    def sandbox_backend(self) -> str:
        return str(self["sandbox_backend"])

    @property
    def workers(self) -> int:
        return int(self["workers"]) or (os.cpu_count() or 1)

    @property
    def model_threads(self) -> int:
        """llama.cpp's threads wait for each other: more of them than idle cores slows every request
        (on 2 busy cores, 2 threads answered 60x slower than 1), so the default leaves half the cores
        to the platform, its sandboxes and the tests."""
        return int(self["model_threads"]) or max(1, min(4, (os.cpu_count() or 1) // 2))


def _coerce(name: str, raw: str) -> Any:
    default = DEFAULTS[name]
    if isinstance(default, int):
        try:
            return int(raw)
        except ValueError:
            raise ValueError(f"CENTAUR_{name.upper()}={raw!r} is not an integer") from None
    return raw


def find_config_file(env: dict[str, str]) -> Path | None:
    explicit = env.get("CENTAUR_CONFIG")
    if explicit:
        path = Path(explicit)
        if not path.is_file():
            raise FileNotFoundError(f"CENTAUR_CONFIG names {path}, which does not exist")
        return path
    local = Path("centaur.toml")
    return local if local.is_file() else None


def load_settings(env: dict[str, str] | None = None) -> Settings:
    env = dict(os.environ if env is None else env)
    values = {k: Setting(k, v, "default") for k, v in DEFAULTS.items()}
    config_file = find_config_file(env)
    if config_file is not None:
        table = tomllib.loads(config_file.read_text()).get("centaur", {})
        for key, value in table.items():
            if key not in DEFAULTS:
                raise ValueError(f"{config_file}: [centaur] has unknown key '{key}'; known: {', '.join(DEFAULTS)}")
            values[key] = Setting(key, value, str(config_file))
    for key in DEFAULTS:
        raw = env.get(f"CENTAUR_{key.upper()}")
        if raw is not None:
            values[key] = Setting(key, _coerce(key, raw), f"env CENTAUR_{key.upper()}")
    return Settings(values, config_file)


def settings() -> Settings:
    return load_settings()
