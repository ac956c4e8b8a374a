#!/usr/bin/env bash
# Starts the machine's PostgreSQL if it is not answering on 127.0.0.1:5432 (installs it when absent).
set -euo pipefail
if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then exit 0; fi
if ! ls /etc/postgresql >/dev/null 2>&1; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql
fi
version=$(ls /etc/postgresql | sort -V | tail -1)
pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
pg_isready -h 127.0.0.1 -p 5432
# Trust auth on loopback and a `test` database, as on the development machines.
su postgres -c "psql -tAc \"SELECT 1 FROM pg_database WHERE datname='test'\"" | grep -q 1 || su postgres -c "createdb test"
su postgres -c "psql -tAc \"SELECT 1 FROM pg_roles WHERE rolname='root'\"" | grep -q 1 || su postgres -c "createuser -s root"
