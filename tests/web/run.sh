#!/usr/bin/env bash
# run.sh: the browser tests of the --html pages (ctest: web-pages).
# Usage: run.sh PLI REPO OUT. Skips (exit 77) only when Chromium cannot
# start (probe.mjs); any other problem, a missing playwright-core included,
# is a failure.
set -euo pipefail
export PLI=$1 REPO=$2 OUT=$3
here=$(cd "$(dirname "$0")" && pwd)
command -v node >/dev/null || { echo "run.sh: node is not installed (scripts/install-deps.sh)" >&2; exit 1; }
status=0
node "$here/probe.mjs" || status=$?
[[ $status -eq 0 ]] || exit "$status"
exec node --test --test-reporter=spec "$here/replay.test.mjs" "$here/table.test.mjs" "$here/table_generic.test.mjs"
