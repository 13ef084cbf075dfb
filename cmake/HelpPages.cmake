# HelpPages.cmake: writes pli's man pages and shell completions from the
# built binary's own --help, the one source of both, so that they cannot
# drift from it (issues 18 and 29). Run at build time, after pli is linked:
#   cmake -DPLI=<pli> -DOUT=<dir> -DVERSION=<x.y> -P HelpPages.cmake
# Writes OUT/man/pli.1.gz and OUT/man/pli-COMMAND.1.gz for every subcommand
# that `pli --help` lists, OUT/completion/pli (bash) and OUT/completion/_pli
# (zsh).
#
# A page is a man page, not the help verbatim. From CLI11's help layout
#   DESCRIPTION / "Usage: ..." / "Positionals:" and "Options:" entries /
#   the footer's paragraphs
# it makes NAME (one line: the description's first sentence, parentheses
# kept whole), SYNOPSIS (the usage line), DESCRIPTION (the description and
# the footer's other paragraphs, filled; indented lines kept as they are),
# OPTIONS (one tagged paragraph per option and positional), EXIT STATUS
# (the footer's "Exit status" paragraph, or the one every command shares),
# EXAMPLES (the footer's "Examples:", "Before the examples:" and "A whole
# game:" blocks), FILES (the documents installed beside it) and SEE ALSO.
# The text is processed line by line with string(FIND), never as a CMake
# list, so help text holding ';' or '[' stays whole.
cmake_policy(SET CMP0054 NEW)  # "(" in if() is a string, not a parenthesis
cmake_policy(SET CMP0057 NEW)
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

# Text made safe for roff: a backslash is \e, a hyphen-minus \- (options
# are typed with it), a line starting with . or ' gets \& in front, so that
# no line of help is read as a request.
function(roff_escape out text)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REPLACE "-" "\\-" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# The first sentence of `text`: up to the first '.' followed by a space, a
# newline or the end, outside parentheses; newlines joined; no final '.'.
function(first_sentence out text)
  string(REPLACE "\n" " " text "${text}")
  string(STRIP "${text}" text)
  string(LENGTH "${text}" n)
  set(depth 0)
  set(end ${n})
  set(i 0)
  while(i LESS n)
    string(SUBSTRING "${text}" ${i} 1 c)
    if(c STREQUAL "(")
      math(EXPR depth "${depth} + 1")
    elseif(c STREQUAL ")" AND depth GREATER 0)
      math(EXPR depth "${depth} - 1")
    elseif(c STREQUAL "." AND depth EQUAL 0)
      math(EXPR next "${i} + 1")
      if(next EQUAL n)
        set(end ${i})
        break()
      endif()
      string(SUBSTRING "${text}" ${next} 1 after)
      if(after STREQUAL " ")
        set(end ${i})
        break()
      endif()
    endif()
    math(EXPR i "${i} + 1")
  endwhile()
  string(SUBSTRING "${text}" 0 ${end} text)
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# Splits `text` at its first newline: `line` before it, `rest` after it. A
# function, not a macro: a macro would read the backslashes of the help
# text again as escapes.
function(next_line line rest text)
  string(FIND "${text}" "\n" at)
  if(at EQUAL -1)
    set(${line} "${text}" PARENT_SCOPE)
    set(${rest} "" PARENT_SCOPE)
  else()
    string(SUBSTRING "${text}" 0 ${at} before)
    math(EXPR at "${at} + 1")
    string(SUBSTRING "${text}" ${at} -1 after)
    set(${line} "${before}" PARENT_SCOPE)
    set(${rest} "${after}" PARENT_SCOPE)
  endif()
endfunction()

# roff for free text: paragraphs (blank lines) become .PP; a run of lines
# indented by two spaces or more is kept as it is (.nf, indented); other
# lines are filled.
function(roff_paragraphs out text)
  set(result "")
  set(verbatim OFF)
  set(started OFF)
  while(NOT text STREQUAL "")
    next_line(line text "${text}")
    string(STRIP "${line}" stripped)
    if(stripped STREQUAL "")
      if(verbatim)
        string(APPEND result ".fi\n.RE\n")
        set(verbatim OFF)
      endif()
      if(started)
        string(APPEND result ".PP\n")
        set(started OFF)
      endif()
      continue()
    endif()
    roff_escape(escaped "${line}")
    if(line MATCHES "^  ")
      if(NOT verbatim)
        string(APPEND result ".RS 4\n.nf\n")
        set(verbatim ON)
      endif()
      string(REGEX REPLACE "^  " "" escaped "${escaped}")
      string(APPEND result "${escaped}\n")
    else()
      if(verbatim)
        string(APPEND result ".fi\n.RE\n")
        set(verbatim OFF)
      endif()
      roff_escape(escaped "${stripped}")
      string(APPEND result "${escaped}\n")
    endif()
    set(started ON)
  endwhile()
  if(verbatim)
    string(APPEND result ".fi\n.RE\n")
  endif()
  string(REGEX REPLACE "\\.PP\n$" "" result "${result}")
  set(${out} "${result}" PARENT_SCOPE)
endfunction()

# The general exit status, from `pli --help`'s footer (set below).
set(general_exit "")

# One man page. `name` is pli or pli-COMMAND, `help` its --help text.
function(write_page file name help see_also)
  # DESCRIPTION: before "Usage: "; SYNOPSIS: the usage line.
  string(FIND "${help}" "Usage: " usage_at)
  string(SUBSTRING "${help}" 0 ${usage_at} description)
  string(SUBSTRING "${help}" ${usage_at} -1 rest)
  next_line(usage rest "${rest}")
  string(REGEX REPLACE "^Usage: " "" usage "${usage}")
  string(REPLACE "-" " " words "${name}")                              # pli audit
  string(LENGTH "${words}" words_length)
  string(FIND "${usage}" "${words}" words_at)
  if(words_at EQUAL 0)
    string(SUBSTRING "${usage}" ${words_length} -1 usage)              # " [OPTIONS] [SOURCE]"
  endif()
  string(REGEX REPLACE "^${name}: " "" description "${description}")  # pli --help: "pli: the referee ..."
  string(STRIP "${description}" description)
  first_sentence(summary "${description}")

  # Then "Positionals:", "Options:" and "Subcommands:" entries, then the footer.
  set(Positionals_entries "")
  set(Options_entries "")
  set(Subcommands_entries "")
  set(footer "")
  set(section "")
  set(entry "")
  set(entry_text "")
  while(NOT rest STREQUAL "")
    next_line(line rest "${rest}")
    if(section STREQUAL "" AND line MATCHES "^(Positionals|Options|Subcommands):$")
      set(section "${CMAKE_MATCH_1}")
      continue()
    endif()
    if(NOT section STREQUAL "" AND NOT section STREQUAL "footer")
      if(line MATCHES "^  ([^ ]+( [^ ]+)*)  +([^ ].*)$")
        # An entry: its tag, then its text.
        if(NOT entry STREQUAL "")
          string(APPEND ${section}_entries "${entry}\t${entry_text}\n")
        endif()
        set(entry "${CMAKE_MATCH_1}")
        set(entry_text "${CMAKE_MATCH_3}")
        continue()
      elseif(line MATCHES "^  ([^ ]+( [^ ]+)*) *$")
        # An entry with no text (a long tag).
        if(NOT entry STREQUAL "")
          string(APPEND ${section}_entries "${entry}\t${entry_text}\n")
        endif()
        set(entry "${CMAKE_MATCH_1}")
        set(entry_text "")
        continue()
      elseif(line MATCHES "^   +([^ ].*)$")
        string(APPEND entry_text " ${CMAKE_MATCH_1}")
        continue()
      elseif(line STREQUAL "")
        if(NOT entry STREQUAL "")
          string(APPEND ${section}_entries "${entry}\t${entry_text}\n")
        endif()
        set(entry "")
        set(entry_text "")
        set(section "")
        continue()
      endif()
      if(NOT entry STREQUAL "")
        string(APPEND ${section}_entries "${entry}\t${entry_text}\n")
      endif()
      set(entry "")
      set(section "footer")
    endif()
    if(section STREQUAL "" AND line STREQUAL "")
      continue()
    endif()
    set(section "footer")
    string(APPEND footer "${line}\n")
  endwhile()
  if(NOT entry STREQUAL "" AND NOT section STREQUAL "footer" AND NOT section STREQUAL "")
    string(APPEND ${section}_entries "${entry}\t${entry_text}\n")
  endif()

  # The footer's paragraphs: exit status, examples, the rest.
  set(exit_status "")
  set(examples "")
  set(notes "")
  set(kind notes)
  set(text "${footer}")
  while(NOT text STREQUAL "")
    next_line(line text "${text}")
    if(line MATCHES "^Exit status")
      set(kind exit_status)
    elseif(line MATCHES "^(Examples|Before the examples|A whole game)[^:]*:$")
      set(kind examples)
    elseif(line STREQUAL "")
      if(kind STREQUAL "examples")
        set(kind notes)
      elseif(kind STREQUAL "exit_status")
        set(kind notes)
      endif()
    elseif(NOT line MATCHES "^ " AND kind STREQUAL "examples")
      set(kind notes)
    endif()
    string(APPEND ${kind} "${line}\n")
  endwhile()
  if(exit_status STREQUAL "")
    set(exit_status "${general_exit}")
  endif()
  if(name STREQUAL "pli")
    set(general_exit "${exit_status}" PARENT_SCOPE)
  endif()

  # OPTIONS: one tagged paragraph per entry.
  set(options_roff "")
  foreach(section Positionals Options)
    set(entries "${${section}_entries}")
    while(NOT entries STREQUAL "")
      next_line(line entries "${entries}")
      string(FIND "${line}" "\t" tab)
      string(SUBSTRING "${line}" 0 ${tab} tag)
      math(EXPR tab "${tab} + 1")
      string(SUBSTRING "${line}" ${tab} -1 what)
      string(STRIP "${what}" what)
      roff_escape(tag "${tag}")
      roff_escape(what "${what}")
      string(APPEND options_roff ".TP\n.B ${tag}\n${what}\n")
    endwhile()
  endforeach()
  set(commands_roff "")
  set(entries "${Subcommands_entries}")
  while(NOT entries STREQUAL "")
    next_line(line entries "${entries}")
    string(FIND "${line}" "\t" tab)
    string(SUBSTRING "${line}" 0 ${tab} tag)
    math(EXPR tab "${tab} + 1")
    string(SUBSTRING "${line}" ${tab} -1 what)
    roff_escape(what "${what}")
    string(APPEND commands_roff ".TP\n.BR pli\\-${tag} (1)\n${what}\n")
  endwhile()

  string(TOUPPER "${name}" title)
  roff_escape(summary "${summary}")
  roff_escape(usage "${usage}")
  string(REPLACE "-" "\\-" name_roff "${name}")
  roff_paragraphs(description_roff "${description}")
  roff_paragraphs(notes_roff "${notes}")
  roff_paragraphs(exit_roff "${exit_status}")
  roff_paragraphs(examples_roff "${examples}")
  set(synopsis "\\fB${words}\\fR${usage}\n")
  string(TIMESTAMP date "%Y-%m-%d" UTC)  # SOURCE_DATE_EPOCH, when set, makes it reproducible
  string(CONCAT page ".TH ${title} 1 ${date} \"pli ${VERSION}\" \"pli manual\"\n"
    ".SH NAME\n${name_roff} \\- ${summary}\n"
    ".SH SYNOPSIS\n${synopsis}"
    ".SH DESCRIPTION\n${description_roff}")
  if(NOT notes_roff STREQUAL "")
    string(APPEND page ".PP\n${notes_roff}")
  endif()
  if(NOT commands_roff STREQUAL "")
    string(APPEND page ".SH COMMANDS\n${commands_roff}")
  endif()
  string(APPEND page ".SH OPTIONS\n${options_roff}")
  if(NOT exit_roff STREQUAL "")
    string(APPEND page ".SH EXIT STATUS\n${exit_roff}")
  endif()
  if(NOT examples_roff STREQUAL "")
    string(APPEND page ".SH EXAMPLES\n${examples_roff}")
  endif()
  string(APPEND page ".SH FILES\n"
    ".TP\n.I /usr/share/doc/pli/RULEBOOK.md\n"
    "Super Pr\\('esident's rules in plain words, each with the recorded games that show it.\n"
    ".TP\n.I /usr/share/doc/pli/RULEBOOK\\-SKULL\\-KING.md\n"
    "Skull King's rules, the same way.\n"
    ".TP\n.I /usr/share/doc/pli/RULINGS.md\n"
    "The cases the rules left open, and how pli decides them.\n"
    ".TP\n.I /usr/share/doc/pli/INTERFACE.md\n"
    "The formats other tools rely on: the event log, the commands' JSON, the table's protocol.\n"
    ".PP\n"
    "Under \\fI/usr/local/share/doc/pli/\\fR when installed with \\fBcmake \\-\\-install\\fR "
    "into /usr/local.\n"
    ".SH SEE ALSO\n${see_also}\n")
  file(WRITE "${file}" "${page}")
  execute_process(COMMAND gzip -n -9 -f "${file}" RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "HelpPages: gzip ${file} failed")
  endif()
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

file(REMOVE_RECURSE "${OUT}/man")
file(MAKE_DIRECTORY "${OUT}/man" "${OUT}/completion")
set(see_also "")
foreach(command IN LISTS commands)
  string(APPEND see_also ".BR pli\\-${command} (1),\n")
endforeach()
string(REGEX REPLACE ",\n$" "\n" see_also "${see_also}")
write_page("${OUT}/man/pli.1" "pli" "${top}" "${see_also}")

options_of(top_options "${top}")
set(bash_cases "")
set(zsh_cases "")
foreach(command IN LISTS commands)
  help_of(help ${command})
  write_page("${OUT}/man/pli-${command}.1" "pli-${command}" "${help}" ".BR pli (1)")
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
