#!/usr/bin/env bash
# install-deps.sh: installs the Debian 12 packages pli needs.
#
#   install-deps.sh --runtime   only what building the `pli` command and
#                               running it need (the README's first command,
#                               scripts/demo.sh): the compiler, CMake, and the
#                               libraries' -dev packages.
#   install-deps.sh             all of that and everything the tests need
#                               (scripts/test.sh): Catch2, RapidCheck's
#                               harness, clang for the fuzzers, PostgreSQL,
#                               Chromium, Node.js and playwright-core (npm),
#                               lintian, man ...
#
# Idempotent: does nothing (and needs no network) when every package is
# already installed; otherwise runs `apt-get update` first, then installs.
set -euo pipefail

runtime_only=false
case ${1:-} in
  --runtime) runtime_only=true ;;
  "") ;;
  *) echo "install-deps.sh: unknown option $1 (use --runtime, or nothing for the full set)" >&2; exit 2 ;;
esac

# Building pli and running it (every find_package of a library pli links).
packages=(
  cmake g++ make
  ninja-build            # scripts/build.sh: the generator of a new tree
  libsqlite3-dev sqlite3 # referee: the event store (sqlite3: to look inside one)
  libboost-json1.81-dev  # schema: the wire; brings Boost.System for serve (not libboost-dev: 1.74)
  libcli11-dev           # cli
  librapidcheck-dev      # sim: pli prop (RapidCheck shrinks a failing game)
  libssl-dev             # referee: the SHA-256 hash chain (libcrypto)
  libpq-dev pkgconf      # referee/postgres_store.cc: the PostgreSQL store's client (libpq)
  ca-certificates
)
# Everything else the tests need (scripts/test.sh).
test_packages=(
  catch2                 # v2.13
  clang libclang-rt-14-dev  # scripts/fuzz.sh: libFuzzer and the sanitizers
  time                   # scripts/bench.sh: peak memory (/usr/bin/time -f %M)
  tmux                   # tests/cli/replay_tmux_test.sh drives pli replay on a terminal
  python3                # tests/docs/doc_examples.py runs the examples of the pages
  man-db groff-base      # tests/install: the man pages render
  mandoc                 # tests/install: mandoc -Tlint checks them
  lintian                # tests/install: the .deb packages pass lintian
  zsh                    # tests/install: the zsh completion parses
  dpkg-dev               # cpack: dpkg-shlibdeps finds the .deb's dependencies
  jq less                # ... among them pli replay --help's, which pipe into these
  postgresql             # scripts/pg-test-server.sh: a throwaway server for the tests (15)
  chromium               # tests/web: the --html pages in a headless browser (issue 16)
  nodejs                 # ... driven by node's test runner and playwright-core
)
if ! $runtime_only; then
  packages+=("${test_packages[@]}")
fi
# npm installs playwright-core for tests/web (below). Debian's npm package
# only when no npm is there: a Node.js that bundles its own npm (another
# vendor's nodejs package) conflicts with it.
if ! $runtime_only && ! command -v npm >/dev/null 2>&1; then
  packages+=(npm)
fi
repo=$(cd "$(dirname "$0")/.." && pwd)

# playwright-core and axe-core (npm, for the tests only, never for the
# product), at the versions tests/web/package.json pins, into
# tests/web/node_modules (gitignored). playwright-core drives Debian's
# chromium (it downloads no browser); axe-core checks the table page's
# accessibility (tests/web/table.test.mjs).
install_playwright() {
  $runtime_only && return 0
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
  if $runtime_only; then
    echo "install-deps.sh: the packages to build and run pli are installed"
  else
    echo "install-deps.sh: all dependencies are installed (build, run and test)"
  fi
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
