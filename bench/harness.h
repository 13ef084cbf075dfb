// harness.h: timing for the benchmarks (bench/README in docs/PERFORMANCE.md).
// A measurement is repeated and its median kept; a comparison runs the
// subject and its reference alternately, repetition by repetition, so that
// both see the same machine (two cores shared with other work), and quotes
// the median of the per-repetition ratios.
#ifndef PLI_BENCH_HARNESS_H_
#define PLI_BENCH_HARNESS_H_

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <utility>
#include <vector>

namespace pli::bench {

using Clock = std::chrono::steady_clock;

inline double SecondsBetween(Clock::time_point from, Clock::time_point to) {
  return std::chrono::duration<double>(to - from).count();
}

// The wall time of one call of fn, in seconds.
template <typename Fn>
double TimeOnce(Fn&& fn) {
  const Clock::time_point start = Clock::now();
  fn();
  return SecondsBetween(start, Clock::now());
}

// The median (the mean of the middle two for an even count); 0 when empty.
inline double Median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const size_t n = values.size();
  return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

inline double Max(const std::vector<double>& values) {
  return values.empty() ? 0 : *std::max_element(values.begin(), values.end());
}

// Medians of a paired comparison, in seconds per repetition.
struct Paired {
  double subject = 0;
  double reference = 0;
  double ratio = 0;  // median of subject / reference over the repetitions
};

// Runs subject and reference `reps` times each, alternating which goes
// first, and returns the medians.
template <typename Subject, typename Reference>
Paired TimePaired(int reps, Subject&& subject, Reference&& reference) {
  std::vector<double> s, r, q;
  for (int i = 0; i < reps; ++i) {
    double ts = 0, tr = 0;
    if (i % 2 == 0) {
      ts = TimeOnce(subject);
      tr = TimeOnce(reference);
    } else {
      tr = TimeOnce(reference);
      ts = TimeOnce(subject);
    }
    s.push_back(ts);
    r.push_back(tr);
    q.push_back(ts / tr);
  }
  return Paired{Median(s), Median(r), Median(q)};
}

// Runs fn `reps` times and returns the median seconds.
template <typename Fn>
double TimeMedian(int reps, Fn&& fn) {
  std::vector<double> t;
  for (int i = 0; i < reps; ++i) t.push_back(TimeOnce(fn));
  return Median(t);
}

// Keeps a value alive for the optimizer (Google Benchmark's DoNotOptimize).
template <typename T>
inline void KeepAlive(const T& value) {
  asm volatile("" : : "r,m"(value) : "memory");
}

}  // namespace pli::bench

#endif  // PLI_BENCH_HARNESS_H_
