#!/usr/bin/env bash
# writers.sh: N writers at full speed on one database for S seconds (issue 12
# item 6; docs/PERFORMANCE.md "Writers sharing a file"). Each writer is a
# pli_appender (tests/referee/appender_main.cc) playing its own games through
# Submit, with pli's busy timeout (10 s). Prints how many writers failed
# (a writer fails when it waits 10 s for the lock) and the slowest submit.
#
#   scripts/writers.sh [BUILD_DIR [WRITERS [SECONDS]]]    defaults: build 8 60
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
writers=${2:-8}
seconds=${3:-60}
appender="$build/tests/referee/pli_appender"
[[ -x $appender ]] || { echo "writers.sh: build $appender first (target pli_appender)" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp "$appender" "$dir/pli_appender" && appender="$dir/pli_appender"  # rebuilds change nothing
"$appender" "$dir/w.db" init 1 1 >/dev/null 2>&1  # creates the file: the writers only write
pids=()
for ((w = 0; w < writers; w++)); do
  "$appender" "$dir/w.db" "w$w" $((w + 1)) 0 $((seconds * 1000)) >"$dir/out$w" 2>"$dir/err$w" &
  pids+=($!)
done
failed=0
for ((w = 0; w < writers; w++)); do
  wait "${pids[$w]}" || failed=$((failed + 1))
done
acks=$(cat "$dir"/out* | grep -c '^ack ' || true)
slowest=$(sed -n 's/.*slowest submit \([0-9]*\) us.*/\1/p' "$dir"/err* | sort -n | tail -1)
echo "writers: $writers for ${seconds} s; failed: $failed; acknowledged events: $acks;" \
  "slowest submit: $((slowest / 1000)) ms"
grep -h "locked" "$dir"/err* | head -3 || true
