// terminal.h: a full-screen terminal session for `pli replay` with termios
// and plain ANSI escape sequences (no curses): raw keys, the alternate
// screen, and the terminal put back as it was on every way out (return,
// exception, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT). Header-only, cli only;
// POSIX.
#ifndef PLI_CLI_TERMINAL_H_
#define PLI_CLI_TERMINAL_H_

#include <poll.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <iterator>
#include <stdexcept>
#include <string>
#include <utility>

namespace pli::cli::tty {

// A key as the replay reads it. kChar carries the byte in KeyPress::ch.
enum class Key {
  kChar,
  kLeft,
  kRight,
  kUp,
  kDown,
  kHome,
  kEnd,
  kPageUp,
  kPageDown,
  kEnter,
  kEscape,
  kBackspace,
  kInterrupt,  // Ctrl-C or Ctrl-D: raw mode turns signals off, so they come as bytes
  kResize,     // the window changed size (SIGWINCH)
  kClosed,     // end of input, or a read error
  kOther,
};

struct KeyPress {
  Key key = Key::kOther;
  char ch = 0;
};

namespace internal {

// What a signal handler needs to put the terminal back. Only one session
// is open at a time.
struct Saved {
  termios mode{};
  int in = -1;
  int out = -1;
  volatile sig_atomic_t active = 0;
  volatile sig_atomic_t resized = 0;
};
inline Saved saved;

// Leave the alternate screen, show the cursor, reset colours.
inline constexpr char kLeave[] = "\x1b[0m\x1b[?25h\x1b[?1049l";
inline constexpr char kEnter[] = "\x1b[?1049h\x1b[?25l\x1b[H\x1b[2J";
// The signals that end the program with the terminal put back first.
inline constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT};
inline constexpr size_t kSignalCount = std::size(kSignals);
inline struct sigaction previous[kSignalCount];  // what each did before the session
inline struct sigaction previous_winch;

inline void WriteAll(int fd, const char* data, size_t size) {
  while (size > 0) {
    const ssize_t n = ::write(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    data += n;
    size -= static_cast<size_t>(n);
  }
}

// Async-signal-safe: write(2), tcsetattr(3), signal, raise.
inline void Restore() {
  if (!saved.active) return;
  saved.active = 0;
  WriteAll(saved.out, kLeave, sizeof kLeave - 1);
  ::tcsetattr(saved.in, TCSANOW, &saved.mode);  // keeps keys typed ahead for the shell
}

// Puts the terminal back, then lets the signal do what it did before the
// session (by default: end the program).
inline void OnFatalSignal(int sig) {
  Restore();
  for (size_t i = 0; i < kSignalCount; ++i) {
    if (kSignals[i] == sig) ::sigaction(sig, &previous[i], nullptr);
  }
  ::raise(sig);
}

inline void OnResize(int) { saved.resized = 1; }

}  // namespace internal

// Raw mode on `in`, the alternate screen on `out`, for the life of the
// object. Throws std::runtime_error when `in` is not a terminal.
class Session {
 public:
  Session(int in, int out) {
    namespace ti = internal;
    termios mode{};
    if (::tcgetattr(in, &mode) != 0) {
      throw std::runtime_error(std::string("cannot use the terminal: ") + std::strerror(errno));
    }
    ti::saved.mode = mode;
    ti::saved.in = in;
    ti::saved.out = out;
    // Signal handlers first, so that no moment of raw mode is left unguarded.
    // A signal the program was told to ignore (nohup) stays ignored.
    struct sigaction action {};
    action.sa_handler = ti::OnFatalSignal;
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < ti::kSignalCount; ++i) {
      ::sigaction(ti::kSignals[i], nullptr, &ti::previous[i]);
      if (ti::previous[i].sa_handler != SIG_IGN) ::sigaction(ti::kSignals[i], &action, nullptr);
    }
    action.sa_handler = ti::OnResize;
    action.sa_flags = 0;  // no SA_RESTART: a resize interrupts the read that waits for a key
    ::sigaction(SIGWINCH, &action, &ti::previous_winch);
    termios raw = mode;
    raw.c_iflag &= ~static_cast<tcflag_t>(BRKINT | ICRNL | INPCK | ISTRIP | IXON);
    raw.c_cflag |= CS8;
    raw.c_lflag &= ~static_cast<tcflag_t>(ECHO | ICANON | IEXTEN | ISIG);
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    ti::saved.active = 1;
    ::tcsetattr(in, TCSANOW, &raw);
    Write(ti::kEnter);
  }
  ~Session() {
    internal::Restore();
    for (size_t i = 0; i < internal::kSignalCount; ++i)
      ::sigaction(internal::kSignals[i], &internal::previous[i], nullptr);
    ::sigaction(SIGWINCH, &internal::previous_winch, nullptr);
  }
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  void Write(const std::string& text) const {
    internal::WriteAll(internal::saved.out, text.data(), text.size());
  }

  // Rows and columns of the window (24 x 80 when the terminal will not say).
  std::pair<int, int> Size() const {
    winsize ws{};
    if (::ioctl(internal::saved.out, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0) {
      return {ws.ws_row, ws.ws_col};
    }
    return {24, 80};
  }

  // Waits for the next key. Arrow, Home and End keys arrive as escape
  // sequences (CSI or SS3, with or without parameters); a lone ESC is the
  // Escape key when nothing follows it within 50 ms.
  KeyPress ReadKey() const {
    namespace ti = internal;
    unsigned char c = 0;
    for (;;) {
      if (ti::saved.resized) {
        ti::saved.resized = 0;
        return {Key::kResize, 0};
      }
      const ssize_t n = ::read(ti::saved.in, &c, 1);
      if (n == 1) break;
      if (n < 0 && errno == EINTR) continue;
      return {Key::kClosed, 0};
    }
    switch (c) {
      case '\r':
      case '\n':
        return {Key::kEnter, 0};
      case 0x7f:
      case 0x08:
        return {Key::kBackspace, 0};
      case 0x03:
      case 0x04:
        return {Key::kInterrupt, 0};
      case 0x1b:
        return ReadEscape();
      default:
        return {Key::kChar, static_cast<char>(c)};
    }
  }

 private:
  // The next byte if one comes within `ms`, else -1.
  static int ByteWithin(int ms) {
    pollfd p{internal::saved.in, POLLIN, 0};
    if (::poll(&p, 1, ms) <= 0) return -1;
    unsigned char c = 0;
    return ::read(internal::saved.in, &c, 1) == 1 ? c : -1;
  }

  static KeyPress ReadEscape() {
    const int intro = ByteWithin(50);
    if (intro != '[' && intro != 'O') return {Key::kEscape, 0};
    std::string params;
    int last = -1;
    while ((last = ByteWithin(50)) >= 0 && (last < 0x40 || last > 0x7e)) {
      params += static_cast<char>(last);
    }
    switch (last) {
      case 'A':
        return {Key::kUp, 0};
      case 'B':
        return {Key::kDown, 0};
      case 'C':
        return {Key::kRight, 0};
      case 'D':
        return {Key::kLeft, 0};
      case 'H':
        return {Key::kHome, 0};
      case 'F':
        return {Key::kEnd, 0};
      case '~': {  // ESC [ n ~: 1 and 7 Home, 4 and 8 End, 5 and 6 PageUp and PageDown
        const std::string n = params.substr(0, params.find(';'));
        if (n == "1" || n == "7") return {Key::kHome, 0};
        if (n == "4" || n == "8") return {Key::kEnd, 0};
        if (n == "5") return {Key::kPageUp, 0};
        if (n == "6") return {Key::kPageDown, 0};
        return {Key::kOther, 0};
      }
      default:
        return {Key::kOther, 0};
    }
  }
};

}  // namespace pli::cli::tty

#endif  // PLI_CLI_TERMINAL_H_
