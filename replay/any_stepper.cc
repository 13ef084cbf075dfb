// any_stepper.cc: the replay of any game (any_stepper.h).
#include "replay/any_stepper.h"

#include <boost/json/parse.hpp>
#include <cassert>
#include <utility>

#include "engine/text.h"

namespace pli {

int AnyFrame::pli_number() const {
  if (progress.manche == 0) return 0;
  return progress.manche_over ? progress.plis : progress.plis + 1;
}

AnyStepper::AnyStepper(AnyGameLog log) : log_(std::move(log)) {
  assert(!log_.events.empty() && log_.kind != nullptr);
  frames_.reserve(log_.events.size());
  std::unique_ptr<Match> match = log_.kind->NewMatch();
  for (size_t i = 0; i < log_.events.size(); ++i) {
    const MatchProgress before = match->Progress();
    AnyFrame frame;
    frame.seq = static_cast<int64_t>(i) + 1;
    frame.verdict = match->Step(log_.events[i]);
    frame.progress = match->Progress();
    if (!frame.verdict) {
      const MatchProgress& after = frame.progress;
      frame.manche_start = after.manche > before.manche;
      frame.pli_end = after.manche == before.manche && after.plis > before.plis;
      frame.manche_end = frame.pli_end && after.manche_over && !before.manche_over;
    }
    frame.match = match->Clone();
    Add(frame.pli_end, frame.manche_start, frame.manche_end);
    frames_.push_back(std::move(frame));
  }
}

const AnyFrame& AnyStepper::frame(int64_t seq) const {
  assert(seq >= 1 && seq <= size());
  return frames_[static_cast<size_t>(seq - 1)];
}

const AnyEvent& AnyStepper::event(int64_t seq) const {
  assert(seq >= 1 && seq <= size());
  return log_.events[static_cast<size_t>(seq - 1)];
}

std::optional<std::string> AnyStepper::EventLine(int64_t seq) const {
  const AnyEvent& e = event(seq);
  if (e.malformed) return std::nullopt;
  return game().EventJson(e.body, seq);
}

namespace {

// "legal", or "ILLEGAL code (rule): sentence. It changes nothing."
std::string VerdictText(const std::optional<Verdict>& v) {
  if (!v) return "legal";
  std::string text = "ILLEGAL " + v->code;
  if (!v->rule.empty()) text += " (" + v->rule + ")";
  const std::string sentence = EscapeForTerminal(v->message);
  const bool stop = !sentence.empty() && sentence.back() == '.';
  return text + ": " + sentence + (stop ? "" : ".") + " It changes nothing.";
}

}  // namespace

std::vector<std::string> AnyStepLines(const AnyStepper& stepper, int64_t seq) {
  const AnyFrame& f = stepper.frame(seq);
  std::vector<std::string> lines;
  std::string head = "pli replay  game " + EscapeForTerminal(stepper.log().game) + "  seq " +
                     std::to_string(seq) + " of " + std::to_string(stepper.size());
  if (f.progress.manche > 0) {
    head += "  manche " + std::to_string(f.progress.manche) + "  pli " +
            std::to_string(f.pli_number());
  }
  lines.push_back(head);
  const std::optional<std::string> line = stepper.EventLine(seq);
  lines.push_back("event " + std::to_string(seq) + ": " +
                  (line ? EscapeForTerminal(*line) : std::string("(malformed)")));
  lines.push_back("  " + VerdictText(f.verdict));
  if (f.manche_start) lines.push_back("  manche " + std::to_string(f.progress.manche) + " dealt");
  if (f.pli_end) lines.push_back("  pli " + std::to_string(f.progress.plis) + " closed");
  if (f.manche_end) {
    lines.push_back("  manche " + std::to_string(f.progress.manche) + " played out");
  }
  lines.push_back("");
  const std::string state = f.match->StateText();
  size_t from = 0;
  for (size_t nl; (nl = state.find('\n', from)) != std::string::npos; from = nl + 1)
    lines.push_back(state.substr(from, nl - from));
  if (from < state.size()) lines.push_back(state.substr(from));
  return lines;
}

boost::json::object AnyStepJson(const AnyStepper& stepper, int64_t seq) {
  const AnyFrame& f = stepper.frame(seq);
  const std::optional<std::string> line = stepper.EventLine(seq);
  boost::json::object step;
  step["seq"] = seq;
  step["event"] = line ? boost::json::parse(*line) : boost::json::value(nullptr);
  step["legal"] = !f.verdict.has_value();
  step["violation"] = f.verdict ? boost::json::value(VerdictJson(*f.verdict)) : boost::json::value(nullptr);
  step["manche"] = f.progress.manche;
  step["pli_number"] = f.pli_number();
  step["pli_end"] = f.pli_end;
  step["manche_start"] = f.manche_start;
  step["manche_end"] = f.manche_end;
  step["state"] = f.match->StateJson();
  return step;
}

}  // namespace pli
