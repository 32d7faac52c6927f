//===- SubstituteTemporaries.h - Temporaries used in place ------*- C++ -*-===//
//
// An in-place sweep often names a partial result: `double gs = (A[i-1][j] +
// ...) / 4; A[i][j] += w * (gs - A[i][j]);`. RestructureNests moves whole
// statements and leaves loop trees with declarations as written, so such a
// sweep keeps no parallel loop (one thread) where the same sweep with the
// expression written in place becomes a wavefront. substituteTemporaries
// replaces each use of such a temporary by the expression it holds and
// drops its declaration; the restructuring pass keeps the result only for
// nests it can then restructure.
//
// A temporary is a scalar declared in a nest with an initializer (or
// declared without one and set by the next statement that names it, as
// privatization writes a scalar declared outside the nest), never assigned
// again, and used only by later statements of the same statement list
// (inside branches and loops too). Legal when the expression has the same
// value at each use as at the declaration: no statement between the two
// writes a scalar or an array the expression reads (a use in the
// statement that writes it is fine: C reads the right-hand side first),
// and a loop that uses it writes none of them (nor is its iterator one).
// Temporaries named more than MaxUses times (4 * MaxUses for one load or
// one variable) are left alone: their expression would be computed that
// many times.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_RESTRUCTURE_SUBSTITUTETEMPORARIES_H
#define C2CUDA_RESTRUCTURE_SUBSTITUTETEMPORARIES_H

#include "ir/IR.h"

#include <string>
#include <vector>

namespace c2cuda {

/// A temporary substituted: its name and where it was declared.
struct SubstitutedTemporary {
  std::string Name;
  SourceLoc Loc;
};

/// Body with every temporary substituted into its uses (Body unchanged
/// when there is none); Done lists them.
StmtList substituteTemporaries(const StmtList &Body,
                               std::vector<SubstitutedTemporary> &Done,
                               unsigned MaxUses = 2);

} // namespace c2cuda

#endif
