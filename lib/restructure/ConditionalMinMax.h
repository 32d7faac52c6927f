//===- ConditionalMinMax.h - `if (x > m) m = x;` as a min/max ---*- C++ -*-===//
//
// A running maximum is often written as a branch: `if (a[i] > m) m = a[i];`.
// The reduction analysis (analysis/Reductions.h) recognises assignments,
// so rewriteConditionalMinMax turns each such branch into the assignment
// `m = a[i] > m ? a[i] : m;`, which it recognises as a max reduction (with
// < or <=, a min), and which a reduction clause or --allow-reassociation
// can then run in parallel.
//
// Legal when the branch has no else and runs one plain assignment to m (a
// scalar or an array element) of the value the condition compares m with:
// the new statement computes the same value and stores m's own value back
// when the condition is false (an element the condition already read), so
// every path gives what the branch gave.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_RESTRUCTURE_CONDITIONALMINMAX_H
#define C2CUDA_RESTRUCTURE_CONDITIONALMINMAX_H

#include "ir/Diagnostics.h"
#include "ir/IR.h"

namespace c2cuda {

/// Body with every conditional min/max written as an assignment.
StmtList rewriteConditionalMinMax(const StmtList &Body, DiagnosticList &Diags);

} // namespace c2cuda

#endif
