#!/usr/bin/env bash
# live_golden_test.sh: the live commands (INTERFACE.md §2: new, deal, bid,
# exchange, play, pass, close, end) and pli state and pli legal, whose
# Président code moved out of the shared cli/live.cc and cli/main.cc into
# games/president/cli/ (live.cc, state.cc, reached through cli/game_commands.h),
# print byte for byte what they printed before the move, with the same exit
# status. One session of commands, in order, on databases in a fresh
# folder; each command's stdout, stderr and exit status are compared with
# tests/cli/golden/live/NAME.out, recorded from the binary before the move.
# Every action is stamped with a fixed --time (or --no-time), so hashes and
# database heads are the same from run to run; the folder is masked as DIR.
#
#   bash live_golden_test.sh PLI ROOT          # check
#   bash live_golden_test.sh PLI ROOT --write  # record (from a binary before a change)
set -u
pli=$1
root=$2
write=${3:-}
golden=$root/tests/cli/golden/live
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root" || exit 2

T="--time 2026-11-27T05:00:00Z"
# NAME|arguments (@ is the folder), or NAME|<FILE|arguments to feed FILE
# (relative to the repository, first lines only: NAME|<N:FILE|...) on stdin.
cases=(
  # Super Président, a game made with pli new and dealt by seed (RULES.md S2).
  "new|new --db @/g.db --game g1 --seats Ana,Bo,Cy,Di $T"
  "new-json|new --db @/g.db --game g2 --seats A,B,C,D,E --ruleset classic --option manches=2 $T --json"
  "new-exists|new --db @/g.db --game g1 --seats Ana,Bo,Cy,Di $T"
  "new-exists-json|new --db @/g.db --game g1 --seats Ana,Bo,Cy,Di $T --json"
  "new-twice-named|new --db @/g.db --game g3 --seats Ana,Bo,Ana,Di $T"
  "new-bad-option|new --db @/g.db --game g3 --seats Ana,Bo,Cy,Di --option manches=zero $T"
  "new-bad-ruleset|new --db @/g.db --game g3 --seats Ana,Bo,Cy,Di --ruleset chess $T"
  "new-three-seats|new --db @/g.db --game g3 --seats Ana,Bo,Cy $T --json"
  "new-none-created|new --db @/none.db --game g3 --seats Ana,Bo,Cy $T"
  "deal-seed|deal --db @/g.db --game g1 --seed 42 --expect 1 $T"
  "deal-stale|deal --db @/g.db --game g1 --seed 42 --expect 1 $T"
  "deal-stale-json|deal --db @/g.db --game g1 --seed 42 --expect 1 $T --json"
  "deal-seed-json|deal --db @/g.db --game g2 --seed 7 --expect 1 --id d1 $T --json"
  "deal-again-id|deal --db @/g.db --game g2 --seed 7 --id d1 --time 2026-11-27T06:00:00Z"
  "deal-other-id|deal --db @/g.db --game g2 --seed 8 --id d1 $T"
  "deal-seed-and-hand|deal --db @/g.db --game g1 --seed 4 --hand 3c $T"
  "state-db-game|state --db @/g.db --game g1"
  "state-db-json|state --db @/g.db --game g1 --json"
  "legal-db-game|legal --db @/g.db --game g1"
  "legal-db-json|legal --db @/g.db --game g2 --json"
  "state-db-several|state --db @/g.db"
  "state-db-several-json|legal --db @/g.db --json"
  "state-db-at|state --db @/g.db --game g1 --at 1"
  "state-db-bad-at|state --db @/g.db --game g1 --at 9"
  "state-db-no-game|state --db @/g.db --game zz"
  "play-no-game|play --db @/g.db --game zz --seat 0 3c $T"
  "play-bad-seat|play --db @/g.db --game g1 --seat Zed 3c $T"
  "play-bad-seat-number|play --db @/g.db --game g1 --seat 9 3c $T --json"
  "play-bad-card|play --db @/g.db --game g1 --seat 0 3x $T"
  "play-not-held|play --db @/g.db --game g1 --seat Ana 2s 2h $T"
  "play-not-held-json|play --db @/g.db --game g1 --seat Ana 2s 2h $T --json"
  "bid-on-president|bid --db @/g.db --game g1 --seat 0 1 $T"
  "declare-bad|play --db @/g.db --game g1 --seat 0 3c --declare pirate $T"
  # Positions from the fixtures, imported first.
  "import-suite|<2:games/president/fixtures/seed/5.1-suite.jsonl|import --db @/club.db -"
  "play-suite|play --db @/club.db --game 5.1-suite --seat A 5c --expect 2 $T"
  "play-suite-json|play --db @/club.db --game 5.1-suite --seat 1 6c --declare suite --expect 3 $T --json"
  "play-refused|play --db @/club.db --game 5.1-suite --seat 2 4c --expect 4 $T"
  "play-refused-json|play --db @/club.db --game 5.1-suite --seat 2 4c --expect 4 $T --json"
  "play-no-time|play --db @/club.db --game 5.1-suite --seat 2 7c --expect 4 --no-time"
  "import-pass|<3:games/president/fixtures/rules/P4-pass-forced-legal.jsonl|import --db @/club.db -"
  "pass|pass --db @/club.db --game P4-pass-forced-legal --seat B --expect 3 $T"
  "pass-json|pass --db @/club.db --game P4-pass-forced-legal --seat C --expect 4 $T --json"
  "import-close|<3:games/president/fixtures/rules/E4-close-closes-legal.jsonl|import --db @/club.db -"
  "close|close --db @/club.db --game E4-close-closes-legal --seat C 6h 6s --expect 3 $T"
  "import-exchange|<21:games/president/fixtures/rules/K1-exchange-legal.jsonl|import --db @/club.db -"
  "exchange|exchange --db @/club.db --game K1-exchange-legal --from D --to A 6c 5h --expect 21 $T"
  "exchange-json|exchange --db @/club.db --game K1-exchange-legal --from D --to A 6c 5h --expect 22 $T --json"
  "import-end|<99:games/president/fixtures/seed/5.5-finish-on-2.jsonl|import --db @/club.db -"
  "end|end --db @/club.db --game 5.5-finish-on-2 --expect 26 $T"
  "end-again|end --db @/club.db --game 5.5-finish-on-2 --expect 27 $T --json"
  "state-club-text|state --db @/club.db --game 5.1-suite"
  "legal-club-text|legal --db @/club.db --game K1-exchange-legal"
  "legal-club-at|legal --db @/club.db --game K1-exchange-legal --at 21 --json"
  # Skull King, through the game interface.
  "sk-new|new --db @/g.db --game sk1 --seats Ann,Bob,Cyd --ruleset skull-king $T"
  "sk-deal|deal --db @/g.db --game sk1 --hand pirate --hand mermaid --hand 14y --turned 3g --expect 1 $T"
  "sk-bid|bid --db @/g.db --game sk1 --seat Bob 1 --expect 2 $T"
  "sk-bid-json|bid --db @/g.db --game sk1 --seat 2 0 --expect 3 $T --json"
  "sk-play-bad|play --db @/g.db --game sk1 --seat 0 14y --expect 4 $T"
  "sk-state|state --db @/g.db --game sk1"
  "sk-legal-json|legal --db @/g.db --game sk1 --json"
  "sk-deal-seed|deal --db @/g.db --game sk2 --seed 7 --expect 1 $T"
  # state and legal of files (the game read by its own game's reader).
  "state-file|state games/president/fixtures/seed/5.1-suite.jsonl --json"
  "state-file-at|state games/president/fixtures/seed/5.1-suite.jsonl --at 3"
  "legal-file|legal games/president/fixtures/seed/5.1-suite.jsonl --at 4"
  "legal-file-json|legal games/president/fixtures/seed/5.1-suite.jsonl --at 4 --json"
  "state-file-malformed|state games/president/fixtures/rules/malformed-in-the-middle-illegal.jsonl"
  "state-file-sk|state games/skull_king/fixtures/examples/C-king-tigress-bonuses.jsonl"
  "legal-file-sk|legal games/skull_king/fixtures/examples/C-king-tigress-bonuses.jsonl --at 3"
  "state-both|state games/president/fixtures/seed/5.1-suite.jsonl --db @/g.db"
  "state-missing-file|state @/missing.jsonl"
)

failed=0
for c in "${cases[@]}"; do
  name=${c%%|*}
  rest=${c#*|}
  input=/dev/null
  if [[ "$rest" == "<"* ]]; then
    feed=${rest%%|*}
    feed=${feed#<}
    rest=${rest#*|}
    head -n "${feed%%:*}" "${feed#*:}" >"$work/stdin"
    input=$work/stdin
  fi
  line=${rest//@/$work}
  out=$work/$name.out
  # shellcheck disable=SC2086
  { "$pli" $line; echo "exit $?"; } >"$out" 2>&1 <"$input"
  sed -i -e "s#$work#DIR#g" "$out"
  if [ "$write" = "--write" ]; then
    mkdir -p "$golden"
    cp "$out" "$golden/$name.out"
  elif ! diff -u "$golden/$name.out" "$out" >"$work/diff"; then
    echo "golden live/$name differs:"
    head -40 "$work/diff"
    failed=1
  fi
done
exit $failed
