"""Every version of every workspace file, kept so that nothing a participant (or the agent) wrote is
ever lost: each write (the person's edit or upload, an agent's tool call, a restore) adds a version,
and nothing removes or changes one.

A version is a row (who wrote which file when) pointing at a blob, the bytes stored once by their
SHA-256. Both are added in one transaction, before the working copy in the session's folder is
touched: a crash before the commit leaves the write unacknowledged and the previous version in
place; a crash after it leaves a working copy behind its latest version, which `CollabStudies`
brings up to date when it next reads the folder (`VersionedFiles.sync`). There is no delete or
update of these tables anywhere in the platform.
"""

from __future__ import annotations

import difflib
import hashlib
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..errors import NotFound
from ._tables import CollabBlob, CollabFileVersion

AUTHORS = ("edit", "upload", "agent", "restore", "found")
"""Who wrote a version: the person in the editor, the person by an upload, the agent, the person's restore
of an earlier version, or a file found in the folder without a version (kept before versions were)."""
PERSON = frozenset({"edit", "upload", "restore", "found"})
"""Authors that make a file the person's: the agent asks before overwriting it where the study says so."""
LABELS = {"edit": "you (editor)", "upload": "you (upload)", "agent": "agent", "restore": "you (restore)",
          "found": "found in the folder"}
MAX_DIFF_LINES = 400


class NoSuchVersion(NotFound, LookupError):
    """A version id that is not one of this session's."""


@dataclass(frozen=True)
class Version:
    id: int
    idx: int
    """The task of the participant's plan."""
    name: str
    sha256: str
    size: int
    author: str
    t_ms: int
    note: str = ""

    @property
    def label(self) -> str:
        return LABELS.get(self.author, self.author)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _version(row: CollabFileVersion) -> Version:
    return Version(row.id, row.idx, row.name, row.sha256, row.size, row.author, row.t_ms, row.note or "")


def put_blob(s: Session, data: bytes) -> str:
    """Store the bytes once (a second write of the same bytes finds them); their SHA-256."""
    digest = sha256(data)
    if s.get(CollabBlob, digest) is None:
        try:
            with s.begin_nested():
                s.add(CollabBlob(sha256=digest, size=len(data), content=data))
        except IntegrityError:  # another writer stored the same bytes meanwhile: they are there
            pass
    return digest


def record(s: Session, participant: str, idx: int, name: str, data: bytes, author: str, t_ms: int,
           note: str = "") -> Version:
    """Add a version of `name` (its blob first); committed with the caller's transaction."""
    if author not in AUTHORS:
        raise ValueError(f"unknown author {author!r}; one of {', '.join(AUTHORS)}")
    digest = put_blob(s, data)
    row = CollabFileVersion(participant_id=participant, idx=idx, name=name, sha256=digest, size=len(data),
                            author=author, t_ms=t_ms, note=note[:500])
    s.add(row)
    s.flush()
    return _version(row)


def history(s: Session, participant: str, idx: int | None = None, name: str | None = None) -> list[Version]:
    """The versions of a session's files (of one file with `name`; of every session with `idx` None), oldest
    first."""
    query = select(CollabFileVersion).where(CollabFileVersion.participant_id == participant)
    if idx is not None:
        query = query.where(CollabFileVersion.idx == idx)
    if name is not None:
        query = query.where(CollabFileVersion.name == name)
    return [_version(r) for r in s.scalars(query.order_by(CollabFileVersion.id))]


def latest(s: Session, participant: str, idx: int) -> dict[str, Version]:
    """Each file's newest version."""
    return {v.name: v for v in history(s, participant, idx)}


def find(s: Session, participant: str, idx: int, version_id: int) -> Version:
    row = s.get(CollabFileVersion, version_id)
    if row is None or row.participant_id != participant or row.idx != idx:
        raise NoSuchVersion(f"no version {version_id} in this task's workspace")
    return _version(row)


def blob(s: Session, digest: str) -> bytes:
    row = s.get(CollabBlob, digest)
    if row is None:
        raise NoSuchVersion(f"no stored content {digest[:12]}")
    return bytes(row.content)


def before(versions: list[Version], version: Version) -> Version | None:
    """The version of the same file just before `version` (None for its first)."""
    earlier = [v for v in versions if v.name == version.name and v.id < version.id]
    return earlier[-1] if earlier else None


def line_count(data: bytes) -> int:
    return len(data.decode("utf-8", errors="replace").splitlines())


def diff_lines(old: bytes | None, new: bytes, old_label: str, new_label: str) -> list[str]:
    """A unified diff of two versions' text (difflib), at most MAX_DIFF_LINES lines; binary files say so."""
    if b"\0" in new or (old is not None and b"\0" in old):
        return [f"(binary file: {len(old or b'')} bytes -> {len(new)} bytes)"]
    a = [] if old is None else old.decode("utf-8", errors="replace").splitlines()
    b = new.decode("utf-8", errors="replace").splitlines()
    lines = list(difflib.unified_diff(a, b, old_label, new_label, lineterm=""))
    if not lines:
        return ["(no change)"]
    if len(lines) > MAX_DIFF_LINES:
        lines = lines[:MAX_DIFF_LINES] + [f"... ({len(lines) - MAX_DIFF_LINES} more lines)"]
    return lines
