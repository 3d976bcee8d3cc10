#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster (Debian's postgresql binaries):
#   scripts/with-postgres.sh npx vitest run --project unit server
set -euo pipefail
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
if [ -z "$PGBIN" ]; then echo "postgresql not installed (apt-get install -y postgresql)" >&2; exit 1; fi
PORT=${PGPORT_TEST:-55432}
DIR=$(mktemp -d /tmp/pg-test-XXXXXX)
chown postgres "$DIR"
as_pg() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }
as_pg "$PGBIN/initdb -D $DIR/data -U postgres -A trust -E UTF8 --locale=C.UTF-8 >/dev/null"
as_pg "$PGBIN/pg_ctl -D $DIR/data -o '-p $PORT -k $DIR -c listen_addresses=127.0.0.1' -l $DIR/log -w start >/dev/null"
cleanup() { as_pg "$PGBIN/pg_ctl -D $DIR/data -m fast -w stop >/dev/null" || true; rm -rf "$DIR"; }
trap cleanup EXIT
export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
"$@"
