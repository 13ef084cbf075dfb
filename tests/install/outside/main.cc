// main.cc: an outside program embedding pli through its public API only
// (include/pli/pli.h). Run as
//   outside PRESIDENT.jsonl SKULL_KING_CLEAN.jsonl SKULL_KING_BAD.jsonl DB
// it folds the first log on a Table, referees the second into a Store
// action by action and audits it there, and audits the third from its text.
// Prints one line per fact; install_test.sh checks them.
#include <pli/pli.h>

#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::vector<std::string> Lines(const char* path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 5) return 2;
  std::cout << "version " << pli::api::Version() << "\n";
  // 1. A Super Président game on a Table: every event legal?
  const std::vector<std::string> president = Lines(argv[1]);
  std::string error;
  std::unique_ptr<pli::api::Table> table = pli::api::Table::Open(president.front(), &error);
  if (!table) {
    std::cout << "open failed: " << error << "\n";
    return 1;
  }
  int illegal = 0;
  for (size_t i = 1; i < president.size(); ++i) {
    if (table->Step(president[i])) ++illegal;
  }
  std::cout << "president events " << table->Events() << " illegal " << illegal << "\n";
  // Decide without applying: the same play again is not legal now.
  std::cout << "president replay of the last event legal " << !table->Decide(president.back())
            << "\n";
  // 2. A Skull King game refereed into a store, then audited there.
  std::unique_ptr<pli::api::Store> store = pli::api::Store::Open(argv[4]);
  int accepted = 0;
  for (const std::string& line : Lines(argv[2])) {
    const pli::api::Submitted s = store->Submit("g1", line);
    if (s.outcome == pli::api::Submitted::Outcome::kAccepted) ++accepted;
  }
  std::cout << "skull-king accepted " << accepted << "\n";
  // An out-of-turn play is refused with its code and rule.
  const pli::api::Submitted late = store->Submit("g1", R"({"type":"end"})", 3);
  std::cout << "stale " << (late.outcome == pli::api::Submitted::Outcome::kStale) << "\n";
  const pli::api::GameAudit audit = store->Audit("g1");
  std::cout << "store audit chain " << audit.chain << " events " << audit.events << " violations "
            << audit.violations.size() << "\n";
  // 3. A log audited from its text.
  std::ifstream bad(argv[3]);
  std::stringstream text;
  text << bad.rdbuf();
  for (const pli::api::GameAudit& g : pli::api::AuditLog(text.str())) {
    std::cout << "log audit " << g.game;
    for (size_t i = 0; i < g.violations.size(); ++i) {
      std::cout << " " << g.violation_seqs[i] << ":" << g.violations[i].code;
    }
    std::cout << "\n";
  }
  return 0;
}
