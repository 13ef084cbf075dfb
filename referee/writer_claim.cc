// writer_claim.cc: one writer per database (writer_claim.h).
#include "referee/writer_claim.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <map>
#include <mutex>
#include <set>
#include <system_error>
#include <utility>

#include "referee/clock.h"
#include "referee/store.h"

namespace pli {
namespace {

// The side files this process holds a claim on, by identity: its own
// connections are not refused by its own claim.
std::mutex held_mu;
std::set<std::pair<dev_t, ino_t>>& Held() {
  static std::set<std::pair<dev_t, ino_t>> held;
  return held;
}
bool HeldHere(const struct stat& st) {
  std::lock_guard lock(held_mu);
  return Held().contains({st.st_dev, st.st_ino});
}

// The note of a claim file: "key value" lines (pid, host, address, since, who).
std::map<std::string, std::string> ReadNote(int fd) {
  std::string text;
  char buf[1024];
  for (off_t at = 0;;) {
    const ssize_t n = pread(fd, buf, sizeof buf, at);
    if (n <= 0 || text.size() > 8192) break;
    text.append(buf, static_cast<size_t>(n));
    at += n;
  }
  std::map<std::string, std::string> note;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(start, end - start);
    if (const size_t space = line.find(' '); space != std::string::npos) {
      note[line.substr(0, space)] = line.substr(space + 1);
    }
    start = end + 1;
  }
  return note;
}

// "pli serve (pid 1234 on host h, listening on 127.0.0.1:8080, since
// 2026-11-28T21:30:05Z)" from a note; what is missing said so.
std::string Holder(const std::map<std::string, std::string>& note) {
  const auto get = [&](const char* key) {
    const auto it = note.find(key);
    return it == note.end() ? std::string() : it->second;
  };
  const std::string who = get("who").empty() ? "pli serve" : get("who");
  if (get("pid").empty()) return who + " (starting: its pid is not recorded yet)";
  std::string out = who + " (pid " + get("pid");
  if (!get("host").empty()) out += " on host " + get("host");
  out += get("address").empty() ? ", listen address not known yet"
                                 : ", listening on " + get("address");
  if (!get("since").empty()) out += ", since " + get("since");
  return out + ")";
}

std::string HostName() {
  char buf[256] = {};
  if (gethostname(buf, sizeof buf - 1) != 0) return "";
  return buf;
}

struct flock WholeFile(short type) {
  struct flock l {};
  l.l_type = type;
  l.l_whence = SEEK_SET;
  l.l_start = 0;
  l.l_len = 0;  // to the end, however long
  l.l_pid = 0;  // F_OFD_*: must be 0
  return l;
}

class FileClaim : public WriterClaim {
 public:
  FileClaim(int fd, std::string path, struct stat st, std::string who)
      : fd_(fd), path_(std::move(path)), st_(st), who_(std::move(who)), since_(NowUtc()) {}
  ~FileClaim() override {
    {
      std::lock_guard lock(held_mu);
      Held().erase({st_.st_dev, st_.st_ino});
    }
    // Removed while still locked, and only if the path is still ours: a
    // server starting meanwhile finds the file gone and makes a new one.
    struct stat now {};
    if (::stat(path_.c_str(), &now) == 0 && now.st_dev == st_.st_dev && now.st_ino == st_.st_ino) {
      ::unlink(path_.c_str());
    }
    ::close(fd_);
  }
  void SetAddress(const std::string& address) override {
    address_ = address;
    WriteNote();
  }
  void WriteNote() {
    const std::string note = "who " + who_ + "\npid " + std::to_string(getpid()) + "\nhost " +
                             HostName() + "\naddress " + address_ + "\nsince " + since_ + "\n";
    // Best effort: the note is words for a refusal, the lock is the claim.
    if (::ftruncate(fd_, 0) == 0) {
      [[maybe_unused]] const ssize_t n = ::pwrite(fd_, note.data(), note.size(), 0);
    }
  }

 private:
  int fd_;
  std::string path_;
  struct stat st_;
  std::string who_, since_, address_;
};

// Opens and ends one write transaction on the database: a writer that
// tested the claim before it was taken has committed once this returns.
void WaitForWriters(const std::string& db) {
  std::error_code ec;
  if (!std::filesystem::exists(db, ec)) return;
  sqlite3* c = nullptr;
  if (sqlite3_open_v2(db.c_str(), &c, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK) {
    sqlite3_busy_timeout(c, 10000);
    const int rc = sqlite3_exec(c, "BEGIN IMMEDIATE; ROLLBACK;", nullptr, nullptr, nullptr);
    sqlite3_close_v2(c);
    if ((rc & 0xff) == SQLITE_BUSY) {
      throw StoreError(db + ": another pli command kept writing to it for 10 s; try again when "
                            "it is done");
    }
    return;  // not a database, say: the server's own opening says so
  }
  sqlite3_close_v2(c);
}

}  // namespace

std::string ClaimFileOf(const std::string& db) {
  std::error_code ec;
  std::filesystem::path real = std::filesystem::weakly_canonical(db, ec);
  if (ec) real = db;
  return real.string() + "-serve";
}

std::unique_ptr<WriterClaim> ClaimDatabase(const std::string& db, const std::string& who,
                                           const std::string& address) {
  if (db.starts_with("postgresql://") || db.starts_with("postgres://")) return nullptr;
  const std::string path = ClaimFileOf(db);
  for (int attempt = 0; attempt < 8; ++attempt) {
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
      throw StoreError("cannot claim " + db + " for " + who + ": cannot create " + path + " (" +
                       std::strerror(errno) + "): check that its folder can be written");
    }
    struct flock l = WholeFile(F_WRLCK);
    if (::fcntl(fd, F_OFD_SETLK, &l) != 0) {
      const int err = errno;
      const std::string holder = Holder(ReadNote(fd));
      ::close(fd);
      if (err == EAGAIN || err == EACCES) {
        throw StoreError(db + " is already served by " + holder +
                         ": one server per database; stop that one first, or serve a copy "
                         "made with pli backup");
      }
      throw StoreError("cannot claim " + db + " for " + who + ": cannot lock " + path + " (" +
                       std::strerror(err) + ")");
    }
    // Locked: but a holder that was ending may have removed the file after
    // we opened it; then the lock is on a file nobody else will open.
    struct stat mine {}, now {};
    if (::fstat(fd, &mine) != 0 || ::stat(path.c_str(), &now) != 0 || mine.st_dev != now.st_dev ||
        mine.st_ino != now.st_ino) {
      ::close(fd);
      continue;
    }
    {
      std::lock_guard lock(held_mu);
      Held().insert({mine.st_dev, mine.st_ino});
    }
    auto claim = std::make_unique<FileClaim>(fd, path, mine, who);
    claim->SetAddress(address);
    WaitForWriters(db);  // throws: the claim is released on the way out
    return claim;
  }
  throw StoreError("cannot claim " + db + " for " + who + ": " + path +
                   " kept being replaced; try again");
}

void CheckNotClaimed(const std::string& db, const std::string& claim_file) {
  const int fd = ::open(claim_file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return;  // never served, or the folder hides it: nothing claims it
  struct stat st {};
  struct flock l = WholeFile(F_WRLCK);
  const bool ours = ::fstat(fd, &st) == 0 && HeldHere(st);
  // F_OFD_GETLK only asks: it takes no lock, so it never stands in a
  // starting server's way.
  if (ours || ::fcntl(fd, F_OFD_GETLK, &l) != 0 || l.l_type == F_UNLCK) {
    ::close(fd);
    return;
  }
  const std::map<std::string, std::string> note = ReadNote(fd);
  ::close(fd);
  const auto address = note.find("address");
  const std::string where = address == note.end() || address->second.empty()
                                ? std::string("at its tables")
                                : "at its tables (http://" + address->second + "/)";
  throw StoreError(db + " is refereed by " + Holder(note) + ": a game it serves is played " +
                   where + ", and one writer per database keeps its tables true to the log; " +
                   "stop the server to write with pli; nothing was written");
}

}  // namespace pli
