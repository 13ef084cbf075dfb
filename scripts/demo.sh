#!/usr/bin/env bash
# demo.sh: installs the dependencies, builds, then referees a whole game of
# Super Président into an embedded SQLite file and audits it.
#
# Four players, two manches (the second starts with the exchange of RULES.md
# §11). Each player, in turn, picks one of the actions `pli legal` lists (a
# seeded random choice, so every run plays the same game); every action goes
# through `pli play/pass/close/exchange/deal` with --expect, is judged by the
# rules and is committed before it is acknowledged. Then `pli audit` re-checks
# every event and the hash chain, against the last acknowledged head.
#
# The database is build/demo.db (made afresh each run); look inside with
#   build/pli state --db build/demo.db
#   sqlite3 build/demo.db 'select * from events_view limit 10'
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh
bash scripts/build.sh

pli=build/pli
db=build/demo.db
game=demo
rm -f "$db" "$db-wal" "$db-shm"
RANDOM=2026  # the players' choices: the same game every run

# Runs one live command with --json; prints a one-line summary; leaves the
# new head in $seq and $hash.
act() {
  local out
  out=$("$pli" "$@" --db "$db" --game "$game" --expect "$seq" --json)
  seq=$(grep -o '"seq":[0-9]*' <<<"$out" | head -1 | cut -d: -f2)
  hash=$(grep -o '"hash":"[0-9a-f]*"' <<<"$out" | cut -d'"' -f4)
  printf '  %3s  %s\n' "$seq" "$*"
}

phase() { "$pli" state --db "$db" --game "$game" --json | grep -o '"phase":"[a-z-]*"' | cut -d'"' -f4; }

echo "== pli new: $db, game \"$game\", seats Ana Bo Cy Di, two manches"
seq=0
act new --seats Ana,Bo,Cy,Di --option manches=2
while true; do
  case $(phase) in
    game-over) break ;;
    manche-over) act deal --seed "$RANDOM$RANDOM" ;;
    *)
      # One of the legal actions, e.g. "play      seat 3 (Di)  2 x Q  e.g. Qc Qh".
      mapfile -t actions < <("$pli" legal --db "$db" --game "$game")
      line=${actions[RANDOM % ${#actions[@]}]}
      read -r type _ seat _ <<<"$line"
      cards=${line##*e.g. }
      declare=()
      [[ $line == *"declare suite"* ]] && declare=(--declare suite)
      [[ $line == *"declare reverse"* ]] && declare=(--declare reverse)
      case $type in
        play) act play --seat "$seat" "${declare[@]}" $cards ;;
        pass) act pass --seat "$seat" ;;
        close) act close --seat "$seat" $cards ;;
        exchange)
          to=$(sed -E 's/.*-> seat ([0-9]+).*/\1/' <<<"$line")
          act exchange --from "$seat" --to "$to" $cards ;;
        *) echo "demo.sh: unexpected legal action: $line" >&2; exit 2 ;;
      esac ;;
  esac
done

echo
echo "== pli state --db $db"
"$pli" state --db "$db" --game "$game"
echo
echo "== pli audit --db $db --head $seq:$hash"
"$pli" audit --db "$db" --head "$seq:$hash"
