// postgres_schema.cc: the schema `pli` of the PostgreSQL store (tables,
// the guarding triggers, the roles' grants) and its migrations, run in one
// transaction under an advisory lock (../shared/POSTGRES.md, docs/POSTGRES.md).
#include "referee/postgres_schema.h"

#include <string>
#include <vector>

namespace pli::pg {
namespace {

// pg_advisory_xact_lock's key for migrations: "PLI1", as SQLite's application_id.
constexpr const char* kMigrationLock = "SELECT pg_advisory_xact_lock(1347176753)";

// Version 1. The events table is created by EventsTableSql (partitioned or
// not); everything else is here. Every function qualifies every name and
// pins its search_path (SECURITY DEFINER functions run as the owner).
constexpr const char* kSchemaSql = R"sql(
CREATE TABLE pli.meta (key text PRIMARY KEY, value text NOT NULL);
CREATE TABLE pli.games (
  game      text PRIMARY KEY,
  ruleset   text NOT NULL,
  seats     text NOT NULL,
  created   bigint NOT NULL UNIQUE CHECK (created >= 1),
  head_seq  bigint NOT NULL CHECK (head_seq >= 0),
  head_hash bytea NOT NULL CHECK (length(head_hash) = 32)
);

-- A game is created once, empty; its creation number is 1 + the largest so
-- far (no identity sequence: a rolled-back creation would leave a gap, which
-- audit reports as a game removed). Two games created at once collide on
-- the unique index: one writer is refused and tries again.
CREATE FUNCTION pli.games_insert() RETURNS trigger LANGUAGE plpgsql
SET search_path = pg_catalog, pg_temp AS $fn$
BEGIN
  IF NEW.head_seq <> 0 OR NEW.head_hash <> '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea THEN
    RAISE EXCEPTION USING ERRCODE = 'PLI04',
      MESSAGE = 'pli: a game is created empty: head 0 and 32 zero bytes';
  END IF;
  NEW.created := coalesce((SELECT max(g.created) FROM pli.games g), 0) + 1;
  RETURN NEW;
END $fn$;
CREATE TRIGGER games_insert BEFORE INSERT ON pli.games
  FOR EACH ROW EXECUTE FUNCTION pli.games_insert();

-- A games row changes only by its head advancing, from inside the append
-- trigger (trigger depth 2), by one.
CREATE FUNCTION pli.games_head_only() RETURNS trigger LANGUAGE plpgsql
SET search_path = pg_catalog, pg_temp AS $fn$
BEGIN
  IF TG_OP <> 'UPDATE' OR pg_trigger_depth() < 2 OR NEW.game <> OLD.game
     OR NEW.ruleset <> OLD.ruleset OR NEW.seats <> OLD.seats OR NEW.created <> OLD.created
     OR NEW.head_seq <> OLD.head_seq + 1 THEN
    RAISE EXCEPTION USING ERRCODE = 'PLI04',
      MESSAGE = 'pli: a game row only changes by its head advancing with an appended event; games are never deleted';
  END IF;
  RETURN NEW;
END $fn$;
CREATE TRIGGER games_head_only BEFORE UPDATE OR DELETE ON pli.games
  FOR EACH ROW EXECUTE FUNCTION pli.games_head_only();

CREATE FUNCTION pli.append_only() RETURNS trigger LANGUAGE plpgsql
SET search_path = pg_catalog, pg_temp AS $fn$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'PLI04',
    MESSAGE = format('pli: %s is append-only: %s refused', TG_TABLE_NAME, TG_OP);
END $fn$;
CREATE TRIGGER games_no_truncate BEFORE TRUNCATE ON pli.games
  FOR EACH STATEMENT EXECUTE FUNCTION pli.append_only();

-- Every append: the chain checked with the server's own sha256, event 1
-- the game event and no other, and the head advanced in the same
-- statement from exactly (seq - 1, prev). Under READ COMMITTED a racing
-- writer waits on the head row, then finds it moved: PLI01, at once.
-- SECURITY DEFINER: the application role may not update games itself.
CREATE FUNCTION pli.events_append() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $fn$
BEGIN
  IF NEW.hash IS DISTINCT FROM sha256(NEW.prev || int8send(NEW.seq) || NEW.body) THEN
    RAISE EXCEPTION USING ERRCODE = 'PLI02',
      MESSAGE = format('pli: event %s of game %L: its hash is not SHA-256(prev || seq || body)', NEW.seq, NEW.game);
  END IF;
  IF (NEW.seq = 1) <> (NEW.type = 1) THEN
    RAISE EXCEPTION USING ERRCODE = 'PLI03',
      MESSAGE = format('pli: event %s of game %L: event 1 is the game event, and no other event is one', NEW.seq, NEW.game);
  END IF;
  UPDATE pli.games SET head_seq = NEW.seq, head_hash = NEW.hash
   WHERE game = NEW.game AND head_seq = NEW.seq - 1 AND head_hash = NEW.prev;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'PLI01',
      MESSAGE = format('pli: event %s of game %L does not follow its head (no such game, or the head is not at seq %s with that hash)', NEW.seq, NEW.game, NEW.seq - 1);
  END IF;
  RETURN NEW;
END $fn$;
)sql";

// The events table and its triggers; hash-partitioned by game when asked.
std::string EventsTableSql(int partitions) {
  std::string sql = R"sql(
CREATE TABLE pli.events (
  game  text NOT NULL,
  seq   bigint NOT NULL CHECK (seq >= 1),
  type  smallint NOT NULL CHECK (type BETWEEN 1 AND 255),
  seat  smallint CHECK (seat BETWEEN 0 AND 255),
  id    text,
  cards text NOT NULL,
  body  bytea NOT NULL,
  hash  bytea NOT NULL CHECK (length(hash) = 32),
  prev  bytea NOT NULL CHECK (length(prev) = 32),
  declaration text,
  recipient smallint CHECK (recipient BETWEEN 0 AND 255),
  at    text,
  seed  bigint,
  PRIMARY KEY (game, seq),
  UNIQUE (game, id)
))sql";
  std::vector<std::string> tables = {"pli.events"};
  if (partitions > 0) {
    sql += " PARTITION BY HASH (game);\n";
    for (int i = 0; i < partitions; ++i) {
      const std::string name = "pli.events_p" + std::to_string(i);
      sql += "CREATE TABLE " + name + " PARTITION OF pli.events FOR VALUES WITH (MODULUS " +
             std::to_string(partitions) + ", REMAINDER " + std::to_string(i) + ");\n";
      tables.push_back(name);
    }
  } else {
    sql += ";\n";
  }
  sql += R"sql(
CREATE TRIGGER events_append BEFORE INSERT ON pli.events
  FOR EACH ROW EXECUTE FUNCTION pli.events_append();
CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON pli.events
  FOR EACH ROW EXECUTE FUNCTION pli.append_only();
)sql";
  // A statement trigger on a partitioned table does not fire for a
  // TRUNCATE of one partition: each table gets its own.
  for (const std::string& t : tables) {
    sql += "CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON " + t +
           " FOR EACH STATEMENT EXECUTE FUNCTION pli.append_only();\n";
  }
  return sql;
}

// The roles an administrator grants to the roles pli connects as
// (docs/POSTGRES.md): pli_writer may read and insert, pli_reader read. Made
// when the owner may create roles; granted whenever they exist.
constexpr const char* kRolesSql = R"sql(
DO $do$
BEGIN
  BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'pli_writer') THEN
      CREATE ROLE pli_writer NOLOGIN;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'pli_reader') THEN
      CREATE ROLE pli_reader NOLOGIN;
    END IF;
  EXCEPTION WHEN insufficient_privilege OR unique_violation OR duplicate_object THEN
    NULL;  -- an owner without CREATEROLE, or another database made them meanwhile
  END;
  REVOKE ALL ON ALL TABLES IN SCHEMA pli FROM PUBLIC;
  IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'pli_writer') THEN
    GRANT USAGE ON SCHEMA pli TO pli_writer;
    GRANT SELECT, INSERT ON ALL TABLES IN SCHEMA pli TO pli_writer;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'pli_reader') THEN
    GRANT USAGE ON SCHEMA pli TO pli_reader;
    GRANT SELECT ON ALL TABLES IN SCHEMA pli TO pli_reader;
  END IF;
END $do$;
)sql";

// Version 2 (issue 30 item 10): a game id cannot be squatted. A games row
// is made with its game event, in one transaction (a deferred constraint
// trigger checks at commit: pli does so, and a role that writes could
// otherwise insert a bare row and hold the id forever, games never being
// deleted); and the owner may bound the ids the roles that write may create
// with a POSIX regular expression in pli.meta, key writer_game_ids (no such
// row: any id, as before). The roles that write no longer insert into
// pli.meta, so the policy is the owner's alone.
constexpr const char* kGameIdsSql = R"sql(
CREATE OR REPLACE FUNCTION pli.games_insert() RETURNS trigger LANGUAGE plpgsql
SET search_path = pg_catalog, pg_temp AS $fn$
DECLARE
  policy text;
BEGIN
  IF NEW.head_seq <> 0 OR NEW.head_hash <> '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea THEN
    RAISE EXCEPTION USING ERRCODE = 'PLI04',
      MESSAGE = 'pli: a game is created empty: head 0 and 32 zero bytes';
  END IF;
  SELECT m.value INTO policy FROM pli.meta m WHERE m.key = 'writer_game_ids';
  IF policy IS NOT NULL AND NEW.game !~ policy AND NOT pg_catalog.pg_has_role(current_user,
       (SELECT n.nspowner FROM pg_catalog.pg_namespace n WHERE n.nspname = 'pli'), 'USAGE') THEN
    RAISE EXCEPTION USING ERRCODE = 'PLI05',
      MESSAGE = format('pli: game %L: this role may create only games whose id matches %L (the owner''s policy: pli.meta, key writer_game_ids)', NEW.game, policy);
  END IF;
  NEW.created := coalesce((SELECT max(g.created) FROM pli.games g), 0) + 1;
  RETURN NEW;
END $fn$;

CREATE FUNCTION pli.games_with_event() RETURNS trigger LANGUAGE plpgsql
SET search_path = pg_catalog, pg_temp AS $fn$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pli.events e WHERE e.game = NEW.game AND e.seq = 1) THEN
    RAISE EXCEPTION USING ERRCODE = 'PLI06',
      MESSAGE = format('pli: game %L: a game is created with its game event, in one transaction', NEW.game);
  END IF;
  RETURN NULL;
END $fn$;
CREATE CONSTRAINT TRIGGER games_with_event AFTER INSERT ON pli.games
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pli.games_with_event();

DO $do$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'pli_writer') THEN
    REVOKE INSERT ON pli.meta FROM pli_writer;
  END IF;
END $do$;
)sql";

// Version 3 (issue 31): `pli serve`'s own data beside the log (its tables,
// seats, token hashes, invitation codes; who acted for a person; the tables
// closed for idleness: serve/side_store.h), so that a server on PostgreSQL
// keeps them where the log is. Outside the log: pli export and pli audit
// never read them, no trigger guards them (a seat's token is replaced when
// the host reissues it). Secrets (token hashes): readable and writable by
// pli_writer only; pli_reader, the role that audits, gets nothing.
constexpr const char* kServeSql = R"sql(
CREATE TABLE pli.serve_tables (
  id       text PRIMARY KEY,
  code     text NOT NULL UNIQUE,
  ruleset  text NOT NULL,
  options  text NOT NULL,
  size     integer NOT NULL,
  level    text NOT NULL,
  host     bytea,
  bot_seed bigint NOT NULL,
  game     text NOT NULL,
  started  boolean NOT NULL DEFAULT false,
  made     bigint GENERATED ALWAYS AS IDENTITY
);
CREATE TABLE pli.serve_seats (
  tbl   text NOT NULL,
  seat  integer NOT NULL,
  name  text NOT NULL,
  kind  text NOT NULL,
  token bytea,
  PRIMARY KEY (tbl, seat)
);
CREATE TABLE pli.serve_by (game text NOT NULL, seq bigint NOT NULL, actor text NOT NULL, PRIMARY KEY (game, seq));
CREATE TABLE pli.serve_closed (id text PRIMARY KEY);
REVOKE ALL ON pli.serve_tables, pli.serve_seats, pli.serve_by, pli.serve_closed FROM PUBLIC;
DO $do$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'pli_writer') THEN
    GRANT SELECT, INSERT, UPDATE ON pli.serve_tables, pli.serve_seats, pli.serve_by, pli.serve_closed TO pli_writer;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'pli_reader') THEN
    REVOKE ALL ON pli.serve_tables, pli.serve_seats, pli.serve_by, pli.serve_closed FROM pli_reader;
  END IF;
END $do$;
)sql";

// Migration i makes version i + 1.
std::vector<std::string> Migrations(const PostgresOptions& options) {
  return {"CREATE SCHEMA pli;\n" + std::string(kSchemaSql) + EventsTableSql(options.partitions) +
              kRolesSql + "INSERT INTO pli.meta VALUES ('application', 'pli');\n",
          kGameIdsSql, kServeSql};
}

// The schema version in the database; 0 when it has no schema pli.
int VersionOf(Conn& c) {
  // A scan of the catalog, not to_regclass: the session's cache of names
  // may not yet know of a schema another session just made.
  if (c.Exec("SELECT count(*) FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n "
             "ON n.oid = c.relnamespace WHERE n.nspname = 'pli' AND c.relname = 'meta'",
             "looking for the schema pli")
          .Text(0, 0) == "0") {
    return 0;
  }
  Result r = c.Exec("SELECT value FROM pli.meta WHERE key = 'schema_version'",
                    "reading the schema version");
  if (r.Rows() != 1 || r.IsNull(0, 0)) {
    throw StoreError(c.name() + " has a schema pli that is not pli's (no schema_version in pli.meta)");
  }
  return std::stoi(r.Text(0, 0));
}

void Migrate(Conn& c, OpenMode mode, const PostgresOptions& options) {
  const int known = SchemaVersion();
  int version = VersionOf(c);
  if (version > known) {
    throw StoreError(c.name() + " has schema version " + std::to_string(version) +
                     "; this pli knows up to " + std::to_string(known) + ": use a newer pli");
  }
  if (version == 0 && mode != OpenMode::kCreate) {
    throw StoreError(c.name() + " holds no pli database (create one with pli new or pli import)");
  }
  if (version == known || mode == OpenMode::kReadOnly) return;
  c.Exec("BEGIN", "starting the migration");
  try {
    c.Exec(kMigrationLock, "waiting for the migration lock");
    version = VersionOf(c);  // another process may have migrated meanwhile
    const std::vector<std::string> steps = Migrations(options);
    for (int v = version; v < known; ++v) {
      try {
        c.Exec(steps[static_cast<size_t>(v)], "migrating the schema to version " + std::to_string(v + 1));
      } catch (const StoreError& e) {
        const std::string what = e.what();
        if (version == 0 || (what.find("permission denied") == std::string::npos &&
                             what.find("must be owner") == std::string::npos)) {
          throw;
        }
        // A role that writes met a database made by an older pli.
        throw StoreError(what + "; this database was made by an older pli: run one writing "
                                "command as the schema's owner to migrate it (docs/POSTGRES.md)");
      }
    }
    if (version < known) {
      c.Exec("INSERT INTO pli.meta VALUES ('schema_version', '" + std::to_string(known) +
                 "') ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
             "recording the schema version");
    }
    c.Exec("COMMIT", "committing the migration");
  } catch (...) {
    PQclear(PQexec(c.get(), "ROLLBACK"));
    throw;
  }
}

}  // namespace

int SchemaVersion() { return static_cast<int>(Migrations({}).size()); }

std::unique_ptr<Conn> Connect(const std::string& uri, OpenMode mode, const PostgresOptions& options) {
  const std::string name = RedactedUri(uri);
  PGconn* raw = PQconnectdb(uri.c_str());
  if (raw == nullptr) throw StoreError(name + ": cannot connect: out of memory");
  auto c = std::make_unique<Conn>(raw, name);
  if (PQstatus(raw) != CONNECTION_OK) {
    std::string m = PQerrorMessage(raw);
    while (!m.empty() && (m.back() == '\n' || m.back() == ' ')) m.pop_back();
    throw StoreError(name + ": cannot connect: " + m);
  }
  // Quiet notices (CREATE ... IF NOT EXISTS and the like): pli prints its own.
  PQsetNoticeProcessor(raw, [](void*, const char*) {}, nullptr);
  c->Exec("SET client_min_messages = warning", "setting up the session");
  // A reading command writes nothing, whoever it connects as.
  if (mode == OpenMode::kReadOnly) {
    c->Exec("SET default_transaction_read_only = on", "setting up the session");
  }
  Migrate(*c, mode, options);
  return c;
}

}  // namespace pli::pg
