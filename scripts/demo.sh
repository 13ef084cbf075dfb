#!/usr/bin/env bash
# demo.sh: installs the dependencies, builds, and shows `pli audit` and
# `pli state` on the suite scenario of RULES.md §5 (000 §5.1).
set -euo pipefail
cd "$(dirname "$0")/.."

log=fixtures/seed/5.1-suite.jsonl
if [[ ! -f $log ]]; then
  echo "demo.sh: $log is missing (the seed fixtures are not in this checkout yet)" >&2
  exit 2
fi

bash scripts/install-deps.sh
bash scripts/build.sh

if [[ ! -x build/pli ]]; then
  echo "demo.sh: build/pli was not built" >&2
  exit 2
fi

echo "== pli audit $log"
# audit exits 1 when it finds a violation; show the state either way.
audit_status=0
build/pli audit "$log" || audit_status=$?
echo
echo "== pli state $log"
build/pli state "$log"
exit "$audit_status"
