# EnginePurity.cmake: fails when a file under ENGINE_DIR includes a storage or
# I/O header (STYLE.md: the engine is pure rules). Run as
#   cmake -DENGINE_DIR=<dir> -P EnginePurity.cmake
# Forbidden: sqlite3*, boost/*, CLI/*, openssl/*, and every <...stream> header
# (iostream, fstream, sstream, istream, ostream, ...).
if(NOT ENGINE_DIR OR NOT IS_DIRECTORY "${ENGINE_DIR}")
  message(FATAL_ERROR "EnginePurity: ENGINE_DIR \"${ENGINE_DIR}\" is not a directory")
endif()

set(forbidden "^[ \t]*#[ \t]*include[ \t]*[<\"](sqlite3|boost/|CLI/|openssl/|[A-Za-z0-9_/]*stream[>.\"])")
file(GLOB_RECURSE files "${ENGINE_DIR}/*.h" "${ENGINE_DIR}/*.hh" "${ENGINE_DIR}/*.hpp"
     "${ENGINE_DIR}/*.cc" "${ENGINE_DIR}/*.cpp" "${ENGINE_DIR}/*.inc")

set(bad "")
foreach(file IN LISTS files)
  file(STRINGS "${file}" lines REGEX "#[ \t]*include")
  foreach(line IN LISTS lines)
    if(line MATCHES "${forbidden}")
      file(RELATIVE_PATH rel "${ENGINE_DIR}" "${file}")
      string(APPEND bad "  ${rel}: ${line}\n")
    endif()
  endforeach()
endforeach()

list(LENGTH files count)
if(bad)
  message(FATAL_ERROR "engine/ must stay free of storage and I/O includes:\n${bad}")
endif()
message(STATUS "engine purity: ${count} files checked, no forbidden include")
