#!/usr/bin/env bash
# password_test.sh PLI: a password in a PostgreSQL URI is never printed
# (issue 29; ../shared/POSTGRES.md: messages show `user:***@`). Every
# command that takes a database runs against $PLI_PG_URI's server with a
# planted password, in both places a libpq URI can hold one (the
# authority, `pli:PW@`, and the query, `password=PW`), in human form and
# --json, accepted and refused, and on a database that does not exist;
# `pli serve`'s log too. Their stdout and stderr together must never hold
# the password, and the masked form `***` must appear where the URI is
# named. The throwaway server trusts its socket, so the password is
# accepted and ignored.
set -euo pipefail
pli=$(realpath "$1")
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
serve_pid=
trap '[[ -n $serve_pid ]] && kill "$serve_pid" 2>/dev/null; rm -rf "$tmp"' EXIT
secret=Planted-Pw-4711
db=pw_$$
psql -q "$PLI_PG_URI" -c "CREATE DATABASE $db"
query=${PLI_PG_URI#*\?}                        # host=DIR&port=P&user=pli
in_authority="postgresql://pli:$secret@/$db?${query/&user=pli/}"
in_query="postgresql:///$db?$query&password=$secret"
nowhere="postgresql://pli:$secret@/nodb_$$?${query/&user=pli/}"
out=$tmp/all.out
: >"$out"
run() {  # run ARGS...: pli ARGS, its output appended to $out, any status
  local shown="$*"
  { echo "\$ pli ${shown//$secret/SECRET}"; "$pli" "$@" 2>&1 || echo "(exit $?)"; } >>"$out"
}
# serve_run ARGS...: pli ARGS in the background until it prints its
# listening line or ends, then stopped by its pid; its output to $out.
serve_run() {
  local shown="$*"
  echo "\$ pli ${shown//$secret/SECRET}" >>"$out"
  "$pli" "$@" >"$tmp/serve.out" 2>&1 &
  serve_pid=$!
  until grep -q "listening on" "$tmp/serve.out" || ! kill -0 "$serve_pid" 2>/dev/null; do sleep 0.02; done
  kill "$serve_pid" 2>/dev/null || true
  wait "$serve_pid" || echo "(exit $?)" >>"$out"
  serve_pid=
  cat "$tmp/serve.out" >>"$out"
}

for uri in "$in_authority" "$in_query"; do
  g=g$RANDOM
  for json in "" --json; do
    run new --db "$uri" --game "$g$json" --seats Ana,Bo,Cy,Di $json
    run deal --db "$uri" --game "$g$json" --seed 42 $json
    run legal --db "$uri" --game "$g$json" $json
    run play --db "$uri" --game "$g$json" --seat Ana 2c $json   # refused: not Ana's turn
    run pass --db "$uri" --game "$g$json" --seat Di $json       # refused: the leader cannot pass
    run state --db "$uri" --game "$g$json" $json
    run audit --db "$uri" $json
    run audit --db "$uri" --game nosuchgame $json             # has no game
    run state --db "$uri" --game nosuchgame $json
    run play --db "$uri" --game nosuchgame --seat Ana 2c $json
    run explain --db "$uri" --game "$g$json" --at 2 $json
    run export --db "$uri" --game "$g$json" $json
    run import --db "$uri" games/president/fixtures/seed/5.1-suite.jsonl $json
    run backup --db "$uri" "$tmp/backup.db" $json              # refused: PostgreSQL
    run copy --from "$uri" --to "$tmp/copy$json.db" $json
    run copy --from "$tmp/copy$json.db" --to "$uri" $json
    run diff --db-a "$uri" --db-b "$tmp/copy$json.db" --game 5.1-suite $json
    run simulate --db "$uri" --games 1 --seed 3 --manches 1 --fast $json
    run new --db "$nowhere" --game x --seats A,B,C,D $json     # no such database
    run audit --db "$nowhere" $json
    serve_run serve --db "$uri" --listen 127.0.0.1:0 $json     # serves (issue 31): stopped once listening
    serve_run serve --db "$nowhere" --listen 127.0.0.1:0 $json # no such database
  done
  run replay --db "$uri" --game 5.1-suite --html "$tmp/r.html"
  grep -c "$secret" "$tmp/r.html" >/dev/null && echo "in r.html" >>"$out"
done

if grep -n -- "$secret" "$out"; then
  echo "password_test: the planted password was printed (lines above; all of it in $out)" >&2
  cp "$out" /tmp/password_test.out
  exit 1
fi
grep -q 'pli:\*\*\*@' "$out" || { echo "password_test: no message names the URI masked" >&2; exit 1; }
grep -q 'password=\*\*\*' "$out" || { echo "password_test: no message names the query URI masked" >&2; exit 1; }
echo "password_test: $(grep -c '^\$ pli' "$out") commands, no password printed"
