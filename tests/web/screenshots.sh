#!/usr/bin/env bash
# screenshots.sh: the pictures of docs/TABLE.md (docs/img/table-*.png): each
# stage of both games (lobby, a trick in progress, a trick just taken, the
# exchange or the bids, the end) at a phone's size (390x844) and a
# desktop's (1280x800), taken by table.test.mjs as it plays whole games.
# Usage: tests/web/screenshots.sh [PLI]   (default build/pli)
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
pli=${1:-$repo/build/pli}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
PLI=$pli OUT=$out PLI_SCREENSHOTS=$repo/docs/img \
  node --test --test-reporter=spec --test-name-pattern='whole game' "$repo/tests/web/table.test.mjs"
# The README's two pictures: a Skull King trick on the phone and the desktop.
cp "$repo/docs/img/table-skull-king-trick-phone.png" "$repo/docs/img/table-phone.png"
cp "$repo/docs/img/table-skull-king-trick-desktop.png" "$repo/docs/img/table-desktop.png"
ls -la "$repo"/docs/img/table-*.png
