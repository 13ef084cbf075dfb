#!/usr/bin/env bash
# install_test.sh: pli installs like a real tool (issue 18).
#   install_test.sh SOURCE_DIR BUILD_DIR
# 1. cmake --install into a scratch prefix: bin/pli runs, every command that
#    `pli --help` lists has a man page that man renders with its usage line,
#    and the bash completion completes commands and each command's options
#    (the zsh one parses).
# 2. cpack builds a .deb whose dependencies are Debian runtime packages;
#    unpacked into a scratch root (dpkg -x), its pli runs and its pages render.
# Prints "N passed, M failed" and exits 1 on any failure.
set -uo pipefail
src=${1:?source dir}
build=${2:?build dir}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
check() {  # check WHAT COMMAND...: one assertion
  local what=$1
  shift
  if "$@" >"$tmp/out" 2>&1; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL  $what"
    sed 's/^/    /' "$tmp/out" | head -20
  fi
}
contains() { grep -qF -- "$2" <<<"$1"; }

version=$(sed -n 's/^project(pli VERSION \([0-9.]*\).*/\1/p' "$src/CMakeLists.txt")

# --- 1. cmake --install --------------------------------------------------
prefix=$tmp/usr
check "cmake --install succeeds" cmake --install "$build" --prefix "$prefix"
check "bin/pli --version prints pli $version" \
  bash -c "[[ \$('$prefix/bin/pli' --version) == 'pli $version' ]]"

commands=$("$prefix/bin/pli" --help | sed -n '/^Subcommands:/,/^$/p' | sed -n 's/^  \([a-z]*\)  .*/\1/p')
check "pli --help lists commands" test -n "$commands"
check "man pli renders its name line" \
  bash -c "MANWIDTH=100 man -l '$prefix/share/man/man1/pli.1' | grep -q 'pli - the referee'"
for c in $commands; do
  page=$prefix/share/man/man1/pli-$c.1
  check "man pli-$c renders its usage line" \
    bash -c "MANWIDTH=200 man -l '$page' 2>&1 | grep -q 'pli $c \\[OPTIONS\\]'"
  # Each option of the command's --help is in its page (they cannot drift).
  for o in $("$prefix/bin/pli" "$c" --help | grep -oE '^  (-[a-z],)?--[a-z][a-z-]*' | grep -oE -- '--[a-z][a-z-]*'); do
    check "man pli-$c names $o" bash -c "MANWIDTH=200 man -l '$page' 2>&1 | grep -qF -- '$o'"
  done
done

completion=$prefix/share/bash-completion/completions/pli
complete_words() {  # complete_words WORD...: what bash completes for the last word
  bash -c 'source "$0"; COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); _pli; echo "${COMPREPLY[*]}"' \
    "$completion" "$@"
}
check "bash completes 'pli au' to audit" bash -c "[[ '$(complete_words pli au)' == audit ]]"
check "bash completes 'pli simulate --ma' to --manches" \
  bash -c "[[ '$(complete_words pli simulate --ma)' == --manches ]]"
check "bash completes 'pli audit --c' to --continue" \
  bash -c "[[ '$(complete_words pli audit --c)' == --continue ]]"
out=$(complete_words pli play --)
check "bash completes pli play's options (--seat, --declare, --expect)" \
  bash -c "contains() { grep -qF -- \"\$2\" <<<\"\$1\"; }; contains '$out' --seat && contains '$out' --declare && contains '$out' --expect"
check "the zsh completion parses" zsh -n "$prefix/share/zsh/vendor-completions/_pli"

# --- 2. the Debian package -------------------------------------------------
check "cpack builds a .deb" bash -c "cd '$build' && cpack -G DEB -B '$tmp/pkg' >/dev/null"
deb=$(ls "$tmp"/pkg/pli_*.deb 2>/dev/null | head -1)
check "the .deb exists" test -f "$deb"
depends=$(dpkg-deb -f "$deb" Depends 2>/dev/null)
check "its Depends names Debian's runtime packages (libsqlite3-0, libssl3): $depends" \
  bash -c "grep -q 'libsqlite3-0' <<<'$depends' && grep -q 'libssl3' <<<'$depends'"
check "its Depends names no -dev package: $depends" bash -c "! grep -q -- '-dev' <<<'$depends'"
root=$tmp/root
check "dpkg -x unpacks it" dpkg -x "$deb" "$root"
check "the unpacked pli runs: --version" \
  bash -c "[[ \$('$root/usr/bin/pli' --version) == 'pli $version' ]]"
check "the unpacked pli audits a fixture clean" \
  "$root/usr/bin/pli" audit "$src/fixtures/seed/5.1-suite.jsonl"
check "the unpacked man page renders" \
  bash -c "MANWIDTH=100 man -l '$root/usr/share/man/man1/pli-audit.1' | grep -q 'pli audit \\[OPTIONS\\]'"
check "the unpacked bash completion is in place" \
  test -f "$root/usr/share/bash-completion/completions/pli"

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
