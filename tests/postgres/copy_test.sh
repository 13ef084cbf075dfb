#!/usr/bin/env bash
# copy_test.sh PLI: pli copy between a SQLite file and PostgreSQL
# ($PLI_PG_URI's server, a database of its own), both ways: every game
# arrives event for event and hash for hash (the exports are byte-identical,
# the database heads equal); a second copy skips every game (exit 0); a
# different game under the same id is refused and named (exit 1), the
# others still copied; a missing source is exit 2.
set -euo pipefail
pli=$(realpath "$1")
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
db=copy_$$
psql -q "$PLI_PG_URI" -c "CREATE DATABASE $db"
pg=${PLI_PG_URI/\/postgres\?//$db?}
fail() { echo "copy_test: $*" >&2; exit 1; }

"$pli" import --db "$tmp/a.db" games/president/fixtures/seed/5.1-suite.jsonl >/dev/null
"$pli" import --db "$tmp/a.db" games/president/fixtures/rules/K1-exchange-legal.jsonl >/dev/null
"$pli" import --db "$tmp/a.db" --keep-illegal games/president/fixtures/rules/P3-too-weak-illegal.jsonl >/dev/null
"$pli" copy --from "$tmp/a.db" --to "$pg" >"$tmp/out1"
grep -q '^copied 3 game(s)' "$tmp/out1" || fail "SQLite to PostgreSQL: $(cat "$tmp/out1")"
"$pli" copy --from "$pg" --to "$tmp/b.db" >/dev/null
"$pli" export --db "$tmp/a.db" >"$tmp/a.jsonl"
"$pli" export --db "$pg" >"$tmp/pg.jsonl"
"$pli" export --db "$tmp/b.db" >"$tmp/b.jsonl"
cmp "$tmp/a.jsonl" "$tmp/pg.jsonl" || fail "the PostgreSQL copy differs"
cmp "$tmp/a.jsonl" "$tmp/b.jsonl" || fail "the copy back differs"
for d in "$tmp/a.db" "$pg" "$tmp/b.db"; do  # exit 1: P3's kept illegal event
  { "$pli" audit --db "$d" || [[ $? -eq 1 ]]; } | grep 'database head'
done >"$tmp/heads"
[[ $(sort -u "$tmp/heads" | wc -l) -eq 1 ]] || fail "database heads differ: $(cat "$tmp/heads")"

# Again: every game is there, the same: skipped, exit 0.
"$pli" copy --from "$tmp/a.db" --to "$pg" --json >"$tmp/again.json"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["result"]=="copied" and d["skipped"]==3 and d["copied"]==0, d' "$tmp/again.json"

# A different game under one of the ids: refused and named, the rest copied.
"$pli" new --db "$tmp/c.db" --game 5.1-suite --seats W,X,Y,Z >/dev/null
"$pli" import --db "$tmp/c.db" games/president/fixtures/seed/5.5-finish-on-2.jsonl >/dev/null
status=0
"$pli" copy --from "$tmp/c.db" --to "$pg" >"$tmp/out3" 2>"$tmp/err3" || status=$?
[[ $status -eq 1 ]] || fail "a different game: exit $status, not 1"
grep -q 'refused "5.1-suite": the destination holds another game' "$tmp/err3" || fail "$(cat "$tmp/err3")"
grep -q 'copied 1 game(s)' "$tmp/out3" || fail "$(cat "$tmp/out3")"

status=0
"$pli" copy --from "$tmp/none.db" --to "$pg" 2>/dev/null || status=$?
[[ $status -eq 2 ]] || fail "a missing source: exit $status, not 2"
echo "copy: SQLite -> PostgreSQL -> SQLite identical; again skipped; a different game refused"
