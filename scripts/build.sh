#!/usr/bin/env bash
# build.sh: configures build/ (RelWithDebInfo) and builds everything.
# Extra arguments go to the configure step, e.g. -DPLI_BUILD_TESTS=OFF.
set -euo pipefail
cd "$(dirname "$0")/.."

cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@"
cmake --build build -j"$(nproc)"
