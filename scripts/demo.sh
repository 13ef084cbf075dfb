#!/usr/bin/env bash
# demo.sh: the README's first command. Installs only what building and
# running pli needs (install-deps.sh --runtime: no test toolchain), builds
# only the `pli` command (build.sh --target pli, without the tests), then
# has bots play two whole games, every action refereed into one embedded
# SQLite file, build/demo.db:
#   - Super Président: four bots (easy, medium, hard, medium), two manches
#     (the second starts with the exchange of RULES.md §11);
#   - Skull King: three bots, the ten manches of a whole game
#     (../shared/SKULL_KING.md).
# The bots act through `pli simulate`, which submits each of their actions
# to the referee one at a time, exactly as `pli play/bid/pass/deal` do:
# judged by the rules, hash-chained, committed before it is acknowledged.
# A bot action the rules refuse would stop the run (exit 2). The seeds fix
# the deals and the bots' choices: every run plays the same games.
# Then `pli audit` re-checks every event and both hash chains against the
# heads simulate printed (the script exits non-zero unless both audits are
# clean), and `pli replay --html` writes each game as a page to open in a
# browser. Safe to run again: the database is made afresh each run.
#
# Look inside afterwards (from the clone's root):
#   build/pli replay --db build/demo.db --game sim-2026-1   # step through it
#   sqlite3 build/demo.db 'select * from events_view limit 10'
# docs/SIMULATE.md explains simulate (many games, the table of results).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh --runtime
bash scripts/build.sh --target pli -DPLI_BUILD_TESTS=OFF

pli=build/pli
db=build/demo.db
rm -f "$db" "$db-wal" "$db-shm"

# simulate ARGS...: runs pli simulate, shows its output, sets head to the
# "last game: ID, head SEQ:HASH" it ends with and game to ID.
simulate() {
  local out
  out=$("$pli" simulate --db "$db" --games 1 "$@")
  echo "$out"
  head=$(sed -n 's/^last game: .*, head \([0-9]*:[0-9a-f]*\)$/\1/p' <<<"$out")
  game=$(sed -n 's/^last game: \(.*\), head [0-9]*:[0-9a-f]*$/\1/p' <<<"$out")
  if [[ -z $head || -z $game ]]; then
    echo "demo.sh: pli simulate printed no head" >&2
    exit 2
  fi
}

echo "== Super Président: bots easy, medium, hard, medium; two manches into $db"
simulate --seats 4 --bots easy,medium,hard,medium --seed 2026 --manches 2
president=$game president_head=$head
echo
echo "== Skull King: three bots, a whole game (ten manches) into $db"
simulate --ruleset skull-king --seats 3 --seed 7
skull_king=$game skull_king_head=$head

echo
echo "== the first events (pli export --db $db --game $president)"
"$pli" export --db "$db" --game "$president" | sed -n '1,3p' | cut -c 1-150  # sed reads on: no SIGPIPE
echo
echo "== pli state --db $db --game $skull_king"
"$pli" state --db "$db" --game "$skull_king"
echo
echo "== pli audit: every event and the hash chain re-checked"
"$pli" audit --db "$db" --game "$president" --head "$president_head"
"$pli" audit --db "$db" --game "$skull_king" --head "$skull_king_head"

"$pli" replay --db "$db" --game "$president" --html build/demo-president.html
"$pli" replay --db "$db" --game "$skull_king" --html build/demo-skull-king.html
echo
echo "demo.sh: both games refereed and audited clean. Open the replays in a browser:"
echo "  file://$PWD/build/demo-president.html   (and file://$PWD/build/demo-skull-king.html)"
