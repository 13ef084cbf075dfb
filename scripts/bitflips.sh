#!/usr/bin/env bash
# bitflips.sh: flips one random bit of a database file, N times, and asks
# `pli audit --db` each time (issue 12 item 7; docs/REFEREE.md §3). Prints
# how many flips audit reported (exit 1 or 2), how many it passed while
# SQLite's PRAGMA integrity_check (run apart, with Python's sqlite3) fails
# (missed: should be 0), and how many neither notices (the bit was in
# unused space: harmless).
#
#   scripts/bitflips.sh [BUILD_DIR [FLIPS [SEED]]]    defaults: build 3000 1
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
flips=${2:-3000}
seed=${3:-1}
pli="$build/pli"
[[ -x $pli ]] || { echo "bitflips.sh: build $pli first" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp "$pli" "$dir/pli" && pli="$dir/pli"  # a rebuild meanwhile changes nothing
"$pli" simulate --db "$dir/base.db" --games 4 --manches 2 --fast >/dev/null
python3 - "$pli" "$dir" "$flips" "$seed" <<'PY'
import os, random, sqlite3, subprocess, sys
pli, d, flips, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
base = os.path.join(d, "base.db")
c = sqlite3.connect(base)
c.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # every page in the main file
c.close()
data = open(base, "rb").read()
rng = random.Random(seed)
trial = os.path.join(d, "trial.db")

def integrity(path):
    try:
        c = sqlite3.connect("file:%s?mode=ro" % path, uri=True)
        c.text_factory = bytes
        r = c.execute("PRAGMA integrity_check").fetchall()
        c.close()
        return r == [(b"ok",)]
    except Exception:  # sqlite3.Error, or a message that is not UTF-8
        return False

counts = {"reported": 0, "missed": 0, "harmless": 0, "reported_sqlite_ok": 0}
for i in range(flips):
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(trial + suffix):
            os.remove(trial + suffix)
    b = bytearray(data)
    at = rng.randrange(len(b))
    b[at] ^= 1 << rng.randrange(8)
    open(trial, "wb").write(b)
    audit = subprocess.run([pli, "audit", "--db", trial, "--json"], capture_output=True).returncode
    sound = integrity(trial)
    if audit != 0:
        counts["reported"] += 1
        if sound:
            counts["reported_sqlite_ok"] += 1
    elif not sound:
        counts["missed"] += 1
    else:
        counts["harmless"] += 1
print("bit flips: %d in a %d-byte database; audit reported %d (of which integrity_check alone "
      "passed %d); missed (audit clean, integrity_check fails): %d; harmless (both clean): %d"
      % (flips, len(data), counts["reported"], counts["reported_sqlite_ok"], counts["missed"],
         counts["harmless"]))
PY
