#!/usr/bin/env bash
# messages_test.sh PLI: every message a person meets is one plain sentence
# naming what was typed (issue 29). Each case runs a command line a person
# could type and checks its stderr (and stdout) for the sentence it must
# say and for what it must never say: CLI11's own wording ("Could not
# convert: BID = abc", "CARDS is required", "was not expected"), a number
# clamped to 9223372036854775807, an escaped tab from libpq, raw JSON or a
# stray ".:" in explain, a seat by bare number where the player has a name,
# a write error without its reason.
set -uo pipefail
pli=$(realpath "$1")
repo=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 2
passed=0
failed=0
out=$tmp/out
run() { "$pli" "$@" >"$out" 2>&1; echo "(exit $?)" >>"$out"; }
fail() { failed=$((failed + 1)); echo "FAIL  $1"; sed 's/^/    /' "$out"; }
says() {  # says WHAT TEXT: the last command's output holds TEXT
  if grep -qF -- "$2" "$out"; then passed=$((passed + 1)); else fail "$1: no \"$2\""; fi
}
never() {  # never WHAT ERE: the last command's output matches no ERE
  if grep -qE -- "$2" "$out"; then fail "$1: says /$2/"; else passed=$((passed + 1)); fi
}
# What no message may say, after any command.
cli11='Could not convert|is required|not expected|not in \{|Expected (exactly|at least)|required .* missing|At least [0-9]+ required|stoi|9223372036854775807|\\t'
plain() { never "$1" "$cli11"; }

"$pli" new --db g.db --game g1 --seats Ana,Bo,Cy,Di >/dev/null
"$pli" new --db sk.db --game s1 --seats Ann,Bob,Cyd --ruleset skull-king >/dev/null
"$pli" deal --db sk.db --game s1 --seed 7 --expect 1 >/dev/null

run bid --db sk.db --game s1 --seat Bob abc
says "a bid that is not a number" 'pli: bid: BID takes a number, not "abc"'; plain "bid abc"
run bid --db sk.db --game s1 --seat Bob 99999999999999999999
says "a bid too large" 'BID 99999999999999999999 is too large'; plain "bid 999..."
run play --db g.db --game g1 --seat Ana --expect 99999999999999999999 2c
says "an --expect too large" '--expect SEQ 99999999999999999999 is too large'; plain "--expect 999..."
run play --db g.db --game g1 --seat Ana
says "play without cards" 'pli: play needs CARDS'; plain "play without cards"
run play --db g.db --game g1 2c
says "play without --seat" 'pli: play needs --seat SEAT'; plain "play without --seat"
run play --db g.db --game g1 --seat Ana 2c --declare foo
says "a --declare not allowed" 'pli: play: --declare "foo" is not one of suite, reverse, pirate, escape'
plain "--declare foo"
run play --db g.db --game g1 --seat Ana 2c --expect abc
says "an --expect not a number" 'pli: play: --expect SEQ takes a number, not "abc"'; plain "--expect abc"
run audit "$repo/games/president/fixtures/seed/5.1-suite.jsonl" surplus
says "an argument too many" 'pli: audit does not take "surplus"'; plain "audit surplus"
run play --db g.db --game g1 --seat
says "--seat without its value" 'pli: play: --seat needs a value'; plain "--seat alone"

run frobnicate
says "an unknown command" 'unknown command "frobnicate"'
for c in $("$pli" --help | sed -n '/^Subcommands:/,/^$/p' | sed -n 's/^  \([a-z]*\)  .*/\1/p'); do
  says "the unknown-command list names $c" " $c"
done

# Skull King: a refusal names the seats as the players are named.
run play --db sk.db --game s1 --seat Ann 14y
says "a Skull King refusal" 'play refused'
says "a Skull King refusal names the seats" 'Bob (seat 1), Cyd (seat 2) and Ann (seat 0) still owe a bid'
if sed -n 's/.*refused//p' "$out" | grep -qE '(^|[^(])seats? [0-9]'; then
  fail "a Skull King refusal names a seat by bare number"
else
  passed=$((passed + 1))
fi
# pli legal after a manche's last pli: the next step said.
run legal "$repo/games/skull_king/tests/data/cli-clean.jsonl"
says "legal after the manche's last pli" 'manche 1 is over; deal manche 2 next (pli deal)'
never "legal after the manche's last pli" 'manche-over'
# The same for Super Président (RULES.md F3, S2, G1): F1-F3-ranking-legal's
# .expect.json has manche 1 over after its last event (seq 20), and
# G1-end-legal's has the game over after its end event.
run legal "$repo/games/president/fixtures/rules/F1-F3-ranking-legal.jsonl"
says "Président legal after the manche's last pli" 'manche 1 is over; deal manche 2 next (pli deal)'
never "Président legal after the manche's last pli" 'manche-over|no legal action'
run legal "$repo/games/president/fixtures/rules/G1-end-legal.jsonl"
says "Président legal after the end" 'the game is over'
never "Président legal after the end" 'game-over|no legal action'
# explain on Skull King: words, not JSON; no ".:".
run explain "$repo/games/skull_king/tests/data/cli-violations.jsonl" --at 6
says "explain names the event in words" 'event 6 of 9: bid by Ann (seat 0): bid 1'
never "explain prints no raw JSON" '\{"'
never "explain has no stray .:" '\.:'
never "explain names seats as the players are named" '(^|[^(])seats? [0-9]+ (bids|still)'
# libpq's message: its tab shown as spaces, never as \t.
run audit --db 'postgresql:///nodb?host=/nonexistent-pli-dir&port=1'
says "a PostgreSQL connection failure" 'pli: '; plain "libpq's message"
# Write errors give the system's reason.
run export --db g.db --output "$tmp/no-such-dir/out.jsonl"
says "export to a missing folder" "cannot write $tmp/no-such-dir/out.jsonl: No such file or directory"
run replay "$repo/games/president/fixtures/seed/5.1-suite.jsonl" --html "$tmp/no-such-dir/r.html"
says "replay --html to a missing folder" "cannot write $tmp/no-such-dir/r.html: No such file or directory"
# pli serve's --listen.
run serve --db s.db --listen 127.0.0.1:abc
says "a --listen without a port" '--listen "127.0.0.1:abc": the port is a number from 1 to 65535'; plain "--listen abc"
run serve --db s.db --listen 127.0.0.1:99999
says "a --listen port too large" '--listen "127.0.0.1:99999": the port is a number from 1 to 65535'

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
