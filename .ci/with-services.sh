#!/usr/bin/env bash
# Runs the test command twice, side by side: the whole suite on the embedded defaults (SQLite,
# in-memory channel layer) in parallel workers (TEST_WORKERS, default 4: the browser and server
# tests mostly wait on a server and Chromium, so more workers than this machine's 2 cores still
# pay; a module's tests stay on one worker, so they share its module and session fixtures); and,
# when we are root and the servers are installed, the tests marked scale_db (their behaviour
# depends on the database's locking or the channel layer; tests/web/conftest.py lists them) and
# tests/scale against a throwaway PostgreSQL and Redis on 127.0.0.1 (DATABASE_URL / REDIS_URL),
# in one process, since the tests flush the Redis database they share. That pass mostly waits on
# its servers, so it runs beside the first; its output is printed after the first's. Stops the
# servers after and prints the times.
set -uo pipefail
cd "$(dirname "$0")/.."

# Each pass gets a temporary folder of its own: pytest's default one is pruned to the newest
# three by any other pytest started on the machine, which would delete a running pass's files.
TESTS_TMP=$(mktemp -d /tmp/mahjong-tests.XXXXXX)
RUN=""
cleanup() {
  if [ -n "$RUN" ]; then
    runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$RUN/pg" -m immediate stop >/dev/null 2>&1
    [ -f "$RUN/redis.pid" ] && kill "$(cat "$RUN/redis.pid")" 2>/dev/null
    rm -rf "$RUN"
  fi
  rm -rf "$TESTS_TMP"
}
trap cleanup EXIT

start=$SECONDS
second_pid=""
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
if [ "$(id -u)" != "0" ] || [ -z "$PG_BIN" ] || ! command -v redis-server >/dev/null; then
  echo "with-services: not root or PostgreSQL/Redis missing: the PostgreSQL + Redis pass is skipped"
else
  RUN=$(mktemp -d /tmp/mahjong-services.XXXXXX)
  # Free ports, so that two runs on one machine do not meet.
  free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
  PG_PORT=${PG_PORT:-$(free_port)}
  REDIS_PORT=${REDIS_PORT:-$(free_port)}
  chown postgres "$RUN"
  runuser -u postgres -- "$PG_BIN/initdb" -D "$RUN/pg" -A trust -U postgres >/dev/null || exit 1
  runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$RUN/pg" -l "$RUN/pg.log" -w \
    -o "-p $PG_PORT -k $RUN -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null || {
    cat "$RUN/pg.log"; exit 1; }
  redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save "" --appendonly no \
    --daemonize yes --pidfile "$RUN/redis.pid" --logfile "$RUN/redis.log" || exit 1
  for _ in $(seq 50); do redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done
  database="postgres://postgres@127.0.0.1:$PG_PORT/mahjong"
  redis="redis://127.0.0.1:$REDIS_PORT/0"
  echo "with-services: second pass on PostgreSQL ($database) and Redis ($redis), beside the first"
  (
    second_start=$SECONDS
    DATABASE_URL="$database" REDIS_URL="$redis" \
      "$@" -p no:xdist -m "scale_db or scale" --basetemp "$TESTS_TMP/second" tests/web tests/scale
    status=$?
    echo "with-services: second pass (PostgreSQL + Redis) took $((SECONDS - second_start)) s"
    exit $status
  ) > "$RUN/second.log" 2>&1 &
  second_pid=$!
fi

env -u DATABASE_URL -u REDIS_URL "$@" -n "${TEST_WORKERS:-4}" --dist loadfile \
  --basetemp "$TESTS_TMP/first"
first=$?
echo "with-services: first pass (SQLite) took $((SECONDS - start)) s"

second=0
if [ -n "$second_pid" ]; then
  wait "$second_pid"
  second=$?
  cat "$RUN/second.log"
fi
echo "with-services: both passes $((SECONDS - start)) s"
[ $first -ne 0 ] && exit $first
exit $second
