from __future__ import annotations

from pathlib import Path

import pytest

from centaurlab.config import load_settings


def test_defaults_say_where_they_come_from() -> None:
    s = load_settings({})
    assert s.values["port"].source == "default" and s["port"] == 8000
    assert s.database_url.startswith("sqlite:///") and s.database_url.endswith(".centaur/centaur.db")


def test_toml_then_environment_override(tmp_path: Path) -> None:
    cfg = tmp_path / "centaur.toml"
    cfg.write_text('[centaur]\nport = 9000\ndata_dir = "/srv/centaur"\n')
    s = load_settings({"CENTAUR_CONFIG": str(cfg), "CENTAUR_PORT": "9100"})
    assert s["port"] == 9100 and s.values["port"].source == "env CENTAUR_PORT"
    assert s["data_dir"] == "/srv/centaur" and s.values["data_dir"].source == str(cfg)
    assert s.database_url == "sqlite:////srv/centaur/centaur.db"


def test_database_url_setting_wins() -> None:
    s = load_settings({"CENTAUR_DATABASE_URL": "postgresql://x@h/db"})
    assert s.database_url == "postgresql://x@h/db"


def test_bad_values_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="CENTAUR_PORT='eighty' is not an integer"):
        load_settings({"CENTAUR_PORT": "eighty"})
    cfg = tmp_path / "centaur.toml"
    cfg.write_text("[centaur]\nprot = 1\n")
    with pytest.raises(ValueError, match="unknown key 'prot'"):
        load_settings({"CENTAUR_CONFIG": str(cfg)})
    with pytest.raises(FileNotFoundError):
        load_settings({"CENTAUR_CONFIG": str(tmp_path / "missing.toml")})
