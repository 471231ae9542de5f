"""Run untrusted code: bubblewrap namespaces by default, an rlimit fallback that says it is unsafe;
the judge that runs a task's hidden tests outside the submission's box; a warm pool of boxes."""

from .backend import SandboxBackend
from .boxes import BoxKind, runtime_file
from .bwrap import BwrapBackend
from .channel import SessionError
from .cputime import CpuSample
from .cputime import process_seconds as process_cpu_seconds
from .cputime import sample as cpu_sample
from .limits import Limits, Status
from .pool import WarmPool, default_pool
from .program import python_argv, run_program
from .registry import BackendStatus, SandboxUnavailable, backend_status, get_backend
from .result import RunResult
from .rlimit import RlimitBackend
from .script import run_script
from .session import SandboxSession, SessionEnd
from .suite import (
    INSTRUCTIONS_REFUSED,
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
    "BackendStatus",
    "BoxKind",
    "BwrapBackend",
    "CpuSample",
    "ForgeableMeasure",
    "INSTRUCTIONS_REFUSED",
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
    "TRUSTED_ENV",
    "Verdict",
    "WarmPool",
    "backend_status",
    "cpu_sample",
    "default_pool",
    "get_backend",
    "instructions_allowed",
    "process_cpu_seconds",
    "python_argv",
    "run_program",
    "run_script",
    "run_suite",
    "runtime_file",
]
