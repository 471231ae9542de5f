"""What the server's access log may show of a request line. A collaboration study's participant link
carries the participant's token in its path (/collab/p/TOKEN/...), and a study link carries the
Prolific session id that lets a returning participant back in (`study._recruitment`): whoever reads
the log could act as them. The log keeps the route and drops these.

The filter sits on uvicorn's access logger, installed by `create_app`, so every way of serving the
app (`centaur serve`, its worker processes, the tests' servers) logs redacted lines. A reverse proxy
keeps its own access log: deploy/nginx.conf logs the same redacted form."""

from __future__ import annotations

import logging
import re
from urllib.parse import unquote_plus

ACCESS_LOGGER = "uvicorn.access"
_TOKEN_IN_PATH = re.compile(r"(/collab/(?:api/)?p/)[^/?#\s]+")
_SECRETS = {"SESSION_ID", "PROLIFIC_PID"}


def _redact_query(query: str) -> str:
    """Each parameter whose name, decoded as the application decodes it (`SESSION%5FID` and `session+id`
    are names too), is a recruitment secret keeps its name as sent and loses its value."""
    parts = []
    for part in query.split("&"):
        name, sep, _ = part.partition("=")
        secret = unquote_plus(name).strip().upper() in _SECRETS
        parts.append(f"{name}{sep}[redacted]" if secret and sep else part)
    return "&".join(parts)


def redact(target: str) -> str:
    """The request target with participant tokens and recruitment ids replaced."""
    path, sep, query = target.partition("?")
    path = _TOKEN_IN_PATH.sub(r"\1[token]", path)
    return f"{path}{sep}{_redact_query(query)}" if sep else path


class RedactTokens(logging.Filter):
    """Rewrites uvicorn's access records, `'%s - "%s %s HTTP/%s" %d'` with the target third."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and len(args) >= 3 and isinstance(args[2], str):
            record.args = (*args[:2], redact(args[2]), *args[3:])
        return True


def install(logger: logging.Logger | None = None) -> None:
    """Put the filter on the access logger (once)."""
    target = logger or logging.getLogger(ACCESS_LOGGER)
    if not any(isinstance(f, RedactTokens) for f in target.filters):
        target.addFilter(RedactTokens())
