"""Run untrusted code: bubblewrap namespaces by default, an rlimit fallback that says it is unsafe."""

from .backend import SandboxBackend
from .bwrap import BwrapBackend
from .limits import Limits, Status
from .program import run_program
from .registry import BackendStatus, SandboxUnavailable, backend_status, get_backend
from .result import RunResult
from .rlimit import RlimitBackend
from .session import SandboxSession, SessionEnd, SessionError
from .suite import Suite, SuiteReport, Verdict, run_suite

__all__ = [
    "BackendStatus",
    "BwrapBackend",
    "Limits",
    "RlimitBackend",
    "RunResult",
    "SandboxBackend",
    "SandboxSession",
    "SandboxUnavailable",
    "SessionEnd",
    "SessionError",
    "Status",
    "Suite",
    "SuiteReport",
    "Verdict",
    "backend_status",
    "get_backend",
    "run_program",
    "run_suite",
]
