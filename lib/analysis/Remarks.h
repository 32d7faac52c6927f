//===- Remarks.h - Performance remarks on nests ----------------*- C++ -*-===//
//
// Remarks in the spirit of clang's optimisation remarks: things in the C that
// will cost time on a GPU, each with what to write instead. They never change
// the generated code; they are advice.
//
//  - double-literal:  `0.25 * x` with float x computes in double (C's rules,
//    which c2cuda keeps); `0.25f` keeps it in float.
//  - pow-small-int:   `pow(x, 2)` calls the general pow routine; `x * x` is
//    one multiply.
//  - invariant-division: a floating-point division whose divisor does not
//    change in the innermost loop around it; a reciprocal computed before the
//    loop turns it into a multiply (changing rounding slightly).
//  - divergent-branch: in a kernel, a condition that differs between
//    neighbouring threads along x (a remainder or quotient of the x iterator,
//    or a value read from an array), so a warp runs both paths.
//  - sequential-loop: a loop that cannot run in parallel, with the dependence.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_ANALYSIS_REMARKS_H
#define C2CUDA_ANALYSIS_REMARKS_H

#include "analysis/NestFacts.h"
#include "ir/IR.h"

#include <optional>
#include <string>
#include <vector>

namespace c2cuda {

struct PerfRemark {
  std::string Kind; ///< "double-literal", "pow-small-int", ...
  SourceLoc Loc;
  std::string Message;
  std::string Hint; ///< What to do instead.
};

/// The small integer an exponent (a literal, under casts) stands for, if
/// it is one: |n| <= 4.
std::optional<int64_t> smallIntegerExponent(const Expr &E);

/// Remarks that depend only on the source of F's nests and their facts.
std::vector<PerfRemark> sourceRemarks(const Function &F,
                                      const FunctionFacts &Facts);

/// Remarks that depend on how the nests were mapped (divergent branches).
std::vector<PerfRemark> mappingRemarks(const LoweredFunction &LF);

} // namespace c2cuda

#endif
