#!/usr/bin/env bash
# roles_test.sh PLI: docs/POSTGRES.md's roles recipe works as written
# (issue 29: `GRANT pli_writer TO pli_app` failed, the role did not exist).
# On a throwaway server of its own (scripts/pg-test-server.sh: roles are
# the server's, so another test's must not be there), the page's
# own SQL block (the one after the marker "<!-- roles-recipe", run as is by psql
# as the administrator), then the page's own sh block under it runs line
# by line with PGHOST/PGPORT naming the server, as libpq reads them. Then
# what the roles must not do: pli_audit cannot write, pli_app cannot
# rewrite an event.
set -euo pipefail
pli=$(realpath "$1")
repo=$(cd "$(dirname "$0")/../.." && pwd)
page=$repo/docs/POSTGRES.md
tmp=$(mktemp -d)
server=$(mktemp -d /tmp/pli-pg-roles.XXXXXX)
rmdir "$server"
trap 'bash "$repo/scripts/pg-test-server.sh" stop "$server"; rm -rf "$tmp"' EXIT
fail() { echo "roles_test: $*" >&2; exit 1; }
PLI_PG_URI=$(bash "$repo/scripts/pg-test-server.sh" start "$server" --fast)
query=${PLI_PG_URI#*\?}
export PGHOST=$(sed -n 's/.*host=\([^&]*\).*/\1/p' <<<"$query")
export PGPORT=$(sed -n 's/.*port=\([^&]*\).*/\1/p' <<<"$query")
admin=(psql -v ON_ERROR_STOP=1 -q -U pli -d postgres)

# The blocks after the marker: the first ```sql, then the first ```sh.
block() {  # block LANG: the body of the first ```LANG block after the marker
  awk -v lang="$1" '/<!-- roles-recipe/ {on = 1} on && $0 == "```" lang {inside = 1; next}
                    inside && /^```/ {exit} inside {print}' "$page"
}
block sql >"$tmp/recipe.sql"
block sh >"$tmp/recipe.sh"
[[ -s $tmp/recipe.sql && -s $tmp/recipe.sh ]] || fail "no roles recipe after <!-- roles-recipe in $page"

"${admin[@]}" -f "$tmp/recipe.sql" || fail "the page's SQL failed as written"

cd "$tmp"
ln -s "$repo/games" games  # the recipe's logs are games/<game>/fixtures/...
PATH=$(dirname "$pli"):$PATH
n=0
while IFS= read -r line; do
  [[ $line =~ ^pli\  ]] || continue
  n=$((n + 1))
  bash -c "$line" >"$tmp/out" 2>&1 || fail "the page's line failed as written: $line
$(cat "$tmp/out")"
done <"$tmp/recipe.sh"
[[ $n -ge 3 ]] || fail "the recipe's sh block runs only $n pli line(s)"

# What the roles may not do.
if "$pli" new --db postgresql://pli_audit@/games --game x --seats A,B,C,D >"$tmp/out" 2>&1; then
  fail "pli_audit could write"
fi
if psql -q -U pli_app -d games -c "UPDATE pli.events SET body = body" >"$tmp/out" 2>&1; then
  fail "pli_app could rewrite an event"
fi
"$pli" audit --db postgresql://pli_audit@/games >/dev/null || fail "pli_audit cannot audit"
echo "roles_test: the recipe ran as written ($n pli lines); pli_audit cannot write, pli_app cannot rewrite"
