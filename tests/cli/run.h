// run.h: running the built `pli` binary (PLI_EXE) from the cli tests, and
// refereeing a game through it the way a client would: every action with
// --expect, its acknowledgement (seq, hash) kept, the next action chosen
// from the lines of `pli legal` (each ends "e.g. CARDS", as scripts/demo.sh
// reads them). Header-only, shared by the tests of tests/cli/.
#ifndef PLI_TESTS_CLI_RUN_H_
#define PLI_TESTS_CLI_RUN_H_

#include <sys/wait.h>

#include <algorithm>
#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "tests/temp_dir.h"

namespace pli::test {

// The lines of `text`, without their newlines.
inline std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// What a run of `pli` did.
struct Result {
  int status = -1;  // the exit status; -1 if it did not exit normally
  std::string out;
  std::string err;
};

// `s` as one shell word.
inline std::string Quote(const std::string& s) {
  std::string quoted = "'";
  for (char c : s) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

// Runs `pli ARGS` (ARGS already shell-quoted where needed), standard input
// from the file `input` (default: /dev/null).
inline Result Pli(const std::string& args, const std::string& input = "/dev/null") {
  TempDir tmp;
  const std::string err_path = (tmp.path / "stderr").string();
  const std::string command =
      Quote(PLI_EXE) + " " + args + " <" + Quote(input) + " 2>" + Quote(err_path);
  Result r;
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) r.out.append(buffer, n);
  const int raw = pclose(pipe);
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  std::ifstream err(err_path);
  std::ostringstream text;
  text << err.rdbuf();
  r.err = text.str();
  return r;
}

// Runs `pli` with these arguments, each quoted.
inline Result PliArgv(const std::vector<std::string>& args,
                      const std::string& input = "/dev/null") {
  std::string line;
  for (const std::string& a : args) line += (line.empty() ? "" : " ") + Quote(a);
  return Pli(line, input);
}

// A file's bytes ("" if it does not exist).
inline std::string ReadBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// The one JSON document a --json run printed.
inline boost::json::value Json(const Result& r) {
  INFO("stdout: " << r.out << "\nstderr: " << r.err);
  boost::json::error_code ec;
  boost::json::value doc = boost::json::parse(r.out, ec);
  REQUIRE(!ec);
  return doc;
}

inline int64_t Int(const boost::json::value& v) { return v.to_number<int64_t>(); }
inline std::string Str(const boost::json::value& v) { return std::string(v.as_string()); }

// `pli export --db DB` (every game), which must succeed.
inline std::string Export(const std::string& db) {
  Result r = PliArgv({"export", "--db", db});
  INFO(r.err);
  REQUIRE(r.status == 0);
  return r.out;
}

// `pli audit --db DB --json [extra...]`: the audit document.
inline boost::json::value AuditDb(const std::string& db, int expected_status,
                                  const std::vector<std::string>& extra = {}) {
  std::vector<std::string> args = {"audit", "--db", db, "--json"};
  args.insert(args.end(), extra.begin(), extra.end());
  Result r = PliArgv(args);
  INFO("pli audit --db " << db << "\nstdout: " << r.out << "\nstderr: " << r.err);
  REQUIRE(r.status == expected_status);
  return Json(r);
}

// One line of `pli legal`, taken apart.
struct LegalLine {
  std::string type;                // play, pass, close, exchange
  std::string seat;                // the acting seat (the giver), as a number
  std::string to;                  // exchange: the receiver
  std::string declare;             // "", "suite", "reverse"
  std::vector<std::string> cards;  // the example after "e.g."
};

// "play      seat 3 (Di)  2 x Q  declare suite  e.g. Qd Qh",
// "exchange  seat 0 (Ana) -> seat 3 (Di)  2 card(s), ranks 3 4, from ...  e.g. 3c 4d".
inline LegalLine ParseLegalLine(const std::string& line) {
  LegalLine l;
  std::istringstream words(line);
  words >> l.type;
  std::string word;
  words >> word >> l.seat;  // "seat N"
  const size_t arrow = line.find("-> seat ");
  if (arrow != std::string::npos) std::istringstream(line.substr(arrow + 8)) >> l.to;
  if (line.find("declare suite") != std::string::npos) l.declare = "suite";
  if (line.find("declare reverse") != std::string::npos) l.declare = "reverse";
  const size_t eg = line.find("e.g. ");
  if (eg != std::string::npos) {
    std::istringstream cards(line.substr(eg + 5));
    while (cards >> word) l.cards.push_back(word);
  }
  return l;
}

// A game refereed live through the binary, as a client would: it keeps the
// head (seq, hash) of each acknowledgement and always sends --expect.
class LiveGame {
 public:
  LiveGame(std::string db, std::string game) : db_(std::move(db)), game_(std::move(game)) {}

  // Runs `pli COMMAND ARGS --db --game --expect HEAD --json` (and --no-time
  // unless ARGS give --time) and returns its document; REQUIREs the exit
  // status. On acceptance the head moves to the acknowledged event.
  boost::json::value Act(const std::string& command, const std::vector<std::string>& args,
                         int expected_status = 0) {
    std::vector<std::string> argv = {
        command, "--db", db_, "--game", game_, "--expect", std::to_string(head_), "--json"};
    if (std::find(args.begin(), args.end(), "--time") == args.end()) argv.push_back("--no-time");
    argv.insert(argv.end(), args.begin(), args.end());
    last_ = PliArgv(argv);
    INFO("pli " << command << " ... stdout: " << last_.out << "\nstderr: " << last_.err);
    REQUIRE(last_.status == expected_status);
    boost::json::value doc = Json(last_);
    if (doc.at("result") == "accepted") {
      REQUIRE(Int(doc.at("seq")) == head_ + 1);
      head_ = Int(doc.at("seq"));
      acks_.push_back(Str(doc.at("hash")));
      phase_ = Str(doc.at("phase"));
    }
    return doc;
  }

  // The lines of `pli legal` now, one per legal action.
  std::vector<std::string> Legal() const {
    Result r = PliArgv({"legal", "--db", db_, "--game", game_});
    INFO(r.err);
    REQUIRE(r.status == 0);
    std::vector<std::string> lines;
    std::istringstream in(r.out);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
  }

  // Takes the legal action `choice` (modulo their number) through the
  // binary; REQUIREs that it is accepted.
  void TakeLegal(unsigned choice) {
    const std::vector<std::string> lines = Legal();
    REQUIRE(!lines.empty());
    const LegalLine l = ParseLegalLine(lines[choice % lines.size()]);
    INFO("legal line: " << lines[choice % lines.size()]);
    std::vector<std::string> args;
    if (l.type == "exchange") {
      args = {"--from", l.seat, "--to", l.to};
    } else {
      args = {"--seat", l.seat};
      if (!l.declare.empty()) args.insert(args.end(), {"--declare", l.declare});
    }
    args.insert(args.end(), l.cards.begin(), l.cards.end());
    REQUIRE((l.type == "play" || l.type == "pass" || l.type == "close" || l.type == "exchange"));
    Act(l.type, args);
  }

  // Plays from `pli legal` until the manche is over (and the gifts of the
  // exchange first, if owed); each choice from a fixed pseudo-random
  // sequence, so that every run plays the same game.
  void PlayManche(uint32_t& rng) {
    for (int steps = 0; phase_ == "play" || phase_ == "exchange"; ++steps) {
      REQUIRE(steps < 400);  // a manche has far fewer events
      rng = rng * 1103515245u + 12345u;
      TakeLegal(rng >> 16);
    }
  }

  const std::string& db() const { return db_; }
  const std::string& game() const { return game_; }
  int64_t head() const { return head_; }
  const std::string& phase() const { return phase_; }
  // The hash acknowledged for each event, seq 1 first.
  const std::vector<std::string>& acks() const { return acks_; }
  // "SEQ:HASH" of the last acknowledgement, as `audit --head` takes it.
  std::string HeadArg() const { return std::to_string(head_) + ":" + acks_.back(); }
  const Result& last() const { return last_; }

 private:
  std::string db_;
  std::string game_;
  int64_t head_ = 0;
  std::string phase_;
  std::vector<std::string> acks_;
  Result last_;
};

}  // namespace pli::test

#endif  // PLI_TESTS_CLI_RUN_H_
