"""study: studies created before the paper's defaults keep the settings they ran with

Study files gained settings whose defaults follow RealHumanEval (outside pastes refused in every
condition, the autocomplete prompt's header line, the suffix, uncut suggestions, Run as a script).
A study stored before them has no value for these fields, so it would silently switch to the new
defaults in the middle of its data collection. This revision writes the earlier behaviour into
every stored study that lacks the fields; studies created afterwards are untouched. Conditions
need nothing: the four old names still read as their kinds.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-24
"""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

# field path -> the behaviour studies had before the field existed
EARLIER = {
    ("paste", "block_external"): False,
    ("autocomplete", "header"): "",
    ("autocomplete", "send_suffix"): False,
    ("autocomplete", "trim"): "smart",
    ("editor", "run"): "examples",
}


def _with_earlier(spec: dict[str, Any]) -> dict[str, Any] | None:
    changed = False
    out = dict(spec)
    for (table, field), value in EARLIER.items():
        section = dict(out.get(table) or {})
        if field not in section:
            section[field] = value
            out[table] = section
            changed = True
    return out if changed else None


def upgrade() -> None:
    studies = sa.table("studies", sa.column("id", sa.String), sa.column("spec", sa.JSON))
    bind = op.get_bind()
    for study_id, spec in bind.execute(sa.select(studies.c.id, studies.c.spec)).all():
        data = json.loads(spec) if isinstance(spec, str) else spec
        if isinstance(data, dict):
            updated = _with_earlier(data)
            if updated is not None:
                bind.execute(studies.update().where(studies.c.id == study_id).values(spec=updated))


def downgrade() -> None:
    pass  # the added values are what those studies did anyway; nothing to take back
