// pg_game_ids_test.cc: a role that writes cannot squat a game id (issue 30
// item 10; docs/POSTGRES.md, "Game ids: what a role that writes may
// create"): a games row is created with its game event in one transaction,
// or not at all; the owner may bound the ids such a role creates with a
// pattern in pli.meta, which that role cannot set itself.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "referee/open_store.h"
#include "referee/postgres_store.h"
#include "tests/postgres/pg_server.h"
#include "tests/referee/store_fixture.h"

namespace pli::test {
namespace {

// A pli database on a fresh PostgreSQL database, made by the owner (pli),
// and the URI of the same database as a role granted pli_writer.
std::pair<std::string, std::string> OwnerAndWriter() {
  const std::string uri = FreshPgDatabase();
  OpenPostgresStore(uri, OpenMode::kCreate);
  PgExec(PgServerUri(), "CREATE ROLE pli_test_app LOGIN");  // may exist from another test
  PgExec(PgServerUri(), "GRANT pli_writer TO pli_test_app");
  std::string app = uri;
  app.replace(app.find("user=pli"), 8, "user=pli_test_app");
  return {uri, app};
}

TEST_CASE("PostgreSQL: a games row without its game event is refused at commit, even to the owner") {
  const auto [owner, writer] = OwnerAndWriter();
  const std::string bare =
      "INSERT INTO pli.games (game, ruleset, seats, created, head_seq, head_hash) VALUES "
      "('final', 'x', '[]', 1, 0, '\\x0000000000000000000000000000000000000000000000000000000000000000')";
  CHECK_THAT(PgExec(writer, bare), Catch::Contains("a game is created with its game event"));
  CHECK_THAT(PgExec(owner, bare), Catch::Contains("a game is created with its game event"));
  CHECK(PgText(owner, "SELECT count(*) FROM pli.games") == "0");
  // A game made by pli, its row and its game event in one transaction, is taken.
  auto store = OpenPostgresStore(writer, OpenMode::kReadWrite);
  AppendAll(*store, "final", SampleRows("final"));
  CHECK(store->HeadOf("final")->seq == 7);
}

TEST_CASE("PostgreSQL: the owner bounds the game ids a role that writes may create") {
  const auto [owner, writer] = OwnerAndWriter();
  // The role that writes cannot set (or clear) the policy itself.
  CHECK_THAT(PgExec(writer, "INSERT INTO pli.meta VALUES ('writer_game_ids', '.*')"),
             Catch::Contains("permission denied"));
  REQUIRE(PgExec(owner, "INSERT INTO pli.meta VALUES ('writer_game_ids', '^app-[0-9]+$')") == "");
  auto store = OpenPostgresStore(writer, OpenMode::kReadWrite);
  const std::vector<Row> rows = SampleRows("final");
  CHECK_THROWS_WITH(store->Write([&] {
                      for (const Row& row : rows) Append(*store, "final", row);
                      return true;
                    }),
                    Catch::Contains("this role may create only games whose id matches '^app-[0-9]+$'"));
  CHECK_FALSE(store->HeadOf("final").has_value());
  AppendAll(*store, "app-1", SampleRows("app-1"));
  CHECK(store->HeadOf("app-1")->seq == 7);
  // The owner's own games are not bound by it.
  auto mine = OpenPostgresStore(owner, OpenMode::kReadWrite);
  AppendAll(*mine, "final", SampleRows("final"));
  CHECK(mine->HeadOf("final")->seq == 7);
  // Through pli: exit 2, the sentence on stderr, nothing written.
  const std::string cmd = std::string(PLI_EXE) + " new --db '" + writer +
                          "' --game cup --seats Ann,Bob,Cleo,Dan 2>&1";
  std::FILE* out = popen(cmd.c_str(), "r");
  REQUIRE(out != nullptr);
  std::string text;
  char buf[4096];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, out)) > 0;) text.append(buf, n);
  const int status = pclose(out);
  CHECK(WEXITSTATUS(status) == 2);
  CHECK_THAT(text, Catch::Contains("game 'cup': this role may create only games whose id matches"));
  CHECK_FALSE(mine->HeadOf("cup").has_value());
}

}  // namespace
}  // namespace pli::test
