#!/usr/bin/env bash
# test.sh: installs the dependencies, builds, and runs every test with ctest.
# Then the unit and property tests again under AddressSanitizer and
# UndefinedBehaviorSanitizer (scripts/sanitize.sh, build-asan/; issue 11
# item 8): about 486 tests, most of whose time is the second build (533 s on
# 2 cores of CI's 1070 s before it became a unity build; see the phase
# times this script prints). PLI_SANITIZE=0 skips them (for a quick local
# run; CI runs them). Exits non-zero when a run fails.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each phase's time, printed at the end (where CI's minutes go): its wall
# seconds, and its CPU seconds (user + system, of every process it ran and
# waited for), which do not depend on what else the machine is doing.
times=()
cpu_file=$(mktemp)
trap 'rm -f "$cpu_file"' EXIT
children_cpu() {  # sets cpu_now: the CPU seconds of this shell's finished children
  times >"$cpu_file"  # the builtin, in this shell: line 2 is the children's "user sys"
  cpu_now=$(awk 'NR == 2 { n = 0
                  for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); n += t[1] * 60 + t[2] }
                  printf "%d", n }' "$cpu_file")
}
phase() {  # phase NAME COMMAND...: runs it, records its seconds, keeps its status
  local name=$1 start=$SECONDS cpu rc=0
  shift
  children_cpu
  cpu=$cpu_now
  "$@" || rc=$?
  children_cpu
  times+=("$name $((SECONDS - start)) s ($((cpu_now - cpu)) s CPU)")
  echo "test.sh: ${times[-1]}"  # at once too, for a run cut short
  return "$rc"
}

phase install-deps bash scripts/install-deps.sh
# -DPLI_BUILD_TESTS=ON: a build/ the demo configured without the tests
# (scripts/demo.sh) gets them now.
phase build bash scripts/build.sh -DPLI_BUILD_TESTS=ON

status=0
phase ctest ctest --test-dir build --output-on-failure -j2 || status=$? ctest_failed=1
if [[ ${PLI_SANITIZE:-1} != 0 ]]; then
  phase sanitize bash scripts/sanitize.sh || status=$? sanitize_failed=1
fi
if [[ $status -ne 0 ]]; then
  # The end of a CI log is often all that is read: say there why.
  [[ -z ${ctest_failed:-} ]] || bash scripts/failed-tails.sh build
  [[ -z ${sanitize_failed:-} ]] || bash scripts/failed-tails.sh "${PLI_ASAN_BUILD:-build-asan}"
fi
echo "test.sh: $(IFS=,; echo "${times[*]}" | sed 's/,/, /g'); ${SECONDS} s in all"
exit "$status"
