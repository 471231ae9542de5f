"""The JSON body of a 422: what was invalid and where, without echoing the input back (it may be 200 KB
of code). Shared by the application's handler and the hot path, so both answer alike."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def validation_body(errors: Sequence[Any], prefix: tuple[str, ...] = ()) -> dict[str, Any]:
    """`prefix` puts pydantic's locations where FastAPI's are (under "body" for a request body)."""
    kept = [{"loc": [*prefix, *err.get("loc", ())], "msg": err.get("msg", "invalid"), "type": err.get("type")}
            for err in errors]
    message = "; ".join(f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}" for err in kept)
    return {"detail": message or "invalid request", "errors": kept}
