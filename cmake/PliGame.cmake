# PliGame.cmake: what a game's CMakeLists.txt (games/<game>/) calls to put its
# module into the registry's library, pli_games (included by
# ../CMakeLists.txt); every other folder of a game is a library of its own.
#
#   pli_game_sources(<target> <file>... [NO_UNITY <file>...])
#
# adds the files (relative to the game's folder) to <target> (pli_games); the files after NO_UNITY (all of them:
# put it last) are compiled
# on their own in unity builds (CMAKE_UNITY_BUILD: their anonymous-namespace
# names clash with another file's). The property is set in the target's own
# folder, where CMake reads it.
function(pli_game_sources target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "NO_UNITY")
  set(files ${arg_UNPARSED_ARGUMENTS} ${arg_NO_UNITY})
  target_sources(${target} PRIVATE ${files})
  if(arg_NO_UNITY)
    list(TRANSFORM arg_NO_UNITY PREPEND ${CMAKE_CURRENT_SOURCE_DIR}/)
    set_source_files_properties(${arg_NO_UNITY} TARGET_DIRECTORY ${target}
      PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
  endif()
endfunction()
