#!/usr/bin/env bash
# test.sh: installs the dependencies, builds, and runs every test with ctest.
# Exits with ctest's status.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh
bash scripts/build.sh

status=0
ctest --test-dir build --output-on-failure -j2 || status=$?
exit "$status"
