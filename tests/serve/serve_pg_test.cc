// serve_pg_test.cc: `pli serve --db postgresql://…` (issue 31; ../shared/
// SERVE.md "Beyond one machine", POSTGRES.md): the server's own data in the
// schema pli beside the log, readable by the role that writes only. Each
// test case starts a PostgreSQL server of its own (scripts/pg-test-server.sh:
// a unix socket in a private folder, no TCP port; stopped by its pid), so
// that the roles it makes are nobody else's, and `pli serve` on 127.0.0.1.
#include <libpq-fe.h>

#include "tests/serve/serve_client.h"

namespace {

// A throwaway PostgreSQL server (--fast: a contract test, not a durability one).
class PgServer {
 public:
  PgServer() {
    dir_ = "/tmp/pli-serve-pg-" + std::to_string(getpid()) + "-" + std::to_string(counter_++);
    const std::string cmd = "bash " PLI_SOURCE_DIR "/scripts/pg-test-server.sh start " + dir_ + " --fast";
    std::FILE* out = popen(cmd.c_str(), "r");
    char line[512] = {};
    const bool read = out != nullptr && std::fgets(line, sizeof line, out) != nullptr;
    if (out != nullptr) pclose(out);
    REQUIRE(read);
  }
  ~PgServer() { std::system(("bash " PLI_SOURCE_DIR "/scripts/pg-test-server.sh stop " + dir_).c_str()); }
  // A URI of database `db` as `user`.
  std::string Uri(const std::string& db, const std::string& user) const {
    return "postgresql:///" + db + "?host=" + dir_ + "&port=54329&user=" + user;
  }

 private:
  static inline int counter_ = 0;
  std::string dir_;
};

// Runs `sql`; "" or the server's error message.
std::string PgExec(const std::string& uri, const std::string& sql) {
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

// The first column of the first row as text ("error: ..." on failure).
std::string PgText(const std::string& uri, const std::string& sql) {
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

// docs/POSTGRES.md's roles: an owner, pli_app (pli_writer), pli_audit (pli_reader).
void MakeRoles(const PgServer& pg) {
  const std::string admin = pg.Uri("postgres", "pli");
  for (const char* sql : {"CREATE ROLE pli_owner LOGIN", "CREATE DATABASE games OWNER pli_owner",
                          "CREATE ROLE pli_writer NOLOGIN", "CREATE ROLE pli_reader NOLOGIN",
                          "CREATE ROLE pli_app LOGIN IN ROLE pli_writer",
                          "CREATE ROLE pli_audit LOGIN IN ROLE pli_reader"})
    REQUIRE(PgExec(admin, sql) == "");
}

int Run(const std::string& command) { return std::system((command + " > /dev/null 2>&1").c_str()); }

}  // namespace

TEST_CASE("serve on PostgreSQL: tables, seats, token hashes and codes live in pli.serve_* beside the log, a restart reads them back, the writer role reads them and the audit role cannot") {
  PgServer pg;
  MakeRoles(pg);
  const std::string owner = pg.Uri("games", "pli_owner"), app = pg.Uri("games", "pli_app"),
                    audit = pg.Uri("games", "pli_audit");
  // The owner's first pli serve migrates the schema (version 3 makes the
  // serve tables); the role that writes serves from then on.
  { Server first({"--db", owner}); }
  REQUIRE(PgText(owner, "SELECT value FROM pli.meta WHERE key = 'schema_version'") == "3");
  const std::vector<std::string> flags = {"--db", app, "--bot-delay-ms", "60000", "--grace-ms", "600000"};
  Table t;
  int first = -1;
  {
    Server a(flags);
    t = MakeTable(a.port(), "skull-king", 3, 3);
    REQUIRE(Post(a.port(), Api(t, "start"), "", t.host).status == 200);
    first = static_cast<int>(Get(a.port(), Api(t, "view"), t.tokens[0]).json().at("view").at("turn").as_int64());
    REQUIRE(Post(a.port(), Api(t, "actions"), R"({"action":{"type":"bid","bid":1},"expect":2})", t.tokens[first]).status == 200);
  }
  // In PostgreSQL, as the role that writes: the table, its code, its three
  // people, each seat's token as its SHA-256 only (serve/tokens.h).
  CHECK(PgText(app, "SELECT count(*) FROM pli.serve_tables WHERE id = '" + t.id + "' AND code = '" + t.code +
                        "' AND started") == "1");
  CHECK(PgText(app, "SELECT count(*) FROM pli.serve_seats WHERE tbl = '" + t.id + "' AND kind = 'human'") == "3");
  CHECK(PgText(app, "SELECT count(*) FROM pli.serve_seats WHERE token = sha256('" + t.tokens[first] + "')") == "1");
  CHECK(PgText(app, "SELECT count(*) FROM pli.serve_seats WHERE token = convert_to('" + t.tokens[first] + "', 'UTF8')") == "0");
  // A restart reads them back from there: tokens, code and seq carry on.
  {
    Server b(flags);
    Response v = Get(b.port(), Api(t, "view"), t.tokens[first]);
    REQUIRE(v.status == 200);
    CHECK(v.json().at("seq") == 3);
    const int next = static_cast<int>(v.json().at("view").at("turn").as_int64());
    Response ok = Post(b.port(), Api(t, "actions"), R"({"action":{"type":"bid","bid":0},"expect":3})", t.tokens[next]);
    CHECK(ok.status == 200);
    CHECK(ok.json().at("seq") == 4);
    CHECK(Post(b.port(), "/api/join", R"({"code":")" + t.code + R"(","name":"Late"})").status == 409);  // started
  }
  // The audit role reads the log (audit, export) and none of the server's data.
  for (const char* table : {"serve_tables", "serve_seats", "serve_by", "serve_closed"}) {
    INFO(table);
    CHECK(PgText(audit, std::string("SELECT count(*) FROM pli.") + table).starts_with("error: permission denied"));
    CHECK(PgText(app, std::string("SELECT count(*) FROM pli.") + table).find("error") == std::string::npos);
  }
  CHECK(Run(std::string(PLI_EXE) + " audit --db '" + audit + "'") == 0);
  CHECK(Run(std::string(PLI_EXE) + " export --db '" + audit + "'") == 0);
  // Nothing of the server's data is in the log's tables.
  CHECK(PgText(app, "SELECT count(*) FROM pli.events WHERE position(convert_to('" + t.tokens[first] + "', 'UTF8') in body) > 0") == "0");
}
