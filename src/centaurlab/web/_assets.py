"""The built front end: `frontend/` is compiled by Vite into `static/`, with a manifest naming the
hashed files. Pages ask here which script and style sheets to load."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

STATIC_DIR = Path(__file__).parent / "static"
ENTRY = "src/main.ts"
BUILD_HINT = "run `make run`, or build it with `cd frontend && npm ci && npm run build`"


@dataclass(frozen=True)
class Bundle:
    """URLs of the entry script, its style sheets and the modules to preload."""

    script: str
    styles: list[str] = field(default_factory=list)
    preload: list[str] = field(default_factory=list)


def bundle_problem(static_dir: Path = STATIC_DIR) -> str:
    """Why the front end cannot be served, or '' when it can."""
    manifest = static_dir / ".vite" / "manifest.json"
    if not manifest.is_file():
        return f"the front end is not built ({manifest} is missing): {BUILD_HINT}"
    try:
        entries = json.loads(manifest.read_text())
    except (OSError, ValueError) as exc:
        return f"the front-end manifest {manifest} is unreadable ({exc}): {BUILD_HINT}"
    if ENTRY not in entries or not (static_dir / entries[ENTRY]["file"]).is_file():
        return f"the front-end build in {static_dir} is incomplete (no {ENTRY}): {BUILD_HINT}"
    return ""


def load_bundle(static_dir: Path = STATIC_DIR, url_prefix: str = "/static/") -> Bundle | None:
    """The built bundle, or None when it is missing (pages then say how to build it)."""
    if bundle_problem(static_dir):
        return None
    entries = json.loads((static_dir / ".vite" / "manifest.json").read_text())
    entry = entries[ENTRY]
    styles = list(entry.get("css", []))
    preload = []
    for name in entry.get("imports", []):
        chunk = entries.get(name, {})
        preload.append(url_prefix + chunk["file"])
        styles += chunk.get("css", [])
    return Bundle(
        script=url_prefix + entry["file"],
        styles=[url_prefix + css for css in dict.fromkeys(styles)],
        preload=[p for p in preload if p.endswith(".js")],
    )
