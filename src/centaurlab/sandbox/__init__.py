"""Run untrusted code: bubblewrap namespaces by default, an rlimit fallback that says it is unsafe;
the judge that runs a task's hidden tests outside the submission's box; a warm pool of boxes."""

from ._backend import SandboxBackend
from ._boxes import BoxKind, runtime_file
from ._bwrap import BwrapBackend, bwrap_works
from ._channel import SessionError
from ._cputime import sample as cpu_sample
from ._limits import Limits
from ._pool import default_pool
from ._program import python_argv, run_program
from ._registry import SandboxUnavailable, backend_status, get_backend
from ._result import RunResult
from ._script import run_script
from ._session import SandboxSession
from ._suite import (
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
    "BoxKind",
    "BwrapBackend",
    "ForgeableMeasure",
    "INSTRUCTIONS_REFUSED",
    "JudgedTask",
    "Limits",
    "RunResult",
    "SandboxBackend",
    "SandboxSession",
    "SandboxUnavailable",
    "SessionError",
    "Suite",
    "SuiteReport",
    "TRUSTED_ENV",
    "Verdict",
    "backend_status",
    "bwrap_works",
    "cpu_sample",
    "default_pool",
    "get_backend",
    "instructions_allowed",
    "python_argv",
    "run_program",
    "run_script",
    "run_suite",
    "runtime_file",
]
