// progress.h: the progress line of the long commands (`pli simulate`,
// `pli prop`) on stderr. On a terminal, one line redrawn in place at most
// ten times a second; otherwise (a log file, CI) one plain line every few
// seconds once the run has lasted that long, so that a long run is seen to
// be alive and a short one prints nothing. Header-only, cli only.
#ifndef PLI_CLI_PROGRESS_H_
#define PLI_CLI_PROGRESS_H_

#include <chrono>
#include <functional>
#include <ostream>
#include <string>
#include <utility>

namespace pli::cli {

class ProgressLine {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr Clock::duration kEvery = std::chrono::seconds(5);  // without a terminal

  // `now` is the clock (a test's own, or the steady clock).
  ProgressLine(std::ostream& out, bool tty, std::function<Clock::time_point()> now = Clock::now)
      : out_(out), tty_(tty), now_(std::move(now)), start_(now_()), last_(start_) {}
  ~ProgressLine() { Clear(); }
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  bool tty() const { return tty_; }
  // Seconds since the line was made.
  double Seconds() const { return std::chrono::duration<double>(now_() - start_).count(); }

  // Shows `text`: redrawn on a terminal (`force`: even within 100 ms of the
  // last); else written as a line of its own when kEvery has passed since
  // the start or the last line.
  void Show(const std::string& text, bool force = false) {
    const Clock::time_point now = now_();
    if (!tty_) {
      if (now - last_ < kEvery) return;
      last_ = now;
      out_ << text << "\n" << std::flush;
      return;
    }
    if (!force && shown_ && now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    out_ << "\r" << text << "\033[K" << std::flush;
    shown_ = true;
  }
  // Removes the line from a terminal (lines written without one stay).
  void Clear() {
    if (shown_) out_ << "\r\033[K" << std::flush;
    shown_ = false;
  }

 private:
  std::ostream& out_;
  bool tty_;
  std::function<Clock::time_point()> now_;
  Clock::time_point start_;
  Clock::time_point last_;
  bool shown_ = false;
};

}  // namespace pli::cli

#endif  // PLI_CLI_PROGRESS_H_
