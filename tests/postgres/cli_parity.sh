#!/usr/bin/env bash
# cli_parity.sh PLI: the same scripted games through a SQLite file and
# through PostgreSQL ($PLI_PG_URI's server, a database of its own) export
# byte-identical logs and audit clean with the same database head (issue 17).
set -euo pipefail
pli=$(realpath "$1")
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
db=parity_$$
psql -q "$PLI_PG_URI" -c "CREATE DATABASE $db"
pg=${PLI_PG_URI/\/postgres\?//$db?}
play() {  # the demo of schema/STORE.md, then a fixture imported
  local d=$1
  "$pli" new  --db "$d" --game demo --seats Ann,Bob,Cleo,Dan --time 2026-03-14T15:00:00Z
  "$pli" deal --db "$d" --game demo --seed 7 --id k-deal --time 2026-03-14T15:00:05Z
  "$pli" play --db "$d" --game demo --seat Dan 5h --id k-lead --time 2026-03-14T15:01:00Z
  "$pli" play --db "$d" --game demo --seat Ann 6h --declare suite --time 2026-03-14T15:01:30Z
  "$pli" pass --db "$d" --game demo --seat Bob --time 2026-03-14T15:02:00Z
  "$pli" play --db "$d" --game demo --seat Dan 5h --id k-lead  # the same key again: nothing written
  "$pli" play --db "$d" --game demo --seat Bob 2h --expect 3 && exit 1  # stale: refused
  "$pli" import --db "$d" games/president/fixtures/rules/K1-exchange-legal.jsonl
}
play "$tmp/demo.db" >"$tmp/sqlite.out" 2>&1 || true
play "$pg" >"$tmp/pg.out" 2>&1 || true
"$pli" export --db "$tmp/demo.db" >"$tmp/sqlite.jsonl"
"$pli" export --db "$pg" >"$tmp/pg.jsonl"
cmp "$tmp/sqlite.jsonl" "$tmp/pg.jsonl"
[[ $(wc -l <"$tmp/pg.jsonl") -gt 10 ]]
"$pli" audit --db "$tmp/demo.db" | grep 'database head' >"$tmp/sqlite.head"
"$pli" audit --db "$pg" | grep 'database head' >"$tmp/pg.head"
cmp "$tmp/sqlite.head" "$tmp/pg.head"
"$pli" state --db "$pg" --game demo --json >"$tmp/pg.state"
"$pli" state --db "$tmp/demo.db" --game demo --json >"$tmp/sqlite.state"
cmp "$tmp/sqlite.state" "$tmp/pg.state"
backup=$("$pli" backup --db "$pg" "$tmp/x.db" 2>&1) && exit 1  # refused, explained
grep -q pg_dump <<<"$backup"
# pli simulate into PostgreSQL (issue 17): the same seed writes the same
# events as into a SQLite file (simulate stamps no time), for both games.
for ruleset in super-president skull-king; do
  simdb=sim_${ruleset//-/_}_$$
  psql -q "$PLI_PG_URI" -c "CREATE DATABASE $simdb"
  simpg=${PLI_PG_URI/\/postgres\?//$simdb?}
  "$pli" simulate --db "$tmp/sim-$ruleset.db" --ruleset "$ruleset" --games 2 --seed 5 --manches 2 --fast >/dev/null
  "$pli" simulate --db "$simpg" --ruleset "$ruleset" --games 2 --seed 5 --manches 2 --fast >/dev/null
  "$pli" export --db "$tmp/sim-$ruleset.db" >"$tmp/sim-sqlite.jsonl"
  "$pli" export --db "$simpg" >"$tmp/sim-pg.jsonl"
  cmp "$tmp/sim-sqlite.jsonl" "$tmp/sim-pg.jsonl"
  [[ $(wc -l <"$tmp/sim-pg.jsonl") -gt 20 ]]
  "$pli" audit --db "$simpg" >/dev/null
done
echo "cli parity: $(wc -l <"$tmp/pg.jsonl") lines exported identically; $(cat "$tmp/pg.head")"
