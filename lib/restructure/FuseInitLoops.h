//===- FuseInitLoops.h - A loop that sets what the next updates -*- C++ -*-===//
//
// `for j: y[j] = 0;` followed by `for j: for i: y[j] += A[i][j] * x[i];`
// (the second as written or after RestructureNests moved j outside i) are
// two kernels, and the second starts each sum from y[j] loaded back from
// memory; fused, `for j: { y[j] = 0; for i: ... }` is one kernel, and
// ReplaceArrayAccumulators then starts the sum in a register from 0
// (`y = A^T x` on the H100: 1.31 -> 1.05 ms for the fused form).
// fuseInitLoops fuses such a pair of adjacent loop trees: loops with the
// same bounds, level by level, down to a level where the first tree holds
// only assignments to array elements (the initializations); their
// statements go first in the fused body, the second tree's after them,
// its iterators renamed to the first's. The first tree's loops may be
// matched with the second's in another order when no bound reads an
// iterator (its iterations are independent, by the conditions below);
// the second tree's order is kept.
//
// Legal when each iteration of the fused loops touches in the second tree
// only the elements the first tree sets in the same iteration, and nothing
// else either tree writes is read by the other:
//  - each initialization's subscripts hold every fused iterator alone (plus
//    a constant) in some dimension, so different iterations set different
//    elements;
//  - every reference of the second tree to an initialized array is that
//    same element;
//  - the initializations read no array either tree writes and no scalar
//    the second tree assigns; the loop bounds read no array;
//  - the second tree mentions no name of the first tree's iterators.
// Then every dependence between the trees joins the same iteration, in
// statement order, and a loop that was parallel in the second tree still
// is. Each fusion is a remark at the first loop.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_RESTRUCTURE_FUSEINITLOOPS_H
#define C2CUDA_RESTRUCTURE_FUSEINITLOOPS_H

#include "ir/Diagnostics.h"
#include "ir/IR.h"

namespace c2cuda {

/// Body with every initializing loop tree fused into the tree after it,
/// where legal (at any depth of Body).
StmtList fuseInitLoops(const StmtList &Body, DiagnosticList &Diags);

/// A function's Body with every nest whose loop tree initializes fused
/// with the next nest, where legal: two adjacent top-level loops of one
/// `#pragma scop` (no host statement between them), without clauses. The
/// fused nest keeps the first one's id and both bodies as written, for the
/// CPU oracle. Nests marked one by one with `#pragma c2cuda kernel` stay
/// the kernels the user asked for.
StmtList fuseInitNests(const StmtList &Body, DiagnosticList &Diags);

} // namespace c2cuda

#endif
