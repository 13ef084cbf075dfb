// pg_server.h: PostgreSQL for the tests. PgServerUri(): the server the tests
// of tests/postgres/ share, the one the ctest fixture started (PLI_PG_URI,
// scripts/pg-test-server.sh), else one this process starts through that
// script and stops at exit; each store a test makes gets a database of its
// own on it. PgTestServer: a server of a test's own (its roles, a standby, a
// death), in a private folder. PgExec and PgText: one statement on any URI.
#ifndef PLI_TESTS_POSTGRES_PG_SERVER_H_
#define PLI_TESTS_POSTGRES_PG_SERVER_H_

#include <libpq-fe.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "referee/postgres_store.h"

namespace pli::test {

// One line of scripts/pg-test-server.sh's output (`args` its arguments);
// fails the test when the script fails.
inline std::string PgTestScript(const std::string& args) {
  const std::string cmd = "bash " PLI_SOURCE_DIR "/scripts/pg-test-server.sh " + args;
  std::FILE* out = popen(cmd.c_str(), "r");
  char line[512] = {};
  if (out != nullptr && std::fgets(line, sizeof line, out) == nullptr) line[0] = '\0';
  const int status = out != nullptr ? pclose(out) : -1;
  INFO(cmd);
  REQUIRE(status == 0);
  std::string s = line;
  while (!s.empty() && s.back() == '\n') s.pop_back();
  return s;
}

// A PostgreSQL server of one test's own: unix socket in the folder
// /tmp/pli-<tag>-<pid>-<name>, no TCP port, stopped by its pid when this
// object goes. `fast`: fsync off (a contract test, not a durability one).
class PgTestServer {
 public:
  PgTestServer(const std::string& tag, const std::string& name, bool fast)
      : dir_("/tmp/pli-" + tag + "-" + std::to_string(getpid()) + "-" + name) {
    PgTestScript("start " + dir_ + (fast ? " --fast" : ""));
  }
  // A synchronous standby of `primary` (pg_basebackup -R), named `name`.
  PgTestServer(const PgTestServer& primary, const std::string& name)
      : dir_(primary.dir_.substr(0, primary.dir_.rfind('-') + 1) + name) {
    PgTestScript("standby " + primary.dir_ + " " + dir_);
  }
  PgTestServer(const PgTestServer&) = delete;
  PgTestServer& operator=(const PgTestServer&) = delete;
  ~PgTestServer() { std::system(("bash " PLI_SOURCE_DIR "/scripts/pg-test-server.sh stop " + dir_).c_str()); }
  // The URI of database `db` as `user`.
  std::string Uri(const std::string& db, const std::string& user = "pli") const {
    return "postgresql:///" + db + "?host=" + dir_ + "&port=54329&user=" + user;
  }
  const std::string& dir() const { return dir_; }
  std::string Socket() const { return dir_ + "/.s.PGSQL.54329"; }

 private:
  std::string dir_;
};

// The server this process stops at exit, if it started one.
struct OwnPgServer {
  std::string dir;
  ~OwnPgServer() {
    if (!dir.empty()) {
      std::system(("bash " PLI_SOURCE_DIR "/scripts/pg-test-server.sh stop " + dir).c_str());
    }
  }
};

// The server's URI (its database "postgres", as the superuser pli).
inline const std::string& PgServerUri() {
  static OwnPgServer own;
  static const std::string uri = [] {
    if (const char* env = std::getenv("PLI_PG_URI"); env != nullptr && *env != '\0') {
      return std::string(env);
    }
    own.dir = "/tmp/pli-pg-test-" + std::to_string(getpid());
    std::string cmd = "bash " PLI_SOURCE_DIR "/scripts/pg-test-server.sh start " + own.dir + " --fast";
    std::FILE* out = popen(cmd.c_str(), "r");
    char line[512] = {};
    const bool read = out != nullptr && std::fgets(line, sizeof line, out) != nullptr;
    if (out != nullptr) pclose(out);
    if (!read) FAIL("could not start a PostgreSQL server with " << cmd);
    std::string u = line;
    while (!u.empty() && u.back() == '\n') u.pop_back();
    return u;
  }();
  return uri;
}

// Runs `sql` on `uri`; returns "" or the server's error message.
inline std::string PgExec(const std::string& uri, const std::string& sql) {
  PGconn* c = PQconnectdb(uri.c_str());
  std::string err;
  if (PQstatus(c) != CONNECTION_OK) {
    err = PQerrorMessage(c);
  } else {
    PGresult* r = PQexec(c, sql.c_str());
    const ExecStatusType s = PQresultStatus(r);
    if (s != PGRES_COMMAND_OK && s != PGRES_TUPLES_OK) {
      const char* m = PQresultErrorField(r, PG_DIAG_MESSAGE_PRIMARY);
      err = m != nullptr ? m : "error";
    }
    PQclear(r);
  }
  PQfinish(c);
  return err;
}

// The first column of the first row as text ("NULL" for null, "" for none,
// "error: ..." when the statement failed).
inline std::string PgText(const std::string& uri, const std::string& sql) {
  PGconn* c = PQconnectdb(uri.c_str());
  PGresult* r = PQexec(c, sql.c_str());
  std::string out;
  if (PQresultStatus(r) != PGRES_TUPLES_OK) {
    const char* m = PQresultErrorField(r, PG_DIAG_MESSAGE_PRIMARY);
    out = std::string("error: ") + (m != nullptr ? m : PQerrorMessage(c));
  } else if (PQntuples(r) > 0) {
    out = PQgetisnull(r, 0, 0) ? "NULL" : PQgetvalue(r, 0, 0);
  }
  PQclear(r);
  PQfinish(c);
  return out;
}

// The URI of database `name` on the server.
inline std::string PgDatabaseUri(const std::string& name) {
  std::string uri = PgServerUri();
  const size_t slash = uri.find("/postgres?");
  REQUIRE(slash != std::string::npos);
  return uri.replace(slash + 1, 8, name);
}

// A new, empty database on the server (no pli schema yet); its URI.
inline std::string FreshPgDatabase() {
  static std::atomic<int> made{0};
  const std::string name = "t" + std::to_string(getpid()) + "_" + std::to_string(made++);
  const std::string err = PgExec(PgServerUri(), "CREATE DATABASE " + name);
  REQUIRE(err.empty());
  return PgDatabaseUri(name);
}

// The contract test's factory (store_fixture.h): a fresh database each Make().
struct PostgresFactory {
  std::unique_ptr<EventStore> Make() { return OpenPostgresStore(FreshPgDatabase(), OpenMode::kCreate); }
};

}  // namespace pli::test

#endif  // PLI_TESTS_POSTGRES_PG_SERVER_H_
