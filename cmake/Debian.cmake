# Debian.cmake: the Debian packages cpack builds from the install rules
# (`cd build && cpack -G DEB`), split the Debian way by install component:
#   pli         (component tool): /usr/bin/pli, its man pages, completions,
#               the documents in /usr/share/doc/pli/
#   libpli0     (component lib):  libpli.so.0 and its real file
#   libpli-dev  (component dev):  pli/pli.h, libpli.so, the CMake package
#               and pli.pc
# Each carries /usr/share/doc/<package>/copyright and changelog.gz, which
# Debian's policy (and lintian) asks of every package. tests/install checks
# them with lintian (no error) and installs them into a scratch root.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME pli)
set(CPACK_PACKAGE_VENDOR "pli")
set(CPACK_PACKAGE_CONTACT "pli developers <pli-devel@lists.example.net>")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL tool lib dev)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "https://pli.example.net/")

file(MAKE_DIRECTORY ${PROJECT_BINARY_DIR}/debian-doc)
set(CPACK_DEBIAN_TOOL_PACKAGE_NAME pli)
set(CPACK_DEBIAN_TOOL_PACKAGE_SECTION utils)  # "games" is for files in /usr/games (lintian)
set(CPACK_COMPONENT_TOOL_DESCRIPTION "referee for card games (Super President, Skull King)
 pli referees card games from an append-only, hash-chained event log: it
 judges every action by the rules before it is written, audits archives,
 explains rulings, replays games and runs a table in the browser.")

set(CPACK_DEBIAN_LIB_PACKAGE_NAME libpli0)
set(CPACK_DEBIAN_LIB_PACKAGE_SECTION libs)
# The shlibs file (dpkg-shlibdeps of a program linking libpli finds its
# package) and the ldconfig trigger, as Debian's policy asks of a shared
# library package (lintian: no-shlibs, lacks-ldconfig-trigger).
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY ">=")
file(WRITE ${PROJECT_BINARY_DIR}/debian-doc/triggers "activate-noawait ldconfig\n")
set(CPACK_DEBIAN_LIB_PACKAGE_CONTROL_EXTRA ${PROJECT_BINARY_DIR}/debian-doc/triggers)
set(CPACK_COMPONENT_LIB_DESCRIPTION "referee for card games - shared library
 libpli decides, folds and lists the legal actions of games of Super
 President and Skull King, audits their logs and referees them into a
 store. This package holds the shared library.")

set(CPACK_DEBIAN_DEV_PACKAGE_NAME libpli-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS "libpli0 (= ${PROJECT_VERSION})")
set(CPACK_COMPONENT_DEV_DESCRIPTION "referee for card games - development files
 libpli decides, folds and lists the legal actions of games of Super
 President and Skull King, audits their logs and referees them into a
 store. This package holds the header, the CMake package and the
 pkg-config file to build a program against it.")

# copyright and changelog.gz of each package, written at configure time.
set(pli_debian_dir ${PROJECT_BINARY_DIR}/debian-doc)
file(MAKE_DIRECTORY ${pli_debian_dir})
file(WRITE ${pli_debian_dir}/copyright
"pli: a referee for card games (Super President, Skull King).

Copyright (C) 2026 the pli developers.

No licence has been chosen for pli yet: until one is, the copyright
holders reserve all rights.
")
string(TIMESTAMP pli_changelog_date "%a, %d %b %Y %H:%M:%S +0000" UTC)
if(DEFINED ENV{SOURCE_DATE_EPOCH})
  set(pli_changelog_date "Thu, 01 Jan 1970 00:00:00 +0000")
endif()
file(WRITE ${pli_debian_dir}/changelog
"pli (${PROJECT_VERSION}) unstable; urgency=medium

  * Built from the source tree by cpack.

 -- ${CPACK_PACKAGE_CONTACT}  ${pli_changelog_date}
")
execute_process(COMMAND gzip -n -9 -f -k ${pli_debian_dir}/changelog)
foreach(pair tool:pli lib:libpli0 dev:libpli-dev)
  string(REPLACE ":" ";" pair "${pair}")
  list(GET pair 0 component)
  list(GET pair 1 package)
  install(FILES ${pli_debian_dir}/copyright ${pli_debian_dir}/changelog.gz
          DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/${package} COMPONENT ${component}
          PERMISSIONS OWNER_READ OWNER_WRITE GROUP_READ WORLD_READ)
endforeach()
include(CPack)
