#!/usr/bin/env bash
# test.sh: installs the dependencies, builds, and runs every test with ctest.
# Then the unit and property tests again under AddressSanitizer and
# UndefinedBehaviorSanitizer (scripts/sanitize.sh, build-asan/; issue 11
# item 8): about 7 minutes on 2 cores, 391 tests. PLI_SANITIZE=0 skips them
# (for a quick local run; CI runs them). Exits non-zero when a run fails.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each phase's time, printed at the end (where CI's minutes go).
times=()
phase() {  # phase NAME COMMAND...: runs it, records its seconds, keeps its status
  local name=$1 start=$SECONDS rc=0
  shift
  "$@" || rc=$?
  times+=("$name $((SECONDS - start)) s")
  return "$rc"
}

phase install-deps bash scripts/install-deps.sh
phase build bash scripts/build.sh

status=0
phase ctest ctest --test-dir build --output-on-failure -j2 || status=$?
if [[ ${PLI_SANITIZE:-1} != 0 ]]; then
  phase sanitize bash scripts/sanitize.sh || status=$?
fi
echo "test.sh: $(IFS=,; echo "${times[*]}" | sed 's/,/, /g'); ${SECONDS} s in all"
exit "$status"
