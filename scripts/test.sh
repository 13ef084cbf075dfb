#!/usr/bin/env bash
# test.sh: installs the dependencies, builds, and runs every test with ctest.
# Then the unit and property tests again under AddressSanitizer and
# UndefinedBehaviorSanitizer (scripts/sanitize.sh, build-asan/; issue 11
# item 8): about 7 minutes on 2 cores, 391 tests. PLI_SANITIZE=0 skips them
# (for a quick local run; CI runs them). Exits non-zero when a run fails.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh
bash scripts/build.sh

status=0
ctest --test-dir build --output-on-failure -j2 || status=$?
if [[ ${PLI_SANITIZE:-1} != 0 ]]; then
  bash scripts/sanitize.sh || status=$?
fi
exit "$status"
