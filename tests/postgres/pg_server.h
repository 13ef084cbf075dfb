// pg_server.h: the PostgreSQL server the tests of tests/postgres/ use: the
// one the ctest fixture started (PLI_PG_URI, scripts/pg-test-server.sh),
// else one this process starts through that script and stops at exit. Each
// store a test makes gets a database of its own on it.
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

// Runs SQL on the server's database "postgres" as the superuser; returns ""
// or the server's error message.
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
