#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster (Debian's postgresql binaries):
#   scripts/with-postgres.sh npx vitest run --project 'unit*' server
set -euo pipefail
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
if [ -z "$PGBIN" ]; then echo "postgresql not installed (apt-get install -y postgresql)" >&2; exit 1; fi
# Below Linux's ephemeral range (32768-60999): a port in it can be held by any outgoing connection of the run, and a
# clean-clone CI run once found 55432 so ("could not bind IPv4 address: Address already in use"). A port still taken
# (another cluster of this script) moves the cluster to the next one.
PORT=${PGPORT_TEST:-25432}
DIR=$(mktemp -d /tmp/pg-test-XXXXXX)
chown postgres "$DIR"
as_pg() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }
cleanup() { as_pg "$PGBIN/pg_ctl -D $DIR/data -m fast -w stop >/dev/null" || true; rm -rf "$DIR"; }
trap cleanup EXIT
as_pg "$PGBIN/initdb -D $DIR/data -U postgres -A trust -E UTF8 --locale=C.UTF-8 >/dev/null"
for attempt in 1 2 3 4 5; do
  if as_pg "$PGBIN/pg_ctl -D $DIR/data -o '-p $PORT -k $DIR -c listen_addresses=127.0.0.1' -l $DIR/log -w start >/dev/null"; then break; fi
  if [ "$attempt" = 5 ] || ! grep -q 'Address already in use' "$DIR/log"; then cat "$DIR/log" >&2; exit 1; fi
  echo "with-postgres: port $PORT is taken, trying $((PORT + 1))" >&2
  PORT=$((PORT + 1))
done
export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
"$@"
