# GameBoundary.cmake: fails when a file outside a game's folders includes
# that game's headers (GAMES.md: "no file outside a game's folders includes
# that game's headers, except the one registry"). Run as
#   cmake -DROOT=<repo> -DALLOW=<list file> -P GameBoundary.cmake
#
# A game's folders are the folders named after it in each layer
# (games/president/rules/, games/president/wire/, games/president/bots/); GAMES below lists
# the games. The shared layers are LAYERS below; tests/, bench/ and fuzz/
# test or measure a game and may name it.
#
# ALLOW lists, one path a line (relative to ROOT, '#' starts a comment), the
# shared files that still include a game's headers while the shared layers
# move onto the game interface (docs/ARCHITECTURE.md). The list only
# shrinks: a listed file that no longer includes a game's header fails the
# check too, so that it is taken off the list.
if(NOT ROOT OR NOT IS_DIRECTORY "${ROOT}")
  message(FATAL_ERROR "GameBoundary: ROOT \"${ROOT}\" is not a directory")
endif()

set(GAMES president skull_king)
set(LAYERS engine schema referee replay sim cli bots serve games)

list(JOIN GAMES "|" games_alt)
set(game_include "^[ \t]*#[ \t]*include[ \t]*\"[A-Za-z0-9_]+/(${games_alt})/")
set(game_path "(^|/)(${games_alt})/")

set(allowed "")
if(ALLOW)
  file(STRINGS "${ALLOW}" allow_lines ENCODING UTF-8)
  foreach(line IN LISTS allow_lines)
    string(REGEX REPLACE "#.*" "" line "${line}")
    string(STRIP "${line}" line)
    if(line)
      list(APPEND allowed "${line}")
    endif()
  endforeach()
endif()

set(new_offenders "")
set(stale "")
set(count 0)
foreach(layer IN LISTS LAYERS)
  if(NOT IS_DIRECTORY "${ROOT}/${layer}")
    continue()
  endif()
  file(GLOB_RECURSE files RELATIVE "${ROOT}" "${ROOT}/${layer}/*.h" "${ROOT}/${layer}/*.cc")
  foreach(rel IN LISTS files)
    if(rel MATCHES "${game_path}")
      continue()  # a game's own folder
    endif()
    if(rel STREQUAL "games/registry.cc")
      continue()  # the one registry, which lists every game's module
    endif()
    math(EXPR count "${count} + 1")
    file(STRINGS "${ROOT}/${rel}" lines REGEX "#[ \t]*include" ENCODING UTF-8)
    set(hits "")
    foreach(line IN LISTS lines)
      if(line MATCHES "${game_include}")
        string(APPEND hits "    ${line}\n")
      endif()
    endforeach()
    list(FIND allowed "${rel}" listed)
    if(hits AND listed EQUAL -1)
      string(APPEND new_offenders "  ${rel}:\n${hits}")
    elseif(NOT hits AND NOT listed EQUAL -1)
      string(APPEND stale "  ${rel}\n")
    endif()
  endforeach()
endforeach()

if(new_offenders)
  message(FATAL_ERROR "a shared file includes a game's headers; "
    "use the game interface (docs/ARCHITECTURE.md):\n${new_offenders}")
endif()
if(stale)
  message(FATAL_ERROR "no longer includes a game's headers; take it off ${ALLOW}:\n${stale}")
endif()
list(LENGTH allowed debt)
message(STATUS "game boundary: ${count} shared files checked, ${debt} still on the list")
