#!/usr/bin/env bash
# The production layout of docs/deploy.md on one machine, on loopback, without systemd: N server processes
# on one port (the kernel shares the listening socket between them) on PostgreSQL, the model endpoints
# wherever centaur.toml points. The reverse proxy (deploy/nginx.conf) is left out: nothing here needs TLS.
#
#   CENTAUR_DATABASE_URL=postgresql://user@127.0.0.1:5432/centaur deploy/local.sh [--workers N] [--port P]
#
# The database is migrated first. Stops with the first Ctrl-C (or SIGTERM): the processes finish the requests in flight first.
set -euo pipefail
workers=2
port=8000
while [ $# -gt 0 ]; do
  case "$1" in
    --workers) workers="$2"; shift 2 ;;
    --port) port="$2"; shift 2 ;;
    *) echo "usage: $0 [--workers N] [--port P]  (database: CENTAUR_DATABASE_URL)" >&2; exit 2 ;;
  esac
done
case "${CENTAUR_DATABASE_URL:-}" in
  postgresql*|postgres*) ;;
  *) echo "error: set CENTAUR_DATABASE_URL to the PostgreSQL database (postgresql://user@host:5432/name);" \
          "several server processes share nothing but it" >&2; exit 2 ;;
esac
here="$(cd "$(dirname "$0")/.." && pwd)"
centaur="${CENTAUR_BIN:-$here/.venv/bin/centaur}"
[ -x "$centaur" ] || centaur="$(command -v centaur)"
exec "$centaur" serve --host 127.0.0.1 --port "$port" --workers "$workers"
