// report.h: the figures of one run, printed as the Markdown tables that
// scripts/bench.sh puts in docs/PERFORMANCE.md.
#ifndef PLI_BENCH_REPORT_H_
#define PLI_BENCH_REPORT_H_

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace pli::bench {

// One figure: what was measured, its value, the in-run reference it is
// compared with and the ratio, the goal and whether this run met it.
struct Figure {
  std::string id;         // "1a", "3b" ...
  std::string what;
  std::string value;
  std::string reference;  // "" when there is none
  std::string ratio;      // ""
  std::string goal;       // ""
  std::string verdict;    // "met", "missed" or ""
};

struct Config {
  std::string dir;           // where databases are made and kept (build-bench/data)
  std::string pli;           // the pli binary
  bool quick = false;        // fewer repetitions, smaller work
  std::vector<int> only;     // measurements to run (1-9); empty = all
  int64_t small_db = 1'000'000;
  int64_t large_db = 10'000'000;
};

class Report {
 public:
  void Add(Figure f) { figures_.push_back(std::move(f)); }
  // A line of context printed under the table (sizes, repetitions).
  void Note(std::string line) { notes_.push_back(std::move(line)); }
  void Print(std::FILE* out) const;

 private:
  std::vector<Figure> figures_;
  std::vector<std::string> notes_;
};

// "12.3M", "456k", "789" (three significant digits).
std::string Count(double n);
// "1.23 ms", "45.6 µs", "2.01 s".
std::string Duration(double seconds);
// "0.87×".
std::string Ratio(double r);
std::string Verdict(bool met);

// The measurements (engine_bench.cc, store_bench.cc, sk_bench.cc, ...).
void MeasureRandomPlay(const Config& c, Report& r);   // 1
void MeasureFold(const Config& c, Report& r);         // 2
void MeasureAudit(const Config& c, Report& r);        // 3
void MeasureStateAt(const Config& c, Report& r);      // 4
void MeasureWrites(const Config& c, Report& r);       // 5
void MeasurePeakMemory(const Config& c, Report& r);   // 6
void MeasureSkullKingPlay(const Config& c, Report& r);  // 7 (sk_bench.cc)
void MeasurePostgres(const Config& c, Report& r);     // 8 (pg_bench.cc)
void MeasureSkullKingAudit(const Config& c, Report& r);  // 9 (sk_audit_bench.cc)

}  // namespace pli::bench

#endif  // PLI_BENCH_REPORT_H_
