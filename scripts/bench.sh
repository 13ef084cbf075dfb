#!/usr/bin/env bash
# bench.sh: builds the benchmarks (Release, in build-bench/), runs them
# pinned to one core, and writes the figures into docs/PERFORMANCE.md
# (between its "bench:begin" and "bench:end" markers; the prose around them
# is kept).
#
#   scripts/bench.sh            the full run (about 1-2 min once the databases exist)
#   scripts/bench.sh --quick    fewer repetitions, smaller work
#   scripts/bench.sh --only 1,2 some measurements; prints them, leaves the page
#
# The 1M- and 10M-event databases (and measurement 9's 1M-event Skull King
# archive) are generated on the first run into build-bench/data/ (about
# 2.2 GB, several minutes) and reused afterwards; delete them to regenerate.
set -euo pipefail
cd "$(dirname "$0")/.."

mkdir -p build-bench
if ! { cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DPLI_BUILD_TESTS=OFF -DPLI_BENCH=ON &&
  cmake --build build-bench -j"$(nproc)" --target pli pli_bench; } >build-bench/build.log 2>&1; then
  tail -40 build-bench/build.log >&2
  echo "bench.sh: the build failed (build-bench/build.log)" >&2
  exit 1
fi

pin=()
if command -v taskset >/dev/null 2>&1 && taskset -c 1 true 2>/dev/null; then
  pin=(taskset -c 1)
fi
cmd=("${pin[@]}" build-bench/bench/pli_bench --dir build-bench/data --pli build-bench/pli "$@")
echo "bench.sh: ${cmd[*]}" >&2

started=$(date +%s)
table=$("${cmd[@]}")
elapsed=$(($(date +%s) - started))
printf '%s\n' "$table"

for a in "$@"; do
  if [[ $a == --only ]]; then
    echo "bench.sh: a partial run (--only): docs/PERFORMANCE.md left as it was" >&2
    exit 0
  fi
done

compiler=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' build-bench/CMakeCache.txt)
block=$(mktemp)
{
  echo "<!-- bench:begin (written by scripts/bench.sh; edits here are overwritten) -->"
  echo
  echo "Run of $(date -u +%Y-%m-%d), commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet 2>/dev/null || echo ' with local changes'), ${elapsed} s in all."
  echo
  echo "| machine | |"
  echo "|---|---|"
  echo "| CPU | $(lscpu | sed -n 's/^Model name: *//p' | head -1) |"
  echo "| cores | $(nproc) online; the benchmarks pinned to one (${pin[*]:-not pinned: no taskset}) |"
  echo "| memory | $(free -g | awk '/^Mem:/ {print $2}') GiB |"
  echo "| kernel | $(uname -sr) |"
  echo "| compiler | $("$compiler" --version | head -1), CMAKE_BUILD_TYPE=Release (-O3 -DNDEBUG) |"
  echo "| SQLite | $(build-bench/bench/pli_bench --versions sqlite) (library), synchronous=FULL, WAL |"
  echo "| OpenSSL | $(build-bench/bench/pli_bench --versions openssl) |"
  echo
  echo "Command: \`scripts/bench.sh${*:+ $*}\`, which runs \`${cmd[*]}\`."
  echo
  printf '%s\n' "$table"
  echo
  echo "<!-- bench:end -->"
} >"$block"

page=docs/PERFORMANCE.md
if [[ ! -f $page ]]; then
  printf '# Performance\n\n<!-- bench:begin -->\n<!-- bench:end -->\n' >"$page"
fi
awk -v block="$block" '
  /<!-- bench:begin/ { while ((getline line < block) > 0) print line; skip = 1; next }
  /<!-- bench:end -->/ { skip = 0; next }
  !skip { print }
' "$page" >"$page.new"
mv "$page.new" "$page"
rm -f "$block"
echo "bench.sh: wrote $page" >&2
