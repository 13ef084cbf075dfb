#!/usr/bin/env bash
# run.sh: the browser tests of the --html pages and the table page (ctest:
# web-pages; web-nodes runs nodes.test.mjs alone, on a PostgreSQL server of
# its own). Usage: run.sh PLI REPO OUT [FILE.test.mjs...] (by default
# replay, table and table_generic). Skips (exit 77) only when Chromium cannot
# start (probe.mjs); any other problem, a missing playwright-core included,
# is a failure.
set -euo pipefail
export PLI=$1 REPO=$2 OUT=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
command -v node >/dev/null || { echo "run.sh: node is not installed (scripts/install-deps.sh)" >&2; exit 1; }
status=0
node "$here/probe.mjs" || status=$?
[[ $status -eq 0 ]] || exit "$status"
files=("$@")
[[ ${#files[@]} -gt 0 ]] || files=(replay.test.mjs table.test.mjs table_generic.test.mjs)
exec node --test --test-reporter=spec "${files[@]/#/$here/}"
