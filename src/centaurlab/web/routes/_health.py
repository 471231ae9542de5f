"""Liveness and the facts an operator wants first: banks loaded, sandbox backend, front end."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from ...config import settings
from ...sandbox import SandboxUnavailable, backend_status
from ._deps import bundle_of, catalogue_of

router = APIRouter(tags=["health"])


@router.get("/health")
@router.head("/health", include_in_schema=False)
def health(request: Request) -> dict[str, Any]:
    cat = catalogue_of(request)
    try:
        status = backend_status(settings().sandbox_backend)
        sandbox: dict[str, Any] = {"backend": status.name, "isolated": status.isolated, "note": status.note}
    except SandboxUnavailable as exc:
        sandbox = {"backend": None, "isolated": False, "note": str(exc)}
    return {
        "status": "ok",
        "banks": {name: len(bank.tasks) for name, bank in cat.banks.items()},
        "bank_problems": sum(len(bank.problems) for bank in cat.banks.values()),
        "sandbox": sandbox,
        "frontend_built": bundle_of(request) is not None,
    }
