// diff_kind.h: how two records of one game compare (`pli diff`), for the
// typed diff of Super Président (president/diff.h) and the diff of any game
// (any_diff.h).
#ifndef PLI_REPLAY_DIFF_KIND_H_
#define PLI_REPLAY_DIFF_KIND_H_

namespace pli {

enum class DiffKind {
  kIdentical,  // the same events
  kPrefix,     // one log is the other cut short
  kDiverge,    // at some seq the two logs hold different events
};

// "identical", "prefix", "diverge".
inline const char* DiffKindName(DiffKind kind) {
  switch (kind) {
    case DiffKind::kIdentical:
      return "identical";
    case DiffKind::kPrefix:
      return "prefix";
    case DiffKind::kDiverge:
      return "diverge";
  }
  return "identical";
}

}  // namespace pli

#endif  // PLI_REPLAY_DIFF_KIND_H_
