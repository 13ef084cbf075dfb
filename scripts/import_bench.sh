#!/usr/bin/env bash
# import_bench.sh: import of many small games while a live writer submits
# (issue 12 item 2; docs/PERFORMANCE.md "Import beside live writers").
# Makes a log of GAMES games (each the first EVENTS events of a simulated
# game, renamed: game, deal, plays), imports it into a database where a
# pli_appender (tests/referee/appender_main.cc, pli's 10 s busy timeout)
# submits without pause the whole time, and prints the import's time, the
# writer's slowest submit and whether it failed.
#
#   scripts/import_bench.sh [BUILD_DIR [GAMES [EVENTS]]]   defaults: build 100000 10
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
games=${2:-100000}
events=${3:-10}
pli="$build/pli"
appender="$build/tests/referee/pli_appender"
for exe in "$pli" "$appender"; do
  [[ -x $exe ]] || { echo "import_bench.sh: build $exe first" >&2; exit 2; }
done
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp "$pli" "$dir/pli" && pli="$dir/pli"  # a rebuild meanwhile changes nothing
cp "$appender" "$dir/pli_appender" && appender="$dir/pli_appender"
"$pli" simulate --db "$dir/sim.db" --games 1 --manches 1 --fast >/dev/null
"$pli" export --db "$dir/sim.db" -o "$dir/one.jsonl"
python3 - "$dir/one.jsonl" "$dir/log.jsonl" "$games" "$events" <<'PY'
import json, sys
src, out, games, events = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
lines = [json.loads(l) for l in open(src)][:events]
for e in lines:
    e.pop("hash", None)
with open(out, "w") as f:
    for g in range(games):
        lines[0]["game"] = "imp-%d" % g
        for e in lines:
            f.write(json.dumps(e, separators=(",", ":")) + "\n")
PY
"$appender" "$dir/w.db" init 1 1 >/dev/null 2>&1  # the database, with one game
"$appender" "$dir/w.db" live 7 0 0 >"$dir/live.out" 2>"$dir/live.err" &
live=$!
sleep 1
/usr/bin/time -f "%e s wall, %U s user, %S s system" -o "$dir/time" \
  "$pli" import --db "$dir/w.db" "$dir/log.jsonl" >"$dir/import.out" 2>&1 || cat "$dir/import.out" >&2
sleep 1
kill "$live" 2>/dev/null || true
status=0
wait "$live" || status=$?
acks=$(grep -c '^ack ' "$dir/live.out" || true)
echo "import of $games games x $events events: $(cat "$dir/time") ($(cat "$dir/import.out"))"
echo "live writer meanwhile: $acks events acknowledged; failed: $(grep -c locked "$dir/live.err" || true);" \
  "$(grep -o 'slowest submit [0-9]* us' "$dir/live.err" || echo 'killed before its report')"
