// writer_claim.h: one writer per database (issue 30 item 5). `pli serve`
// keeps each game it referees in memory at its head, so it must be the only
// writer of its SQLite file: a second server would referee the same games
// from its own picture of them, and an action written by a `pli` command
// behind a server's back would leave the server's table behind its log.
//
// The claim is an exclusive open-file-description lock (fcntl F_OFD_SETLK,
// Linux) on a side file beside the database, FILE-serve, held for as long as
// the server runs, plus a note in that file saying who holds it (pid, host,
// listen address, since when). The lock is the truth, the note only words
// for the refusal: the kernel drops the lock with the last descriptor of the
// process holding it, however the process ends (kill -9 included), so a
// claim cannot go stale and needs no heartbeat; a note left by a killed
// server is read only while a live lock stands over it, and overwritten by
// the next server. The side file, not the database file: a lock of our own
// on the database file would share SQLite's per-process POSIX locks, which
// any close of that file in the process drops. The side file is named after
// the database's real path (symlinks resolved), as SQLite names its -wal.
//
// A write transaction of the SQLite store (SqliteStore::Write, after BEGIN
// IMMEDIATE) asks CheckNotClaimed, which only tests the lock (F_OFD_GETLK:
// it takes nothing, so it never keeps a server from starting) and refuses
// with a sentence naming the server. A server, once it holds the lock,
// opens and ends one write transaction on the database: a command that
// tested before the claim has committed by then, and every later one sees
// the claim. The process that holds a claim is not refused by it (the
// server's own connections).
#ifndef PLI_REFEREE_WRITER_CLAIM_H_
#define PLI_REFEREE_WRITER_CLAIM_H_

#include <memory>
#include <string>

namespace pli {

class WriterClaim {
 public:
  virtual ~WriterClaim() = default;
  // Records where the server listens (ADDR:PORT), once it knows the port.
  virtual void SetAddress(const std::string& address) = 0;
};

// The side file of a SQLite database's claim: its real path + "-serve".
std::string ClaimFileOf(const std::string& db);

// Takes the exclusive claim on the SQLite database `db` for `who` (e.g.
// "pli serve"), with `address` as its listen address when known ("" if
// not). Throws StoreError naming the holder (its pid, host, listen address,
// since when) when another process, or another claim of this one, holds it.
// Released when the returned object is destroyed (the side file removed)
// or the process ends. Nothing to claim (nullptr) for a PostgreSQL URI.
std::unique_ptr<WriterClaim> ClaimDatabase(const std::string& db, const std::string& who,
                                           const std::string& address = "");

// Throws StoreError ("FILE is refereed by pli serve (pid N on host H,
// listening on ADDR, since T): ...") when a process other than this one
// holds the claim on the database whose side file is `claim_file`; returns
// otherwise (no side file, or no lock on it).
void CheckNotClaimed(const std::string& db, const std::string& claim_file);

}  // namespace pli

#endif  // PLI_REFEREE_WRITER_CLAIM_H_
