#!/usr/bin/env bash
# pg-race.sh: two writers x N appends on one game of a PostgreSQL database
# (../shared/POSTGRES.md, "Goals"; not in ctest: it takes a minute or more).
# Runs the race of tests/postgres/postgres_store_test.cc, each writer on its
# own connection appending with the head it last read as --expect, on a
# durable throwaway server of its own (fsync and synchronous_commit on),
# stopped by its pid however the race ends. It prints the appends per
# second, how many times a loser was told (stale), the other errors (must
# be 0), and passes only when the log is contiguous (seqs 1..2N+1, each
# event chained to the one before, the head at the last).
#
#   scripts/pg-race.sh [BUILD_DIR [APPENDS]]     defaults: build 10000
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
appends=${2:-10000}
test_exe="$build/tests/postgres/postgres_test"
[[ -x $test_exe ]] || { echo "pg-race.sh: build $test_exe first (target postgres_test)" >&2; exit 2; }
PLI_PG_RACE_APPENDS=$appends bash scripts/pg-test-server.sh run -- \
  "$test_exe" "PostgreSQL: two writers racing on one game*"  # a ',' would split the name
