# HelpPages.cmake: writes pli's man pages and shell completions from the
# built binary's own --help, so that they cannot drift from it (issue 18).
# Run at build time, after pli is linked:
#   cmake -DPLI=<pli> -DOUT=<dir> -DVERSION=<x.y> -P HelpPages.cmake
# Writes OUT/man/pli.1 and OUT/man/pli-COMMAND.1 for every subcommand that
# `pli --help` lists, OUT/completion/pli (bash) and OUT/completion/_pli (zsh).
if(NOT PLI OR NOT OUT)
  message(FATAL_ERROR "HelpPages: give -DPLI=<the pli binary> -DOUT=<dir>")
endif()

# `pli ARGS --help` as text; stops the build if it fails.
function(help_of out)
  execute_process(COMMAND ${PLI} ${ARGN} --help
    OUTPUT_VARIABLE text RESULT_VARIABLE status ENCODING UTF-8)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "HelpPages: ${PLI} ${ARGN} --help exited ${status}")
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# Text made safe for roff: a backslash is \e, a line starting with . or '
# gets \& in front, so that no line of help is read as a request.
function(roff_escape out text)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# One man page: NAME (the first sentence of the description), SYNOPSIS (the
# usage line), DESCRIPTION (the whole description), then the rest of the
# help as it is printed (options, notes, exit status, examples), verbatim.
function(write_page file name help see_also)
  string(FIND "${help}" "\nUsage: " usage_at)
  string(SUBSTRING "${help}" 0 ${usage_at} description)
  math(EXPR rest_at "${usage_at} + 1")
  string(SUBSTRING "${help}" ${rest_at} -1 rest)
  string(FIND "${rest}" "\n" usage_end)
  string(SUBSTRING "${rest}" 0 ${usage_end} usage)
  string(SUBSTRING "${rest}" ${usage_end} -1 rest)
  string(REGEX REPLACE "^Usage: " "" usage "${usage}")
  string(REGEX REPLACE "^${name}: " "" summary "${description}")  # pli --help: "pli: the referee ..."
  string(REGEX MATCH "^[^.:;]*" summary "${summary}")
  string(TOUPPER "${name}" title)
  foreach(part description usage rest summary)
    roff_escape(${part} "${${part}}")
  endforeach()
  string(STRIP "${rest}" rest)
  file(WRITE "${file}" ".TH ${title} 1 \"\" \"pli ${VERSION}\" \"pli manual\"\n"
    ".SH NAME\n${name} \\- ${summary}\n"
    ".SH SYNOPSIS\n.nf\n${usage}\n.fi\n"
    ".SH DESCRIPTION\n${description}\n"
    ".SH OPTIONS AND NOTES\n.nf\n${rest}\n.fi\n"
    ".SH SEE ALSO\n${see_also}\n")
endfunction()

# The --long options a help text lists.
function(options_of out help)
  string(REGEX MATCHALL "(^|\n)  (-[a-z],)?--[a-z][a-z-]*" found "${help}")
  set(options "")
  foreach(item IN LISTS found)
    string(REGEX MATCH "--[a-z][a-z-]*" option "${item}")
    list(APPEND options "${option}")
  endforeach()
  list(REMOVE_DUPLICATES options)
  list(JOIN options " " options)
  set(${out} "${options}" PARENT_SCOPE)
endfunction()

help_of(top)
string(FIND "${top}" "\nSubcommands:\n" at)
string(SUBSTRING "${top}" ${at} -1 listing)
string(REGEX MATCHALL "\n  [a-z]+  " found "${listing}")
set(commands "")
foreach(item IN LISTS found)
  string(STRIP "${item}" item)
  list(APPEND commands "${item}")
endforeach()
if(NOT commands)
  message(FATAL_ERROR "HelpPages: pli --help lists no subcommand")
endif()

file(MAKE_DIRECTORY "${OUT}/man" "${OUT}/completion")
set(see_also "")
foreach(command IN LISTS commands)
  string(APPEND see_also "pli-${command}(1), ")
endforeach()
string(REGEX REPLACE ", $" "" see_also "${see_also}")
write_page("${OUT}/man/pli.1" "pli" "${top}" "${see_also}")

options_of(top_options "${top}")
set(bash_cases "")
set(zsh_cases "")
foreach(command IN LISTS commands)
  help_of(help ${command})
  write_page("${OUT}/man/pli-${command}.1" "pli-${command}" "${help}" "pli(1)")
  options_of(options "${help}")
  string(APPEND bash_cases "    ${command}) options=\"${options}\" ;;\n")
  string(APPEND zsh_cases "    ${command}) options=(${options}) ;;\n")
endforeach()
list(JOIN commands " " command_words)

file(WRITE "${OUT}/completion/pli" "# bash completion for pli ${VERSION}, written from its --help at build time.
_pli() {
  local cur=\${COMP_WORDS[COMP_CWORD]} options
  if (( COMP_CWORD == 1 )); then
    COMPREPLY=( \$(compgen -W \"${command_words} ${top_options}\" -- \"\$cur\") )
    return
  fi
  case \${COMP_WORDS[1]} in
${bash_cases}    *) options=\"\" ;;
  esac
  if [[ \$cur == -* ]]; then
    COMPREPLY=( \$(compgen -W \"\$options\" -- \"\$cur\") )
  else
    COMPREPLY=( \$(compgen -f -- \"\$cur\") )
  fi
}
complete -o filenames -F _pli pli
")

file(WRITE "${OUT}/completion/_pli" "#compdef pli
# zsh completion for pli ${VERSION}, written from its --help at build time.
local -a options
if (( CURRENT == 2 )); then
  compadd -- ${command_words} ${top_options}
  return
fi
case \$words[2] in
${zsh_cases}  *) options=() ;;
esac
if [[ \$PREFIX == -* ]]; then
  compadd -- \$options
else
  _files
fi
")
list(LENGTH commands n)
message(STATUS "pli: ${n} command pages and completions written to ${OUT}")
