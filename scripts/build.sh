#!/usr/bin/env bash
# build.sh: configures build/ (RelWithDebInfo) and builds everything.
# Extra arguments go to the configure step, e.g. -DPLI_BUILD_TESTS=OFF;
# `--target NAME` (first) builds only NAME and what it needs (the demo:
# `build.sh --target pli -DPLI_BUILD_TESTS=OFF`).
#
# A new build/ uses Ninja when it is installed (it starts a library's users
# before the library is linked, and has less overhead than make); a build/
# made before keeps its own generator. A new build/ (a fresh clone, CI) is
# also a unity build (CMAKE_UNITY_BUILD: the .cc files of a target compiled
# a few at a time, so the headers they share are parsed and their templates
# compiled once per batch, not once per file), as is any build/ when
# CI=true; PLI_UNITY=ON or OFF chooses it otherwise. A build/ made before is
# left as it is configured, since a unity batch recompiles whole on any edit
# of one of its files (a developer may prefer it off: PLI_UNITY=OFF).
set -euo pipefail
cd "$(dirname "$0")/.."

target=()
if [[ ${1:-} == --target ]]; then
  target=(--target "$2")
  shift 2
fi
args=(-DCMAKE_BUILD_TYPE=RelWithDebInfo)
unity=${PLI_UNITY:-}
if [[ ! -f build/CMakeCache.txt ]]; then
  if command -v ninja >/dev/null 2>&1; then args+=(-G Ninja); fi
  unity=${unity:-ON}
fi
if [[ -z $unity && ${CI:-} == true ]]; then
  unity=ON
fi
if [[ -n $unity ]]; then
  args+=(-DCMAKE_UNITY_BUILD="$unity")
fi
cmake -S . -B build "${args[@]}" "$@"
cmake --build build "${target[@]}" -j"$(nproc)"
