#!/usr/bin/env bash
# install_test.sh: pli installs like a real tool (issue 18).
#   install_test.sh SOURCE_DIR BUILD_DIR
# 1. cmake --install into a scratch prefix: bin/pli runs, every command that
#    `pli --help` lists has a man page that man renders with its usage line,
#    and the bash completion completes commands and each command's options
#    (the zsh one parses).
#    The man pages are man pages (NAME in one line, SYNOPSIS, DESCRIPTION,
#    OPTIONS, EXIT STATUS, EXAMPLES, FILES, SEE ALSO), mandoc -Tlint finds
#    no error in them; --strip installs a stripped binary; the library is
#    in the multiarch folder; the rulebooks are in share/doc/pli/.
# 2. cpack builds three .deb packages split the Debian way (pli, libpli0,
#    libpli-dev) whose dependencies are Debian runtime packages; lintian
#    finds no error in them; unpacked into a scratch root (dpkg -x), its
#    pli runs, its pages render, and a program builds against libpli-dev.
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
check "cmake --install --strip succeeds" cmake --install "$build" --prefix "$prefix" --strip
multiarch=$(gcc -print-multiarch 2>/dev/null || true)
check "the installed pli is stripped" bash -c "file -b '$prefix/bin/pli' 2>/dev/null | grep -q ', stripped' || ! readelf -S '$prefix/bin/pli' | grep -q '\.debug_info'"
check "libpli.so is in the multiarch folder lib/$multiarch" test -e "$prefix/lib/$multiarch/libpli.so.0"
for doc in RULEBOOK.md RULEBOOK-SKULL-KING.md RULINGS.md; do
  check "share/doc/pli/$doc is installed" test -s "$prefix/share/doc/pli/$doc"
done
check "bin/pli --version prints pli $version" \
  bash -c "[[ \$('$prefix/bin/pli' --version) == 'pli $version' ]]"

commands=$("$prefix/bin/pli" --help | sed -n '/^Subcommands:/,/^$/p' | sed -n 's/^  \([a-z]*\)  .*/\1/p')
check "pli --help lists commands" test -n "$commands"
check "man pli renders its name line" \
  bash -c "MANWIDTH=100 man -l '$prefix/share/man/man1/pli.1.gz' | grep -q 'pli - the referee'"
# NAME is one line "pli-C \- summary" with nothing cut (issue 29: "pli-end -
# End the game (RULES" was cut at the first full stop).
name_line_ok() {  # name_line_ok PAGE COMMAND
  local l1 l2 open close
  { read -r l1; read -r l2; } < <(zcat "$1" | sed -n '/^\.SH NAME/{n;p;n;p;}')
  echo "NAME: $l1 / next: $l2"
  [[ $l1 == "pli\\-$2 \\- "* && $l2 == .SH* ]] || return 1
  open=${l1//[^(]/} close=${l1//[^)]/}
  [[ ${#open} -eq ${#close} ]]
}
sections_in_order() {  # sections_in_order PAGE: the eight sections a man page has, in order
  local got
  got=$(zcat "$1" | sed -n 's/^\.SH //p' | tr -d '"' |
        grep -xE 'NAME|SYNOPSIS|DESCRIPTION|OPTIONS|EXIT STATUS|EXAMPLES|FILES|SEE ALSO' | paste -sd,)
  echo "sections: $got"
  [[ $got == "NAME,SYNOPSIS,DESCRIPTION,OPTIONS,EXIT STATUS,EXAMPLES,FILES,SEE ALSO" ]]
}
for c in $commands; do
  page=$prefix/share/man/man1/pli-$c.1.gz
  check "man pli-$c renders its usage line" \
    bash -c "MANWIDTH=200 man -l '$page' 2>&1 | grep -q 'pli $c \\[OPTIONS\\]'"
  check "man pli-$c: NAME is one line, its parentheses whole" name_line_ok "$page" "$c"
  check "man pli-$c has the sections NAME ... SEE ALSO, in order" sections_in_order "$page"
  check "mandoc -Tlint finds no error in pli-$c.1" mandoc -Tlint -W error "$page"
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

# --- 1b. a program outside the tree, against the installed package -------
# Expected, from the rules: 5.1-suite's first 6 events (game, deal, four
# plays of seed 000's example) are legal, and replaying its last play again
# is not; Skull King's clean manche (games/skull_king/tests/data/cli-clean.jsonl,
# worked out in tests/cli/skull_king_cli_test.cc) is 8 legal events, an end
# with --expect 3 is stale, the store audits it clean with a sound chain;
# the bad log's violations are SK-B4 at 5, SK-P1 at 7 and 9, malformed at 8.
outside=$tmp/outside
head -n 6 "$src/games/president/fixtures/seed/5.1-suite.jsonl" >"$tmp/president.jsonl"
check "an outside project configures with find_package(pli CONFIG)" \
  cmake -S "$src/tests/install/outside" -B "$outside" -DCMAKE_PREFIX_PATH="$prefix"
check "it builds against pli::pli" cmake --build "$outside"
run=$(LD_LIBRARY_PATH="$prefix/lib:$prefix/lib/x86_64-linux-gnu" "$outside/outside" \
  "$tmp/president.jsonl" "$src/games/skull_king/tests/data/cli-clean.jsonl" \
  "$src/games/skull_king/tests/data/cli-violations.jsonl" "$tmp/outside.db" 2>&1)
check "it reports the library's version" contains "$run" "version $version"
check "it folds a Président game on a Table: 6 events, none illegal" \
  contains "$run" "president events 6 illegal 0"
check "Decide refuses the same play again" contains "$run" "president replay of the last event legal 0"
check "it referees a Skull King manche into a store" contains "$run" "skull-king accepted 8"
check "a stale --expect is refused" contains "$run" "stale 1"
check "the store audits it clean" contains "$run" "store audit chain ok events 8 violations 0"
check "it audits a log's text" \
  contains "$run" "log audit sk-v 5:bid-equalizes 7:not-your-turn 8:malformed 9:card-not-in-hand"
check "the program's database is one pli audits clean" "$prefix/bin/pli" audit --db "$tmp/outside.db"
pcdir=$(dirname "$(find "$prefix" -name pli.pc | head -1)")
check "pkg-config finds pli" env PKG_CONFIG_PATH="$pcdir" pkg-config --exists pli
check "the same program builds with pkg-config" bash -c \
  "g++ -std=c++20 '$src/tests/install/outside/main.cc' -o '$tmp/outside-pc' \$(PKG_CONFIG_PATH='$pcdir' pkg-config --cflags --libs pli)"
check "and runs" bash -c "LD_LIBRARY_PATH='$prefix/lib:$prefix/lib/x86_64-linux-gnu' '$tmp/outside-pc' \
  '$tmp/president.jsonl' '$src/games/skull_king/tests/data/cli-clean.jsonl' \
  '$src/games/skull_king/tests/data/cli-violations.jsonl' '$tmp/outside2.db' | grep -q 'skull-king accepted 8'"

# --- 2. the Debian package -------------------------------------------------
check "cpack builds the .deb packages" bash -c "cd '$build' && cpack -G DEB -B '$tmp/pkg' >/dev/null"
deb=$(ls "$tmp"/pkg/pli_*.deb 2>/dev/null | head -1)
libdeb=$(ls "$tmp"/pkg/libpli0_*.deb 2>/dev/null | head -1)
devdeb=$(ls "$tmp"/pkg/libpli-dev_*.deb 2>/dev/null | head -1)
check "the three .deb exist: pli, libpli0, libpli-dev" bash -c "[[ -f '$deb' && -f '$libdeb' && -f '$devdeb' ]]"
check "pli holds the command and no header nor library" bash -c \
  "dpkg-deb -c '$deb' | grep -q ' ./usr/bin/pli\$' && ! dpkg-deb -c '$deb' | grep -qE '\\.h\$|\\.so|\\.pc\$|cmake/'"
check "libpli0 holds the versioned library only" bash -c \
  "dpkg-deb -c '$libdeb' | grep -q 'usr/lib/$multiarch/libpli.so.0' && ! dpkg-deb -c '$libdeb' | grep -qE '\\.h\$|libpli\\.so -> |\\.pc\$|cmake/'"
check "libpli-dev holds the header, the .so link, the CMake and pkg-config files" bash -c \
  "c=\$(dpkg-deb -c '$devdeb'); grep -q 'usr/include/pli/pli.h' <<<\"\$c\" && grep -q 'libpli.so -> ' <<<\"\$c\" && grep -q 'pkgconfig/pli.pc' <<<\"\$c\" && grep -q 'cmake/pli/pliConfig.cmake' <<<\"\$c\""
check "libpli-dev depends on libpli0" bash -c "dpkg-deb -f '$devdeb' Depends | grep -q 'libpli0 (= $version)'"
for d in "$deb" "$libdeb" "$devdeb"; do
  check "lintian finds no error in $(basename "$d")" bash -c \
    "lintian --tag-display-limit 0 '$d' >'$tmp/lintian.out' 2>&1; cat '$tmp/lintian.out'; ! grep -q '^E: ' '$tmp/lintian.out'"
done
depends=$(dpkg-deb -f "$deb" Depends 2>/dev/null)
check "its Depends names Debian's runtime packages (libsqlite3-0, libssl3): $depends" \
  bash -c "grep -q 'libsqlite3-0' <<<'$depends' && grep -q 'libssl3' <<<'$depends'"
check "its Depends names no -dev package: $depends" bash -c "! grep -q -- '-dev' <<<'$depends'"
root=$tmp/root
check "dpkg -x unpacks them" bash -c "dpkg -x '$deb' '$root' && dpkg -x '$libdeb' '$root' && dpkg -x '$devdeb' '$root'"
check "the unpacked pli runs: --version" \
  bash -c "[[ \$('$root/usr/bin/pli' --version) == 'pli $version' ]]"
check "the unpacked pli audits a fixture clean" \
  "$root/usr/bin/pli" audit "$src/games/president/fixtures/seed/5.1-suite.jsonl"
check "the unpacked man page renders" \
  bash -c "MANWIDTH=100 man -l '$root/usr/share/man/man1/pli-audit.1.gz' | grep -q 'pli audit \\[OPTIONS\\]'"
check "the unpacked rulebook is in /usr/share/doc/pli" test -s "$root/usr/share/doc/pli/RULEBOOK.md"
check "a program builds and runs against the unpacked libpli-dev and libpli0" bash -c \
  "g++ -std=c++20 '$src/tests/install/outside/main.cc' -o '$tmp/outside-deb' \$(PKG_CONFIG_SYSROOT_DIR='$root' PKG_CONFIG_LIBDIR='$root/usr/lib/$multiarch/pkgconfig' pkg-config --cflags --libs pli) && LD_LIBRARY_PATH='$root/usr/lib/$multiarch' '$tmp/outside-deb' '$tmp/president.jsonl' '$src/games/skull_king/tests/data/cli-clean.jsonl' '$src/games/skull_king/tests/data/cli-violations.jsonl' '$tmp/outside3.db' | grep -q 'skull-king accepted 8'"
check "the unpacked bash completion is in place" \
  test -f "$root/usr/share/bash-completion/completions/pli"

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
