"""Run untrusted code: bubblewrap namespaces by default, an rlimit fallback that says it is unsafe;
the judge that runs a task's hidden tests outside the submission's box; a warm pool of boxes."""

from .backend import SandboxBackend
from .bwrap import BwrapBackend
from .limits import Limits, Status
from .pool import WarmPool, default_pool
from .program import run_program
from .registry import BackendStatus, SandboxUnavailable, backend_status, get_backend
from .result import RunResult
from .rlimit import RlimitBackend
from .session import SandboxSession, SessionEnd, SessionError
from .suite import (
    TRUSTED_ENV,
    ForgeableMeasure,
    JudgedTask,
    Suite,
    SuiteReport,
    Verdict,
    instructions_allowed,
    run_suite,
)

__all__ = [
    "TRUSTED_ENV",
    "BackendStatus",
    "BwrapBackend",
    "ForgeableMeasure",
    "JudgedTask",
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
    "WarmPool",
    "backend_status",
    "default_pool",
    "get_backend",
    "instructions_allowed",
    "run_program",
    "run_suite",
]
