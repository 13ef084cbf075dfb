#!/usr/bin/env bash
# golden_test.sh: the outputs of the commands whose Président code moved
# into the game's own folders (docs/ARCHITECTURE.md §2, issue 13) stay byte
# for byte what they were. Each case below is run and compared with
# tests/cli/golden/NAME.out, recorded from the binary before the move.
# What depends on the run and not on the code is masked first: the temporary
# folder (DIR), the seconds and events/s of simulate.
#
#   bash golden_test.sh PLI ROOT          # check
#   bash golden_test.sh PLI ROOT --write  # record (from a binary before a change)
set -u
pli=$1
root=$2
write=${3:-}
golden=$root/tests/cli/golden
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root" || exit 2

# NAME then the arguments; every case gets a fresh folder $work/NAME as DIR.
cases=(
  "sim-json|simulate --db @/s.db --games 2 --manches 2 --seed 5 --json"
  "sim-text|simulate --db @/s.db --games 3 --seats 5 --seed 7 --fast"
  "sim-text-one|simulate --db @/s.db --games 1 --bots easy,medium,hard,hard --manches 1 --seed 2 --ruleset classic --option exchange=choice"
  "sim-bad-seats|simulate --db @/s.db --seats 3"
  "sim-bad-bots|simulate --db @/s.db --bots easy,wizard --json"
  "sim-sk-json|simulate --db @/s.db --ruleset skull-king --seats 3 --games 2 --manches 3 --seed 4 --json"
  "sim-sk-text|simulate --db @/s.db --ruleset skull-king-original --seats 4 --games 1 --manches 2 --seed 9"
  "prop-json|prop --runs 6 --seed 1 --out @ --json"
  "prop-text|prop --runs 4 --seed 2 --ruleset classic --out @"
  "prop-bug-json|prop --runs 60 --seed 3 --inject-bug play --out @ --json"
  "prop-bug-text|prop --runs 60 --seed 3 --inject-bug exchange --out @"
  "prop-bug-scenario|prop --runs 60 --seed 3 --inject-bug exchange --out @ --json ; cat @/prop-3.jsonl @/prop-3.expect.json"
  "prop-bad-bug|prop --runs 2 --inject-bug deal"
  "prop-sk-json|prop --runs 5 --seed 1 --ruleset skull-king --out @ --json"
  "prop-sk-text|prop --runs 3 --seed 2 --ruleset skull-king-official --out @"
  "prop-sk-bug|prop --runs 40 --seed 1 --ruleset skull-king --inject-bug score --out @ ; cat @/prop-1.jsonl @/prop-1.expect.json"
  "prop-sk-bad-bug|prop --runs 2 --ruleset skull-king --inject-bug play"
  "replay-walk|replay games/president/fixtures/seed/5.1-suite.jsonl"
  "replay-walk-json|replay games/president/fixtures/seed/5.1-suite.jsonl --json"
  "replay-walk-sk|replay games/skull_king/tests/data/replay-two-manches.jsonl"
  "diff-same|diff games/president/fixtures/seed/5.1-suite.jsonl games/president/fixtures/seed/5.1-suite.jsonl"
  "explain-text|explain games/president/fixtures/seed/5.5-finish-on-2.jsonl --at 20"
  "explain-json|explain games/president/fixtures/seed/5.5-finish-on-2.jsonl --at 20 --json"
  "state-text|state games/president/fixtures/seed/5.5-finish-on-2.jsonl --at 20"
  "replay-seat|replay games/president/fixtures/seed/5.5-finish-on-2.jsonl --at 18 --seat 1"
  "replay-seat-json|replay games/president/fixtures/seed/5.5-finish-on-2.jsonl --at 24 --seat B --json"
  "replay-bad-seat|replay games/president/fixtures/seed/5.5-finish-on-2.jsonl --seat Zed"
  "replay-illegal|replay games/president/fixtures/rules/P3-too-weak-illegal.jsonl"
  "diff-differ|diff games/president/fixtures/rules/P3-too-weak-illegal.jsonl games/president/fixtures/rules/P3-equal-allowed-legal.jsonl"
  "diff-differ-json|diff games/president/fixtures/rules/P3-too-weak-illegal.jsonl games/president/fixtures/rules/P3-equal-allowed-legal.jsonl --json"
  "diff-prefix|diff games/president/fixtures/seed/5.1-suite.jsonl @/short.jsonl --strict"
  "diff-sk|diff games/skull_king/tests/data/cli-clean.jsonl games/skull_king/tests/data/cli-violations.jsonl"
  "explain-illegal|explain games/president/fixtures/rules/P3-too-weak-illegal.jsonl --at 4"
  "explain-illegal-json|explain games/president/fixtures/rules/P3-too-weak-illegal.jsonl --at 4 --json"
  "explain-sk|explain games/skull_king/tests/data/cli-violations.jsonl --at 6"
  "explain-bad-at|explain games/president/fixtures/rules/P3-too-weak-illegal.jsonl --at 9"
  "legal-text|legal games/president/fixtures/seed/5.5-finish-on-2.jsonl --at 20"
)

failed=0
for c in "${cases[@]}"; do
  name=${c%%|*}
  cmd=${c#*|}
  dir=$work/$name
  mkdir -p "$dir"
  head -n 7 games/president/fixtures/seed/5.1-suite.jsonl >"$dir/short.jsonl"  # a prefix, for diff
  line=${cmd//@/$dir}
  # Each ';'-separated part is a command; the first is pli's, the rest shell.
  first=${line%% ; *}
  out=$dir/out
  # shellcheck disable=SC2086
  { "$pli" $first; echo "exit $?"; } >"$out" 2>&1 </dev/null
  if [[ "$line" == *" ; "* ]]; then
    rest=${line#* ; }
    bash -c "$rest" >>"$out" 2>&1
  fi
  sed -i -e "s#$dir#DIR#g" \
      -e 's/"seconds":[0-9.eE+-]*/"seconds":T/' \
      -e 's/refereed in [0-9.]* s\( ([0-9]* events\/s)\)\?/refereed in T s/' \
      -e 's/\r//g' "$out"
  # the progress line on stderr (not a terminal here) may not print: drop it
  sed -i -e '/^simulating /d' -e '/^prop /d' -e '/^prop: a property failed; shrinking/d' "$out"
  if [ "$write" = "--write" ]; then
    mkdir -p "$golden"
    cp "$out" "$golden/$name.out"
  elif ! diff -u "$golden/$name.out" "$out" >"$dir/diff"; then
    echo "golden $name differs:"
    head -40 "$dir/diff"
    failed=1
  fi
done
exit $failed
