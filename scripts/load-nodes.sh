#!/usr/bin/env bash
# load-nodes.sh: pli-load across nodes (issue 31; ../shared/SERVE.md "Beyond
# one machine"; docs/PERFORMANCE.md): a durable PostgreSQL primary and its
# synchronous standby (scripts/pg-test-server.sh, unix sockets in private
# folders, stopped by pid), then `pli-load --mode nodes` on the multi-host
# URI with target_session_attrs=read-write; both servers stopped at the end.
#
#   load-nodes.sh [PLI-LOAD ARGS...]
#   e.g. load-nodes.sh --nodes 3 --tables 150 --seconds 30
#        load-nodes.sh --nodes 3 --tables 150 --seconds 30 --kill node --kill-after 10
#        load-nodes.sh --nodes 3 --tables 150 --seconds 30 --kill primary --kill-after 10
# Run from the source tree, after a build (build/pli, build/pli-load).
set -euo pipefail
cd "$(dirname "$0")/.."
S=scripts/pg-test-server.sh
P=$(mktemp -d /tmp/pli-load-p.XXXXXX) && rmdir "$P"
B=$(mktemp -d /tmp/pli-load-s.XXXXXX) && rmdir "$B"
trap 'bash $S stop "$B"; bash $S stop "$P"' EXIT
bash $S start "$P" >/dev/null
/usr/lib/postgresql/15/bin/psql -X -q "$(cat "$P/uri")" -c "CREATE DATABASE games"
bash $S standby "$P" "$B" >/dev/null
uri="postgresql:///games?host=$P,$B&port=54329,54329&user=pli&target_session_attrs=read-write"
echo "uri: $uri"
/usr/lib/postgresql/15/bin/pg_test_fsync -s 1 -f "$P/fsync.test" 2>/dev/null | grep -E "^ +fdatasync " | head -1 || true
build/pli-load --pli build/pli --mode nodes --db "$uri" --primary-dir "$P" --standby-dir "$B" --script $S "$@"
