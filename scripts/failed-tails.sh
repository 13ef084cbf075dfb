#!/usr/bin/env bash
# failed-tails.sh BUILD_DIR [LINES]: after a ctest run with failures, prints
# the last LINES (default 60) lines of each failed test's output, from
# ctest's own LastTest.log. test.sh calls it last, so that the end of a CI
# log (often all a reader gets to see) says why each test failed.
set -uo pipefail
build=${1:?usage: failed-tails.sh BUILD_DIR [LINES]}
lines=${2:-60}
failed=$build/Testing/Temporary/LastTestsFailed.log
log=$build/Testing/Temporary/LastTest.log
[[ -s $failed && -f $log ]] || exit 0
while IFS=: read -r _ name; do
  [[ -n $name ]] || continue
  echo "==== failed: $name ($build), the last $lines lines of its output ===="
  awk -v t="$name" '
    $0 ~ /^[0-9]+\/[0-9]+ Testing: / { cur = substr($0, index($0, "Testing: ") + 9); inside = 0; next }
    cur == t && /^Output:$/ { inside = 1; getline; next }
    cur == t && /^<end of output>$/ { inside = 0; next }
    inside { print }' "$log" | tail -n "$lines"
done < "$failed"
