"""The JSON bodies of the API's errors, built in one place for the application's exception handlers and
for the routes that answer before the framework (`hot_path.py`), so that both answer alike. A 422 says
what was invalid and where, without echoing the input back (it may be 200 KB of code)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException


def validation_body(errors: Sequence[Any], prefix: tuple[str, ...] = ()) -> dict[str, Any]:
    """`prefix` puts pydantic's locations where FastAPI's are (under "body" for a request body)."""
    kept = [{"loc": [*prefix, *err.get("loc", ())], "msg": err.get("msg", "invalid"), "type": err.get("type")}
            for err in errors]
    message = "; ".join(f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}" for err in kept)
    return {"detail": message or "invalid request", "errors": kept}


def invalid_response(errors: Sequence[Any], prefix: tuple[str, ...] = ()) -> JSONResponse:
    return JSONResponse(validation_body(errors, prefix), status_code=422)


def error_response(exc: HTTPException) -> JSONResponse:
    return JSONResponse({"detail": exc.detail}, status_code=exc.status_code, headers=exc.headers)
