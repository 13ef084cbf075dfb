// main.cc: pli_bench, the benchmarks of docs/PERFORMANCE.md. Run it with
// scripts/bench.sh, which builds it in Release, pins it to one core and
// writes the page; by hand:
//   pli_bench --dir DIR --pli PATH [--quick] [--only 1,3,...]  (measurements 1-9)
//   pli_bench --versions sqlite|openssl   (the libraries it runs with)
// Databases are made in DIR once and reused. Progress goes to stderr, the
// Markdown table to stdout.
#include <openssl/crypto.h>
#include <sqlite3.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>

#include "bench/report.h"

namespace pli::bench {

std::string Count(double n) {
  const char* suffix = "";
  if (n >= 1e9) {
    n /= 1e9, suffix = "G";
  } else if (n >= 1e6) {
    n /= 1e6, suffix = "M";
  } else if (n >= 1e3) {
    n /= 1e3, suffix = "k";
  }
  char text[32];
  std::snprintf(text, sizeof text, n >= 100 ? "%.0f%s" : n >= 10 ? "%.1f%s" : "%.2f%s", n, suffix);
  return text;
}

std::string Duration(double seconds) {
  char text[32];
  if (seconds >= 1) {
    std::snprintf(text, sizeof text, "%.2f s", seconds);
  } else if (seconds >= 1e-3) {
    std::snprintf(text, sizeof text, "%.2f ms", seconds * 1e3);
  } else if (seconds >= 1e-6) {
    std::snprintf(text, sizeof text, "%.1f µs", seconds * 1e6);
  } else {
    std::snprintf(text, sizeof text, "%.0f ns", seconds * 1e9);
  }
  return text;
}

std::string Ratio(double r) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f×", r);
  return text;
}

std::string Verdict(bool met) { return met ? "met" : "**missed**"; }

void Report::Print(std::FILE* out) const {
  std::fprintf(out, "| # | measurement | figure | in-run reference | ratio | goal | |\n");
  std::fprintf(out, "|---|---|---|---|---|---|---|\n");
  for (const Figure& f : figures_) {
    std::fprintf(out, "| %s | %s | %s | %s | %s | %s | %s |\n", f.id.c_str(), f.what.c_str(),
                 f.value.c_str(), f.reference.c_str(), f.ratio.c_str(), f.goal.c_str(),
                 f.verdict.c_str());
  }
  std::fprintf(out, "\n");
  for (const std::string& n : notes_) std::fprintf(out, "- %s\n", n.c_str());
}

}  // namespace pli::bench

namespace {

[[noreturn]] void Usage() {
  std::fprintf(stderr, "usage: pli_bench --dir DIR --pli PATH [--quick] [--only 1,2,...]\n");
  std::exit(2);
}

pli::bench::Config ParseArgs(int argc, char** argv) {
  pli::bench::Config c;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool has_value = i + 1 < argc;
    if (a == "--quick") {
      c.quick = true;
    } else if (a == "--dir" && has_value) {
      c.dir = argv[++i];
    } else if (a == "--pli" && has_value) {
      c.pli = argv[++i];
    } else if (a == "--only" && has_value) {
      for (const char* p = argv[++i]; *p != '\0'; ++p)
        if (*p >= '1' && *p <= '9') c.only.push_back(*p - '0');
    } else {
      Usage();
    }
  }
  if (c.dir.empty() || c.pli.empty()) Usage();
  std::filesystem::create_directories(c.dir);
  return c;
}

bool Wanted(const pli::bench::Config& c, int n) {
  if (c.only.empty()) return true;
  for (int k : c.only)
    if (k == n) return true;
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace pli::bench;
  if (argc == 3 && std::strcmp(argv[1], "--versions") == 0) {
    std::puts(std::strcmp(argv[2], "sqlite") == 0 ? sqlite3_libversion()
                                                  : OpenSSL_version(OPENSSL_VERSION));
    return 0;
  }
  const Config c = ParseArgs(argc, argv);
  using Measure = void (*)(const Config&, Report&);
  const Measure measures[] = {MeasureRandomPlay, MeasureFold,       MeasureAudit,
                              MeasureStateAt,    MeasureWrites,     MeasurePeakMemory,
                              MeasureSkullKingPlay, MeasurePostgres,   MeasureSkullKingAudit};
  Report report;
  for (int n = 1; n <= 9; ++n) {
    if (!Wanted(c, n)) continue;
    std::fprintf(stderr, "pli_bench: measurement %d ...\n", n);
    measures[n - 1](c, report);
  }
  report.Print(stdout);
  return 0;
}
