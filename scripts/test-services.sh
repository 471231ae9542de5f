#!/usr/bin/env bash
# Make sure a PostgreSQL server answers on 127.0.0.1:5432 for the store's tests.
# Uses a running server if there is one; otherwise installs and starts Debian's.
set -euo pipefail
SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
ready() { command -v pg_isready >/dev/null && pg_isready -q -h 127.0.0.1 -p 5432; }
if ready; then exit 0; fi
if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql
fi
version=$(ls /etc/postgresql | sort -V | tail -n 1)
$SUDO pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
for _ in $(seq 1 30); do ready && break; sleep 1; done
ready || { echo "PostgreSQL did not start on 127.0.0.1:5432" >&2; exit 1; }
# a fresh Debian server asks for a password on TCP: give the postgres role the one tests try
$SUDO su postgres -c "psql -q -c \"ALTER USER postgres PASSWORD 'postgres'\"" >/dev/null 2>&1 || true
