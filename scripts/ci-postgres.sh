#!/usr/bin/env bash
# Starts a local PostgreSQL for the server tests and prints the DATABASE_URL to use.
#   eval "$(scripts/ci-postgres.sh)"   # exports DATABASE_URL in the calling shell
# Installs the Debian package when no server is present, starts the cluster as the postgres
# user (pg_ctlcluster, or pg_ctl on a private data directory), creates the role and database.
# Everything but the final `export` line goes to stderr, so `eval` only sees the export.
set -euo pipefail

DB_NAME="${PG_TEST_DB:-giftgenius_test}"
DB_USER="${PG_TEST_USER:-giftgenius}"
DB_PASS="${PG_TEST_PASSWORD:-giftgenius}"
DB_PORT="${PG_TEST_PORT:-5432}"

log() { echo "ci-postgres: $*" >&2; }
as_postgres() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$1"; else sh -c "$1"; fi; }

if ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
  log "installing postgresql (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq postgresql >&2
fi
PG_BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
PG_VERSION="$(basename "$(dirname "$PG_BIN")")"

if command -v pg_ctlcluster >/dev/null 2>&1 && pg_lsclusters -h 2>/dev/null | grep -q "^$PG_VERSION main"; then
  if ! pg_lsclusters -h | grep -q "^$PG_VERSION main .* online"; then
    log "starting cluster $PG_VERSION/main"
    pg_ctlcluster "$PG_VERSION" main start >&2
  fi
else
  DATA_DIR="${PG_TEST_DATA:-/tmp/giftgenius-pgdata}"
  if [ ! -s "$DATA_DIR/PG_VERSION" ]; then
    log "initialising $DATA_DIR"
    mkdir -p "$DATA_DIR" && chown postgres "$DATA_DIR" 2>/dev/null || true
    as_postgres "$PG_BIN/initdb -D '$DATA_DIR' -A trust -U postgres" >&2
  fi
  if ! as_postgres "$PG_BIN/pg_ctl -D '$DATA_DIR' status" >/dev/null 2>&1; then
    log "starting pg_ctl on $DATA_DIR"
    as_postgres "$PG_BIN/pg_ctl -D '$DATA_DIR' -o '-p $DB_PORT -k /tmp -c listen_addresses=127.0.0.1' -l '$DATA_DIR/log' -w start" >&2
  fi
fi

psql_admin() { as_postgres "psql -v ON_ERROR_STOP=1 -h 127.0.0.1 -p $DB_PORT -U postgres -d postgres -tAc \"$1\"" 2>/dev/null ||
  as_postgres "psql -v ON_ERROR_STOP=1 -p $DB_PORT -d postgres -tAc \"$1\""; }

for _ in $(seq 1 30); do psql_admin "SELECT 1" >/dev/null 2>&1 && break; sleep 1; done
if [ "$(psql_admin "SELECT 1 FROM pg_roles WHERE rolname='$DB_USER'")" != "1" ]; then
  psql_admin "CREATE ROLE $DB_USER LOGIN PASSWORD '$DB_PASS'" >&2
fi
if [ "$(psql_admin "SELECT 1 FROM pg_database WHERE datname='$DB_NAME'")" != "1" ]; then
  psql_admin "CREATE DATABASE $DB_NAME OWNER $DB_USER" >&2
fi

URL="postgres://$DB_USER:$DB_PASS@127.0.0.1:$DB_PORT/$DB_NAME"
log "ready: $URL"
echo "export DATABASE_URL=$URL"
