// audit_damage_test.cc: `pli audit --db` on every single-byte change of a
// small database (issue 30 item 6; docs/REFEREE.md §3): it never crashes
// (every column read from a row is checked before use; a damaged row is a
// finding with its location), its exit status is one INTERFACE.md lists
// (0 clean, 1 a finding, 2 nothing could be judged), and a change that makes
// SQLite's PRAGMA integrity_check fail is never reported clean.
//
// The database: two games, one of each (Super Président and Skull King),
// made by `pli simulate`, in 512-byte pages, checkpointed into the main
// file. Every byte of the pages of the games table and its index, and one
// byte in 16 of the events table's and its index's (the whole file is too
// slow for the suite on a loaded machine), is changed once (XOR with a
// value that varies with the offset, never 0), and audited
// in this process as `pli audit --db` runs (AuditDbGames into the printer
// whose Finish is the command's status; an exception is main's exit 2); a
// sample of the changes is also audited by the `pli` binary itself, whose
// exit status, not a signal, is checked.
#include <sqlite3.h>
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "cli/audit.h"
#include "replay/audit.h"
#include "tests/cli/run.h"

namespace pli::test {
namespace {

void WriteBytes(const std::string& path, const std::string& bytes) {
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
  std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// SQLite's own verdict on the file, on a connection of its own: true when
// integrity_check says "ok".
bool IntegrityOk(const std::string& path) {
  sqlite3* db = nullptr;
  bool ok = false;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
    sqlite3_stmt* s = nullptr;
    if (sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &s, nullptr) == SQLITE_OK) {
      int rows = 0;
      bool all_ok = true;
      int rc;
      while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        ++rows;
        const auto* t = reinterpret_cast<const char*>(sqlite3_column_text(s, 0));
        all_ok = all_ok && t != nullptr && std::string(t) == "ok";
      }
      ok = rc == SQLITE_DONE && rows == 1 && all_ok;
    }
    sqlite3_finalize(s);
  }
  sqlite3_close_v2(db);
  return ok;
}

// The pages (1-based) of the games table and its index (every byte
// changed) and of the events table and its index (one byte in `stride`),
// from SQLite's dbstat table; every page when it is not compiled in.
std::map<int64_t, int> RowPages(const std::string& path, int64_t pages) {
  std::map<int64_t, int> out;
  sqlite3* db = nullptr;
  sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
  sqlite3_stmt* s = nullptr;
  if (sqlite3_prepare_v2(db,
                         "SELECT pageno, name IN (SELECT name FROM sqlite_schema WHERE tbl_name = "
                         "'games') FROM dbstat WHERE name IN (SELECT name FROM sqlite_schema "
                         "WHERE tbl_name IN ('games', 'events'))",
                         -1, &s, nullptr) == SQLITE_OK) {
    while (sqlite3_step(s) == SQLITE_ROW) {
      out[sqlite3_column_int64(s, 0)] = sqlite3_column_int(s, 1) != 0 ? 1 : 16;
    }
  }
  sqlite3_finalize(s);
  sqlite3_close_v2(db);
  if (out.empty()) {
    for (int64_t p = 1; p <= pages; ++p) out[p] = 16;
  }
  return out;
}

// `pli audit --db path` as the command runs it, in this process: its exit
// status (an exception is main's exit 2), its output dropped.
int AuditInProcess(const std::string& path) {
  std::ostringstream sink;
  std::streambuf* old = std::cout.rdbuf(sink.rdbuf());
  int status = 2;
  try {
    cli::AuditPrinter printer(false, false);
    AuditDbGames(printer, path, std::nullopt, std::nullopt);
    status = printer.Finish(path);
  } catch (const std::exception&) {
    status = 2;
  }
  std::cout.rdbuf(old);
  return status;
}

// `pli audit --db path --json`, the binary: its exit status, or -1 when a
// signal ended it.
int AuditBinary(const std::string& path) {
  const std::string cmd = Quote(PLI_EXE) + " audit --db " + Quote(path) + " --json >/dev/null 2>&1";
  const int raw = std::system(cmd.c_str());
  return WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
}

TEST_CASE("audit --db: every single-byte change of a small database's rows: no crash, "
          "nothing damaged reported clean") {
  TempDir dir;
  const std::string base = (dir.path / "base.db").string();
  // Two games, one of each, 70 events: six pages of rows and indexes.
  REQUIRE(PliArgv({"simulate", "--db", base, "--games", "1", "--manches", "1", "--fast"}).status == 0);
  REQUIRE(PliArgv({"simulate", "--db", base, "--games", "1", "--manches", "1", "--fast", "--ruleset",
                   "skull-king", "--seats", "2", "--seed", "2"})
              .status == 0);
  {  // every page in the main file, the -wal empty; 512-byte pages, so
     // that the rows fill their pages and few bytes are free space
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(base.c_str(), &db) == SQLITE_OK);
    REQUIRE(sqlite3_exec(db,
                         "PRAGMA journal_mode = DELETE; PRAGMA page_size = 512; VACUUM; "
                         "PRAGMA journal_mode = WAL; PRAGMA wal_checkpoint(TRUNCATE)",
                         nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close_v2(db);
  }
  REQUIRE(AuditInProcess(base) == 0);
  const std::string bytes = ReadBytes(base);
  const int64_t page_size = 256 * ((static_cast<uint8_t>(bytes[16]) << 8 | static_cast<uint8_t>(bytes[17])) / 256);
  REQUIRE(page_size == 512);
  const std::map<int64_t, int> pages = RowPages(base, static_cast<int64_t>(bytes.size()) / page_size);
  const std::string trial = (dir.path / "trial.db").string();
  int64_t changes = 0, reported = 0, damaged = 0, sampled = 0;
  std::vector<std::string> failures;
  for (const auto& [page, stride] : pages) {
    for (int64_t at = (page - 1) * page_size; at < page * page_size; at += stride) {
      if (at >= static_cast<int64_t>(bytes.size()) || failures.size() >= 10) break;
      std::string b = bytes;
      b[static_cast<size_t>(at)] = static_cast<char>(b[static_cast<size_t>(at)] ^ (1 + at % 255));
      WriteBytes(trial, b);
      const int status = AuditInProcess(trial);
      ++changes;
      if (status != 0 && status != 1 && status != 2) {
        failures.push_back("byte " + std::to_string(at) + ": exit " + std::to_string(status));
        continue;
      }
      reported += status != 0;
      // Sound to SQLite: nothing to require of the audit (the byte may be
      // in unused space, or a value the games' checks judge). The audit
      // only read the file: the same bytes are checked.
      if (!IntegrityOk(trial)) {
        ++damaged;
        if (status == 0) {
          failures.push_back("byte " + std::to_string(at) +
                             ": integrity_check fails, and audit reported it clean");
        }
      }
      // The binary itself on one change in 32 of those: an exit status, not a
      // signal.
      if (changes % 32 == 0) {
        ++sampled;
        const int binary = AuditBinary(trial);
        if (binary != status) {
          failures.push_back("byte " + std::to_string(at) + ": pli audit --db exited " +
                             std::to_string(binary) + " (-1: a signal), in process " +
                             std::to_string(status));
        }
      }
    }
  }
  WARN(changes << " single-byte changes in " << pages.size() << " pages of "
               << bytes.size() / page_size << " (" << bytes.size() << " bytes): audit reported "
               << reported << "; integrity_check failed on " << damaged << "; " << sampled
               << " also run by the binary");
  for (const std::string& f : failures) FAIL_CHECK(f);
  CHECK(changes > 0);
}

}  // namespace
}  // namespace pli::test
