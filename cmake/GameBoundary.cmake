# GameBoundary.cmake: fails when a file outside a game's folder includes
# that game's headers (GAMES.md: "no file outside a game's folders includes
# that game's headers, except the one registry"), or when a shared layer
# has a folder named after a game. Run as
#   cmake -DROOT=<repo> -DALLOW=<list file> -P GameBoundary.cmake
#
# The games are the folders of ROOT/games/ (games/president/,
# games/skull_king/): found, not listed, so a new game's folder is guarded
# as soon as it exists. A game's folder is games/<game>/ and everything in
# it. The shared layers are LAYERS below; tests/, bench/ and fuzz/ test or
# measure a game and may name it in their files; but no folder anywhere
# outside games/ is named after a game (a game's tests and fixtures are in
# games/<game>/tests/ and games/<game>/fixtures/; issue 27).
#
# ALLOW lists, one path a line (relative to ROOT, '#' starts a comment), the
# shared files that still include a game's headers while the shared layers
# move onto the game interface (docs/ARCHITECTURE.md). The list only
# shrinks: a listed file that no longer includes a game's header fails the
# check too, so that it is taken off the list.
cmake_policy(SET CMP0057 NEW)  # if(IN_LIST)
if(NOT ROOT OR NOT IS_DIRECTORY "${ROOT}")
  message(FATAL_ERROR "GameBoundary: ROOT \"${ROOT}\" is not a directory")
endif()
get_filename_component(ROOT "${ROOT}" ABSOLUTE)

file(GLOB game_entries LIST_DIRECTORIES true RELATIVE "${ROOT}/games" "${ROOT}/games/*")
set(GAMES "")
foreach(entry IN LISTS game_entries)
  if(IS_DIRECTORY "${ROOT}/games/${entry}")
    list(APPEND GAMES "${entry}")
  endif()
endforeach()
list(SORT GAMES)
if(NOT GAMES)
  message(FATAL_ERROR "GameBoundary: no game folder in ${ROOT}/games/")
endif()
set(LAYERS engine schema referee replay sim cli bots serve api games)

list(JOIN GAMES "|" games_alt)
set(game_include "^[ \t]*#[ \t]*include[ \t]*\"([A-Za-z0-9_]+/)*(${games_alt})/")
set(game_path "^games/(${games_alt})/")

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

set(game_folders "")
set(new_offenders "")
set(stale "")
set(count 0)
# A folder named after a game anywhere but in games/ (serve/president/,
# tests/engine/skull_king/, fixtures/skull_king/): everything of a game goes
# in games/<game>/ (docs/ARCHITECTURE.md). Build trees (build*/), hidden
# folders and node_modules/ are not the project's sources.
file(GLOB top_entries LIST_DIRECTORIES true RELATIVE "${ROOT}" "${ROOT}/*")
list(SORT top_entries)
foreach(top IN LISTS top_entries)
  if(NOT IS_DIRECTORY "${ROOT}/${top}" OR top STREQUAL "games" OR top MATCHES "^(build|\\.|node_modules$)")
    continue()
  endif()
  if(top IN_LIST GAMES)
    string(APPEND game_folders "  ${top}/\n")
  endif()
  file(GLOB_RECURSE dirs LIST_DIRECTORIES true RELATIVE "${ROOT}" "${ROOT}/${top}/*")
  list(SORT dirs)
  foreach(rel IN LISTS dirs)
    get_filename_component(leaf "${rel}" NAME)
    if(IS_DIRECTORY "${ROOT}/${rel}" AND leaf IN_LIST GAMES AND NOT rel MATCHES "/node_modules/")
      string(APPEND game_folders "  ${rel}/\n")
    endif()
  endforeach()
endforeach()

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

if(game_folders)
  message(FATAL_ERROR "a folder named after a game outside games/; "
    "everything of a game (code, tests, fixtures) goes in games/<game>/ (docs/ARCHITECTURE.md):\n${game_folders}")
endif()
if(new_offenders)
  message(FATAL_ERROR "a shared file includes a game's headers; "
    "use the game interface (docs/ARCHITECTURE.md):\n${new_offenders}")
endif()
if(stale)
  message(FATAL_ERROR "no longer includes a game's headers; take it off ${ALLOW}:\n${stale}")
endif()
list(LENGTH allowed debt)
list(JOIN GAMES ", " games_text)
message(STATUS "game boundary: games ${games_text}; ${count} shared files checked, ${debt} still on the list")
