//===- Reductions.h - Reduction statements, recognised by shape -*- C++ -*-===//
//
// A reduction statement combines its target with a value that does not read
// the target, through an associative and commutative operator:
//     s += e;  s -= e;  s *= e;  s &= e;  s |= e;  s ^= e;
//     s = s + e;  s = e + s;  s = s - e;  s = s * e;  s = s + e1 + e2; ...
//     s = fmaxf(s, e);  s = fmin(e, s);  s = s > e ? s : e;  s = e < s ? e : s
// where the target is a scalar or an array element and casts that C inserts
// (around the whole right-hand side or around the target's read) are looked
// through. `-` counts as `+` (a sum of negated terms).
//
// This is only the statement's shape. Whether a loop may treat it as a
// reduction also needs the dependences: every conflict the loop carries must
// be between reduction statements of one operator, on a target whose element
// does not move with the loop (NestFacts.cpp checks that with isl).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_ANALYSIS_REDUCTIONS_H
#define C2CUDA_ANALYSIS_REDUCTIONS_H

#include "ir/IR.h"

#include <optional>
#include <string>
#include <vector>

namespace c2cuda {
namespace analysis {

struct ReductionMatch {
  /// "+", "*", "min", "max", "&", "|", "^".
  std::string Op;
  /// The nodes in the right-hand side that read the target (`s` in
  /// `s = s + e`, both `s` in `s = s > e ? s : e`); empty for compound
  /// assignments, whose left-hand side is both the read and the write.
  std::vector<const Expr *> SelfReads;
};

/// The reduction S performs, if it has the shape of one.
std::optional<ReductionMatch> matchReduction(const AssignStmt &S);

} // namespace analysis
} // namespace c2cuda

#endif
