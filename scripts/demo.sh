#!/usr/bin/env bash
# demo.sh: installs the dependencies, builds, then has four bots (easy,
# medium, hard, medium) play a whole game of Super Président, every action
# refereed into an embedded SQLite file, and audits it.
#
# Two manches (the second starts with the exchange of RULES.md §11). The
# bots act through `pli simulate`, which submits each of their actions to
# the referee one at a time, exactly as `pli play/pass/close/exchange/deal`
# do: judged by the rules, hash-chained, committed before it is
# acknowledged. A bot action the rules refuse would stop the run (exit 2).
# The seed fixes the deals and the bots' choices: every run plays the same
# game. Then `pli state` shows the end of the game and `pli audit`
# re-checks every event and the hash chain against the head simulate was
# given; the script exits non-zero unless the audit is clean.
#
# The database is build/demo.db (made afresh each run); look inside with
#   build/pli replay --db build/demo.db
#   sqlite3 build/demo.db 'select * from events_view limit 10'
# docs/SIMULATE.md explains simulate (many games, the table of results).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh
bash scripts/build.sh

pli=build/pli
db=build/demo.db
rm -f "$db" "$db-wal" "$db-shm"

echo "== pli simulate: bots easy, medium, hard, medium; two manches into $db"
out=$("$pli" simulate --db "$db" --games 1 --seats 4 --bots easy,medium,hard,medium \
  --seed 2026 --manches 2)
echo "$out"
# "last game: sim-2026-1, head SEQ:HASH"
head=$(sed -n 's/^last game: .*, head \([0-9]*:[0-9a-f]*\)$/\1/p' <<<"$out")
if [[ -z $head ]]; then
  echo "demo.sh: pli simulate printed no head" >&2
  exit 2
fi

echo
echo "== the first events (pli export --db $db)"
"$pli" export --db "$db" | sed -n '1,4p' | cut -c 1-150  # sed reads on: no SIGPIPE
echo
echo "== pli state --db $db"
"$pli" state --db "$db"
echo
echo "== pli audit --db $db --head $head"
"$pli" audit --db "$db" --head "$head"
