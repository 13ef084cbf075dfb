#!/usr/bin/env bash
# fuzz.sh [SECONDS]: builds the libFuzzer targets (fuzz/) with clang,
# AddressSanitizer and UndefinedBehaviorSanitizer in build-fuzz/ (or
# $PLI_FUZZ_BUILD), and runs
# each for SECONDS (default 20) over a copy of its seed corpus, so the
# corpus kept in the tree does not grow. Fails on any crash, leak, sanitizer
# report or round-trip mismatch; the input that caused it is saved as
# build-fuzz/artifacts/<target>-crash-<sha1> (fuzz/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-20}
if ! [[ $seconds =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: scripts/fuzz.sh [SECONDS]  (a whole number of seconds, default 20)" >&2
  exit 2
fi
for tool in clang clang++ cmake; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "fuzz.sh: $tool not found; scripts/install-deps.sh installs it" >&2
    exit 2
  fi
done

# The build dir: build-fuzz/ by default; ctest's fuzz-short gives its own,
# inside the test build tree.
build=${PLI_FUZZ_BUILD:-build-fuzz}
sanitizers="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined"
mkdir -p "$build"
# Debug: asserts stay on; -O1 keeps the fuzzers fast.
CC=clang CXX=clang++ cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_CXX_FLAGS="-O1 -g -fno-omit-frame-pointer $sanitizers" \
  -DPLI_FUZZ=ON -DPLI_BUILD_TESTS=OFF >"$build/configure.log" 2>&1 ||
  { cat "$build/configure.log" >&2; exit 1; }
targets=(event_line_fuzz event_codec_fuzz)
cmake --build "$build" -j"$(nproc)" --target "${targets[@]}"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$build/artifacts"
for target in "${targets[@]}"; do
  name=${target%_fuzz}
  cp -r "fuzz/corpus/$name" "$work/$name"
  dict=()
  [[ -f fuzz/$name.dict ]] && dict=(-dict="fuzz/$name.dict")
  echo "fuzz.sh: $target for ${seconds}s over a copy of fuzz/corpus/$name"
  "$build/fuzz/$target" "${dict[@]}" -max_total_time="$seconds" -max_len=4096 \
    -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$build/artifacts/$target-" "$work/$name"
done
echo "fuzz.sh: no crash in ${#targets[@]} targets x ${seconds}s"
