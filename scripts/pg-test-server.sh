#!/usr/bin/env bash
# pg-test-server.sh: a throwaway PostgreSQL server for tests and benchmarks
# (../shared/POSTGRES.md, "Tests on a real server"): initdb into a private
# folder, the server listening on a unix socket in that folder only (no TCP
# port), stopped by its pid, the folder removed.
#
#   pg-test-server.sh start DIR [--fast]  starts one in DIR (made; must not
#       exist or be empty), prints its URI and writes it to DIR/uri, the
#       server's pid to DIR/pid. --fast: fsync=off and synchronous_commit=off,
#       for contract tests only, never for durability or crash tests.
#   pg-test-server.sh stop DIR            stops it (SIGINT to its pid, then
#       waits for it) and removes DIR.
#   pg-test-server.sh crash DIR           kills the server as a crash would:
#       SIGKILL to every process of its session (postmaster and backends),
#       waits until they are gone; DIR and its data stay.
#   pg-test-server.sh restart DIR         starts the server again on DIR's
#       data, with the options it had (after a crash: WAL recovery first).
#   pg-test-server.sh standby PRIMARY DIR  makes DIR a synchronous standby
#       of the (durable) server in PRIMARY: pg_basebackup -R from it, started
#       like the others (its own socket in DIR), then the primary's
#       synchronous_standby_names set to '*' and reloaded; returns once the
#       primary reports it as its sync standby (every commit from then on
#       waits for it). Prints the standby's URI.
#   pg-test-server.sh promote DIR         pg_ctl promote of the standby in
#       DIR, waiting until it takes writes.
#   pg-test-server.sh run [--fast] -- CMD...  starts one in a temp folder,
#       runs CMD with PLI_PG_URI set to its URI, always stops it; exits with
#       CMD's status.
#
# initdb refuses to run as root: as root, the server runs as the postgres
# user (Debian's postgresql package makes it), the folder chowned to it.
set -euo pipefail

BIN=${PLI_PG_BIN:-/usr/lib/postgresql/15/bin}
PORT=54329  # names the socket file only: no TCP port is opened

as_server_user() {
  if [[ $(id -u) -eq 0 ]]; then
    setpriv --reuid=postgres --regid=postgres --init-groups "$@"
  else
    "$@"
  fi
}

uri_of() { echo "postgresql:///postgres?host=$1&port=$PORT&user=pli"; }

start() {
  local dir=$1 fast=${2:-}
  [[ -x $BIN/initdb ]] || { echo "pg-test-server.sh: no $BIN/initdb (install postgresql: scripts/install-deps.sh)" >&2; exit 2; }
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  if [[ -n $(ls -A "$dir") ]]; then
    echo "pg-test-server.sh: $dir is not empty" >&2; exit 2
  fi
  [[ $(id -u) -eq 0 ]] && chown postgres: "$dir"
  as_server_user "$BIN/initdb" -D "$dir/data" -U pli -A trust -E UTF8 --locale=C \
    --no-sync >"$dir/initdb.log" 2>&1 ||
    { cat "$dir/initdb.log" >&2; exit 2; }
  echo "$fast" >"$dir/options"
  launch "$dir"
}

# Starts the server on $1/data and waits until it answers.
launch() {
  local dir=$1
  local opts=(-c listen_addresses= -c unix_socket_directories="$dir" -c port=$PORT
              -c max_connections=60 -c shared_buffers=64MB)
  [[ $(cat "$dir/options" 2>/dev/null) == --fast ]] &&
    opts+=(-c fsync=off -c synchronous_commit=off -c full_page_writes=off)
  # setsid: its own session, so that a caller's terminal signals and a
  # ctest fixture's end leave it alone until stop.
  as_server_user setsid "$BIN/postgres" -D "$dir/data" "${opts[@]}" \
    </dev/null >>"$dir/server.log" 2>&1 &
  local launcher=$!
  for _ in $(seq 500); do
    if "$BIN/pg_isready" -q -h "$dir" -p $PORT; then
      # The server's own pid, as it wrote it (setsid may have forked).
      head -1 "$dir/data/postmaster.pid" >"$dir/pid"
      uri_of "$dir" | tee "$dir/uri"
      return 0
    fi
    kill -0 "$launcher" 2>/dev/null || break
    sleep 0.02
  done
  [[ -f $dir/data/postmaster.pid ]] && head -1 "$dir/data/postmaster.pid" >"$dir/pid" 
  echo "pg-test-server.sh: the server did not start:" >&2
  cat "$dir/server.log" >&2
  stop "$dir"
  exit 2
}

stop() {
  local dir=$1 pid
  [[ -f $dir/pid ]] && pid=$(cat "$dir/pid") || pid=
  if [[ -n $pid ]] && kill -INT "$pid" 2>/dev/null; then
    # Not our child when started by another invocation: poll until gone.
    for _ in $(seq 1000); do kill -0 "$pid" 2>/dev/null || break; sleep 0.02; done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -rf "$dir"
}

crash() {
  local dir=$1 pid
  pid=$(cat "$dir/pid")
  # setsid made the postmaster its session's leader: its session id is its
  # pid, shared by every backend it forked.
  pkill -KILL -s "$pid" 2>/dev/null || true
  for _ in $(seq 500); do
    pgrep -s "$pid" >/dev/null || return 0
    sleep 0.02
  done
  echo "pg-test-server.sh: the server's processes outlived SIGKILL" >&2
  exit 2
}

standby() {
  local primary dir
  primary=$(cd "$1" && pwd)
  dir=$2
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  if [[ -n $(ls -A "$dir") ]]; then
    echo "pg-test-server.sh: $dir is not empty" >&2; exit 2
  fi
  [[ $(id -u) -eq 0 ]] && chown postgres: "$dir"
  as_server_user "$BIN/pg_basebackup" -D "$dir/data" -h "$primary" -p $PORT -U pli -R -X stream --checkpoint=fast \
    --no-sync >"$dir/basebackup.log" 2>&1 || { cat "$dir/basebackup.log" >&2; exit 2; }
  : >"$dir/options"  # durable: a standby is for failover tests
  launch "$dir"
  "$BIN/psql" -X -q -h "$primary" -p $PORT -U pli -d postgres \
    -c "ALTER SYSTEM SET synchronous_standby_names = '*'" -c "SELECT pg_reload_conf()" >/dev/null
  for _ in $(seq 1500); do
    [[ $("$BIN/psql" -X -At -h "$primary" -p $PORT -U pli -d postgres \
        -c "SELECT count(*) FROM pg_stat_replication WHERE sync_state = 'sync'") == 1 ]] && return 0
    sleep 0.02
  done
  echo "pg-test-server.sh: the standby in $dir did not become synchronous" >&2
  exit 2
}

promote() {
  local dir
  dir=$(cd "$1" && pwd)
  as_server_user "$BIN/pg_ctl" promote -D "$dir/data" -w -t 60 >/dev/null
}

case ${1:-} in
  standby) shift; standby "$1" "$2" ;;
  promote) shift; promote "$1" ;;
  start) shift; start "$@" ;;
  stop) shift; stop "$1" ;;
  crash) shift; crash "$1" ;;
  restart) shift; launch "$(cd "$1" && pwd)" >/dev/null ;;
  run)
    shift
    fast=
    [[ ${1:-} == --fast ]] && { fast=--fast; shift; }
    [[ ${1:-} == -- ]] && shift
    dir=$(mktemp -d /tmp/pli-pg.XXXXXX)
    rmdir "$dir"
    trap 'stop "$dir"' EXIT
    PLI_PG_URI=$(start "$dir" $fast)
    export PLI_PG_URI
    status=0
    "$@" || status=$?
    exit $status
    ;;
  *) sed -n '2,32p' "$0" >&2; exit 2 ;;
esac
