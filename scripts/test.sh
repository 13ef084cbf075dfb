#!/usr/bin/env bash
# test.sh: installs the dependencies, builds, and runs every test with ctest;
# then the unit and property tests again under AddressSanitizer and
# UndefinedBehaviorSanitizer (scripts/sanitize.sh, build-asan/; PLI_SANITIZE=0
# skips that). Exits non-zero when either run fails.
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
