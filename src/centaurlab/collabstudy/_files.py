"""A task's workspace files as the participant's service keeps them: every write is a version
(`versions`), stored before the working copy in the session's folder changes, so nothing written is
ever lost; the person restores any version in one click (a restore is a new version), and the
agent's overwrite of a file the person wrote is asked first or allowed, as the study's
`agent_overwrite` says for the session's agent.

The working copy is what the agent reads and the judges grade; it is brought up to date with the
versions (`sync`) before the folder is read, which is how a write cut off between its version and
its working copy (a crash) is completed on restart.
"""

from __future__ import annotations

import uuid
from typing import Any

from sqlalchemy import select

from ..collab import REFERENCE_DIR, Workspace, WorkspaceError
from ..store import session_scope
from . import _versions as versions
from ._platform import Platform
from ._tables import CollabStudyEvent, CollabStudySession, add_event
from ._turnlog import AgentWrites
from ._versions import Version
from ._view import View, WrongStep

ASKED = "not written yet: "
"""How the agent's tool result begins when the person is asked to accept its overwrite."""
DECISIONS = ("overwrite_accepted", "overwrite_declined")


class OverwriteAsked(WorkspaceError):
    """The agent's write would overwrite the person's file: it waits for the person's decision."""


class VersionedFiles(Platform):
    """The workspace files of a participant's tasks, versioned; CollabStudies adds the rest of the way."""

    def view(self, token: str) -> View:  # CollabStudies defines these two
        raise NotImplementedError

    def _check_current(self, v: View, idx: int) -> dict[str, Any]:
        raise NotImplementedError

    def workspace(self, pid: str, idx: int) -> Workspace:
        return Workspace(self.workspaces / pid / str(idx))

    def sync(self, pid: str, idx: int) -> None:
        """Bring the working copy in line with the versions: a file whose latest version it does not hold
        gets it (a write cut off after its version was stored), a file without any version is stored as
        one ("found": written before versions were kept). Nothing is removed."""
        ws = self.workspace(pid, idx)
        if not ws.root.is_dir():
            return
        with session_scope(self.url) as s:  # a read: the writer's lock only when something is to be stored
            newest = versions.latest(s, pid, idx)
        unseen = [n for n in ws.files() if not n.startswith(REFERENCE_DIR + "/") and n not in newest]
        if unseen:
            with self.writing() as s:
                for name in unseen:
                    newest[name] = versions.record(s, pid, idx, name, ws.read_bytes(name), "found", self.clock(),
                                                   "in the workspace without a version")
        behind = [v for name, v in newest.items()
                  if not (ws.root / name).is_file() or versions.sha256((ws.root / name).read_bytes()) != v.sha256]
        if behind:
            with session_scope(self.url) as s:
                restored = {v.name: versions.blob(s, v.sha256) for v in behind}
            for name, data in restored.items():
                ws.write_bytes(name, data)

    def files(self, token: str, idx: int) -> list[tuple[str, int]]:
        v = self.view(token)
        self.sync(v.id, idx)
        ws = self.workspace(v.id, idx)
        return [(n, (ws.root / n).stat().st_size) for n in ws.files()] if ws.root.is_dir() else []

    def read(self, token: str, idx: int, name: str) -> bytes:
        v = self.view(token)
        return self.workspace(v.id, idx).read_bytes(name)

    def write(self, token: str, idx: int, name: str, data: bytes, source: str = "upload") -> str:
        """The participant's own edit or upload of a workspace file."""
        return self.write_all(token, idx, [(name, data)], source)[0]

    def write_all(self, token: str, idx: int, files: list[tuple[str, bytes]], source: str = "upload") -> list[str]:
        """Several files at once, all or none: each name is checked before anything is stored, and each is
        stored as a version (committed) before its working copy changes."""
        v = self.view(token)
        self._check_current(v, idx)
        with self.lock(v.id):
            ws = self.workspace(v.id, idx)
            with self.writing() as s:
                self._working(s, v.id, idx)
                names = [ws.writable(name, data)[1] for name, data in files]
                for name, (_, data) in zip(names, files, strict=True):
                    self._stored(s, v.id, idx, name, data, source)
            for name, (_, data) in zip(names, files, strict=True):
                ws.write_bytes(name, data)
        return names

    def _working(self, s: Any, pid: str, idx: int) -> CollabStudySession:
        row = s.scalars(select(CollabStudySession).where(
            CollabStudySession.participant_id == pid, CollabStudySession.idx == idx)).first()
        if row is None or row.status != "working":
            raise WrongStep(f"task {idx + 1} is not working")
        return row

    def _stored(self, s: Any, pid: str, idx: int, name: str, data: bytes, author: str, note: str = "") -> Version:
        """A version and its `file_version` event (the log the fluency coders read), in the caller's transaction."""
        version = versions.record(s, pid, idx, name, data, author, self.clock(), note)
        add_event(s, pid, f"server:{author}:{idx}:{uuid.uuid4().hex}", "file_version", self.clock(),
                  {"name": name, "by": author, "size": len(data), "sha256": version.sha256, "version": version.id,
                   **({"note": note} if note else {})}, idx)
        return version

    # --- history, restore ---------------------------------------------------------------------------------------

    def history(self, token: str, idx: int, name: str | None = None) -> list[Version]:
        v = self.view(token)
        with session_scope(self.url) as s:
            return versions.history(s, v.id, idx, name)

    def version(self, token: str, idx: int, version_id: int) -> tuple[Version, bytes, Version | None, bytes | None]:
        """A version with its bytes, and the version of the same file before it with its bytes (None, None for
        the first)."""
        v = self.view(token)
        with session_scope(self.url) as s:
            version = versions.find(s, v.id, idx, version_id)
            prior = versions.before(versions.history(s, v.id, idx, version.name), version)
            return (version, versions.blob(s, version.sha256), prior,
                    None if prior is None else versions.blob(s, prior.sha256))

    def restore(self, token: str, idx: int, version_id: int) -> Version:
        """Make an earlier version the file's content again: a new version by "restore" (nothing is replaced)."""
        v = self.view(token)
        self._check_current(v, idx)
        with self.lock(v.id):
            with self.writing() as s:
                self._working(s, v.id, idx)
                old = versions.find(s, v.id, idx, version_id)
                data = versions.blob(s, old.sha256)
                new = self._stored(s, v.id, idx, old.name, data, "restore", f"restored version {old.id}")
            self.workspace(v.id, idx).write_bytes(old.name, data)
        return new

    # --- the agent's overwrites ---------------------------------------------------------------------------------

    def agent_workspace(self, v: View, idx: int, agent: str, writes: AgentWrites) -> Workspace:
        """The workspace the agent's tools write through: each write is a version by "agent"; with the study's
        "ask" for this agent, a write over the person's file is not made but proposed (its diff is shown to the
        person, who accepts or declines), and the tool tells the agent so."""
        mode = v.study.agents.overwrite_for(agent)
        pid = v.id

        def on_write(name: str, data: bytes) -> None:
            proposal = ""
            with self.writing() as s:
                last = versions.latest(s, pid, idx).get(name)
                digest = versions.sha256(data)
                if mode == "ask" and last is not None and last.author in versions.PERSON and last.sha256 != digest:
                    old = versions.blob(s, last.sha256)
                    versions.put_blob(s, data)
                    proposal = uuid.uuid4().hex
                    add_event(s, pid, f"server:ask:{proposal}", "overwrite_asked", self.clock(),
                              {"proposal": proposal, "name": name, "sha256": digest, "size": len(data),
                               "base": last.id, "lines": versions.line_count(data),
                               "diff": versions.diff_lines(old, data, f"{name} (yours)", f"{name} (agent)")}, idx)
                else:
                    version = self._stored(s, pid, idx, name, data, "agent")
                    writes.written[name] = (version.id, last.id if last else None)
            if proposal:
                writes.asked[name] = proposal
                raise OverwriteAsked(f"{ASKED}{name} is the person's file, so they were shown your change to accept "
                                     "or decline; you will hear their decision with their next message. Do not "
                                     "write it again now.")

        return Workspace(self.workspaces / pid / str(idx), on_write=on_write)

    def decide(self, token: str, idx: int, proposal: str, accept: bool) -> str:
        """The person's decision on the agent's proposed overwrite (once: a second is refused); on accept the
        agent's content becomes a new version. Either way an event records it (data for the fluency coding) and
        the agent hears it with the person's next message. The file's name."""
        v = self.view(token)
        self._check_current(v, idx)
        with self.lock(v.id):
            with self.writing() as s:
                self._working(s, v.id, idx)
                asked = s.scalars(select(CollabStudyEvent).where(
                    CollabStudyEvent.participant_id == v.id, CollabStudyEvent.idx == idx,
                    CollabStudyEvent.kind == "overwrite_asked",
                    CollabStudyEvent.client_id == f"server:ask:{proposal}"[:100])).first()
                if asked is None:
                    raise WrongStep("no such change of the agent's to decide")
                name = str(asked.payload["name"])
                kind = DECISIONS[0] if accept else DECISIONS[1]
                if not add_event(s, v.id, f"server:decide:{proposal}"[:100], kind, self.clock(),
                                 {"proposal": proposal, "name": name}, idx):
                    raise WrongStep(f"the agent's change to {name} was decided already")
                data = versions.blob(s, str(asked.payload["sha256"])) if accept else b""
                if accept:
                    self._stored(s, v.id, idx, name, data, "agent", "accepted by the person")
            if accept:
                self.workspace(v.id, idx).write_bytes(name, data)
        return name

    def decisions_since_prompt(self, pid: str, idx: int) -> list[tuple[str, str]]:
        """(name, "accepted" | "declined") of the decisions the person made since their last message: the agent
        hears them with the next one."""
        with session_scope(self.url) as s:
            rows = list(s.execute(select(CollabStudyEvent.kind, CollabStudyEvent.payload).where(
                CollabStudyEvent.participant_id == pid, CollabStudyEvent.idx == idx,
                CollabStudyEvent.kind.in_(("prompt", *DECISIONS))).order_by(CollabStudyEvent.id)))
        out: list[tuple[str, str]] = []
        for kind, payload in rows:
            if kind == "prompt":
                out = []
            else:
                out.append((str(payload.get("name")), kind.removeprefix("overwrite_")))
        return out
