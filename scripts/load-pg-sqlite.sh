#!/usr/bin/env bash
# load-pg-sqlite.sh: ../shared/SERVE.md's ratio goal "one node on PostgreSQL
# against one node on SQLite, bots at zero delay" (issue 31;
# docs/PERFORMANCE.md "Several nodes and failover"): `pli-load --mode bots`
# on a SQLite file, then on a durable PostgreSQL server (scripts/
# pg-test-server.sh start, no --fast: synchronous_commit on, a unix socket
# in a private folder, stopped by pid at the end), alternately ROUNDS times
# (default 2), one database of each per round; prints each run's accepted
# actions/s, the ratios PostgreSQL / SQLite, and pg_test_fsync's fdatasync
# on the same disk. Run from the source tree after a build (build/pli,
# build/pli-load).
#
#   load-pg-sqlite.sh [--tables N] [--seconds S] [--rounds R]
set -euo pipefail
cd "$(dirname "$0")/.."
S=scripts/pg-test-server.sh
tables=200 seconds=20 rounds=2
while [[ $# -gt 0 ]]; do
  case $1 in
    --tables) tables=$2 ;;
    --seconds) seconds=$2 ;;
    --rounds) rounds=$2 ;;
    *) sed -n '2,13p' "$0" >&2; exit 2 ;;
  esac
  shift 2
done
P=
trap '[[ -n $P ]] && bash $S stop "$P"' EXIT
rate() { grep -E '^accepted actions/s' | awk '{print $3}'; }
sqlite=() pg=()
for r in $(seq "$rounds"); do
  out=$(build/pli-load --pli build/pli --mode bots --tables "$tables" --seconds "$seconds")
  sqlite+=("$(rate <<<"$out")")
  echo "round $r, SQLite:     $(grep -E '^(accepted|commits)' <<<"$out" | tr '\n' ' ')"
  P=$(mktemp -d /tmp/pli-ratio-p.XXXXXX) && rmdir "$P"
  bash $S start "$P" >/dev/null
  [[ $r -eq 1 ]] && /usr/lib/postgresql/15/bin/pg_test_fsync -s 1 -f "$P/fsync.test" 2>/dev/null | grep -E "^ +fdatasync " | head -1 || true
  out=$(build/pli-load --pli build/pli --mode bots --tables "$tables" --seconds "$seconds" --db "$(cat "$P/uri")")
  pg+=("$(rate <<<"$out")")
  echo "round $r, PostgreSQL: $(grep -E '^(accepted|commits)' <<<"$out" | tr '\n' ' ')"
  bash $S stop "$P"
  P=
done
for r in $(seq 0 $((rounds - 1))); do
  awk -v p="${pg[$r]}" -v s="${sqlite[$r]}" -v r=$((r + 1)) \
    'BEGIN { printf "round %d: PostgreSQL / SQLite = %.0f / %.0f = %.2f\n", r, p, s, (s > 0 ? p / s : 0) }'
done
