// usage_errors.h: what pli says when a command line cannot be parsed
// (issue 29). CLI11's own wording ("Could not convert: BID = abc", "CARDS
// is required", "The following argument was not expected") never reaches
// a person: each error becomes one plain sentence that names the command
// and what was typed, and the way out.
#ifndef PLI_CLI_USAGE_ERRORS_H_
#define PLI_CLI_USAGE_ERRORS_H_

#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstdlib>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace pli::cli {

// The command typed ("pli play"), or "pli".
inline std::string CommandTyped(CLI::App& app) {
  for (CLI::App* sub : app.get_subcommands()) return "pli " + sub->get_name();
  return "pli";
}

// The option of the command typed (or of pli) whose name, one of its
// names or its positional name is `name` (as CLI11 names it in a message:
// "--db", "BID", "--db,-d").
inline const CLI::Option* OptionNamed(CLI::App& app, const std::string& name) {
  std::vector<CLI::App*> where = app.get_subcommands();
  where.push_back(&app);
  for (CLI::App* a : where) {
    for (const CLI::Option* o : a->get_options()) {
      if (o->get_name() == name || o->check_name(name) || o->get_name(true, false) == name) {
        return o;
      }
    }
  }
  return nullptr;
}

// How to name an option in a sentence: "--seat SEAT", "BID".
inline std::string OptionText(const CLI::Option* o, const std::string& fallback) {
  if (o == nullptr) return fallback;
  std::string name = o->get_name(false, true);
  if (const size_t comma = name.rfind(','); comma != std::string::npos) name = name.substr(comma + 1);
  if (!o->get_positional() && o->get_type_size() != 0 && !o->get_type_name().empty()) {
    name += " " + o->get_type_name();
  }
  return name;
}

// ": its description" when it has one.
inline std::string WhatItIs(const CLI::Option* o) {
  if (o == nullptr || o->get_description().empty()) return "";
  return " (" + o->get_description() + ")";
}

inline bool IsInteger(const std::string& text) {
  static const std::regex kInteger("[-+]?[0-9]+");
  return std::regex_match(text, kInteger);
}

// CLI11 reads a number too large for its type as the largest one (strtoll
// clamps: `pli bid 99999999999999999999` answered about
// 9223372036854775807). Every option that takes a number refuses such a
// number by name instead, before it is converted.
inline void GuardNumbers(CLI::App& app) {
  static const std::set<std::string> kNumberTypes = {"INT", "UINT", "N", "SEQ", "K", "M", "S"};
  std::vector<CLI::App*> apps = app.get_subcommands({});
  apps.push_back(&app);
  for (CLI::App* a : apps) {
    for (CLI::Option* o : a->get_options()) {
      if (kNumberTypes.count(o->get_type_name()) == 0) continue;
      o->check(CLI::Validator(
          [](std::string& text) -> std::string {
            if (!IsInteger(text)) return "";
            errno = 0;
            (void)std::strtoll(text.c_str(), nullptr, 10);
            return errno == ERANGE ? text + " is too large" : "";
          },
          "", ""));
    }
  }
}

// The sentence for a CLI11 parse error. `commands` lists every command,
// for an unknown one.
inline std::string PlainUsageError(const CLI::ParseError& e, CLI::App& app, int argc, char** argv) {
  const std::string what = e.what();
  // ReportError prints "pli: " first: the sentence starts with the command
  // ("play needs CARDS"), the hint names it whole ("pli play --help").
  const std::string full = CommandTyped(app);
  const std::string cmd = full == "pli" ? "pli" : full.substr(4);
  std::smatch m;
  if (argc > 1 && argv[1][0] != '-' && app.get_subcommands().empty()) {
    std::string list;
    for (const CLI::App* sub : app.get_subcommands({})) {
      list += (list.empty() ? "" : ", ") + sub->get_name();
    }
    return std::string("unknown command \"") + argv[1] + "\" (commands: " + list + ")";
  }
  if (std::regex_match(what, m, std::regex("Could not convert: (.+) = (.*)")) ||
      std::regex_match(what, m, std::regex("The value (.*) is not an allowed value for (.+)"))) {
    const bool convert = what.starts_with("Could");
    const std::string name = convert ? m[1].str() : m[2].str();
    const std::string value = convert ? m[2].str() : m[1].str();
    const CLI::Option* o = OptionNamed(app, name);
    if (IsInteger(value)) {
      return cmd + ": " + OptionText(o, name) + " " + value + " is too large" + WhatItIs(o);
    }
    return cmd + ": " + OptionText(o, name) + " takes a number, not \"" + value + "\"" + WhatItIs(o);
  }
  if (std::regex_match(what, m, std::regex("(.+) is required"))) {
    const CLI::Option* o = OptionNamed(app, m[1].str());
    return cmd + " needs " + OptionText(o, m[1].str()) + WhatItIs(o) + "; " + full +
           " --help shows an example";
  }
  if (std::regex_match(what, m, std::regex("(.+): (.+) is too large"))) {
    const CLI::Option* o = OptionNamed(app, m[1].str());
    return cmd + ": " + OptionText(o, m[1].str()) + " " + m[2].str() + " is too large" + WhatItIs(o);
  }
  if (std::regex_match(what, m, std::regex("(.+): (.*) not in \\{(.*)\\}"))) {
    std::string choices = m[3].str();
    for (size_t i = 0; (i = choices.find(',', i)) != std::string::npos; i += 2) choices.replace(i, 1, ", ");
    return cmd + ": " + m[1].str() + " \"" + m[2].str() + "\" is not one of " + choices;
  }
  if (std::regex_match(what, m, std::regex("The following arguments? (?:were|was) not expected: (.*)"))) {
    return cmd + " does not take \"" + m[1].str() + "\"; " + full + " --help lists what it takes";
  }
  if (std::regex_match(what, m, std::regex("(.+): [0-9]+ required (.*) missing"))) {
    const CLI::Option* o = OptionNamed(app, m[1].str());
    return cmd + ": " + m[1].str() + " needs a value" + (m[2].str().empty() ? "" : ", " + m[2].str()) +
           WhatItIs(o);
  }
  if (std::regex_match(what, m, std::regex("Expected exactly ([0-9]+) arguments? to (.+), got ([0-9]+)"))) {
    return cmd + ": " + m[2].str() + " takes " + m[1].str() + " value(s), not " + m[3].str();
  }
  if (std::regex_match(what, m, std::regex("(.+) requires (.+)"))) {
    return cmd + ": " + m[1].str() + " needs " + m[2].str() + " too";
  }
  if (std::regex_match(what, m, std::regex("(.+) excludes (.+)"))) {
    return cmd + ": " + m[1].str() + " and " + m[2].str() + " cannot be given together";
  }
  if (what.starts_with("A subcommand is required") || what.starts_with("Requires at least")) {
    return "pli needs a command, e.g. pli audit FILE; pli --help lists them";
  }
  if (std::regex_match(what, m, std::regex("(.+): (.+)"))) {  // another validator's message
    return cmd + ": " + m[1].str() + " " + m[2].str();
  }
  return cmd + ": " + what;
}

}  // namespace pli::cli

#endif  // PLI_CLI_USAGE_ERRORS_H_
