#!/usr/bin/env bash
# install-deps.sh: installs what pli needs to build and test on Debian 12.
# Idempotent: does nothing when every package is already installed.
set -euo pipefail

packages=(
  cmake g++ make
  ninja-build            # scripts/build.sh, sanitize.sh: the generator of a new tree
  libsqlite3-dev sqlite3
  libboost-json1.81-dev  # not libboost-dev (1.74 on Debian 12)
  libcli11-dev
  catch2                 # v2.13
  librapidcheck-dev
  libssl-dev
  ca-certificates
  clang libclang-rt-14-dev  # scripts/fuzz.sh: libFuzzer and the sanitizers
  time                   # scripts/bench.sh: peak memory (/usr/bin/time -f %M)
  tmux                   # tests/cli/replay_tmux_test.sh drives pli replay on a terminal
  python3                # tests/docs/doc_examples.py runs the examples of the pages
  man-db groff-base      # tests/install: the man pages render
  zsh                    # tests/install: the zsh completion parses
  dpkg-dev               # cpack: dpkg-shlibdeps finds the .deb's dependencies
  jq less                # ... among them pli replay --help's, which pipe into these
  libpq-dev pkgconf      # referee/postgres_store.cc: the PostgreSQL store's client (libpq)
  postgresql             # scripts/pg-test-server.sh: a throwaway server for the tests (15)
  chromium               # tests/web: the --html pages in a headless browser (issue 16)
  nodejs                 # ... driven by node's test runner and playwright-core
)
# npm installs playwright-core for tests/web (below). Debian's npm package
# only when no npm is there: a Node.js that bundles its own npm (another
# vendor's nodejs package) conflicts with it.
if ! command -v npm >/dev/null 2>&1; then
  packages+=(npm)
fi
repo=$(cd "$(dirname "$0")/.." && pwd)

# playwright-core and axe-core (npm, for the tests only, never for the
# product), at the versions tests/web/package.json pins, into
# tests/web/node_modules (gitignored). playwright-core drives Debian's
# chromium (it downloads no browser); axe-core checks the table page's
# accessibility (tests/web/table.test.mjs).
install_playwright() {
  local pkg want have need=()
  for pkg in playwright-core axe-core; do
    want=$(sed -n 's/.*"'"$pkg"'": *"\([^"]*\)".*/\1/p' "$repo/tests/web/package.json")
    have=""
    if [[ -f $repo/tests/web/node_modules/$pkg/package.json ]]; then
      have=$(sed -n '0,/^ *"version": *"\([^"]*\)".*/s//\1/p' "$repo/tests/web/node_modules/$pkg/package.json")
    fi
    if [[ $have != "$want" ]]; then need+=("$pkg@$want"); fi
  done
  if [[ ${#need[@]} -eq 0 ]]; then return 0; fi
  echo "install-deps.sh: npm install ${need[*]} into tests/web"
  (cd "$repo/tests/web" && npm install --no-save --no-package-lock --no-audit --no-fund "${need[@]}")
}

# Nothing to do (and no network needed) when every package is installed.
missing=()
for p in "${packages[@]}"; do
  if [[ $(dpkg-query -W -f='${Status}' "$p" 2>/dev/null) != "install ok installed" ]]; then
    missing+=("$p")
  fi
done
if [[ ${#missing[@]} -eq 0 ]]; then
  install_playwright
  echo "install-deps.sh: all dependencies are installed"
  exit 0
fi
echo "install-deps.sh: installing ${missing[*]}"

if [[ $(id -u) -eq 0 ]]; then
  sudo=()
elif command -v sudo >/dev/null 2>&1; then
  sudo=(sudo)
else
  echo "install-deps.sh: not root and no sudo; install these yourself: ${missing[*]}" >&2
  exit 1
fi

"${sudo[@]}" apt-get update
# Installs the whole list, so every package is marked manually installed.
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
  apt-get install -y --no-install-recommends "${packages[@]}"
install_playwright
