//===- SelectIndices.h - Selects in subscripts as reads ---------*- C++ -*-===//
//
// x[i * m + (j < 1 ? 1 : j)]: a clamped or mirrored subscript is a select,
// which the analysis cannot bound (analysis/AffineExpr.h), so the array's
// extent could not be inferred. C evaluates the same element as
// `j < 1 ? x[i * m + 1] : x[i * m + j]`, whose reads are affine and happen
// only where their arm's condition holds (the analysis keeps each arm's
// reads to it). This pass rewrites every array read of a nest whose
// subscripts hold a select that way, also through a nest local initialized
// to one and never assigned (`int jj = j < 1 ? 1 : j; ... x[i * m + jj]`).
//
// Legal because reads have no side effects and C evaluates one arm of a
// select: each rewritten read yields the element the original did. Writes
// keep their subscripts. At most 8 reads come of one.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_FRONTEND_SELECTINDICES_H
#define C2CUDA_FRONTEND_SELECTINDICES_H

#include "ir/IR.h"

namespace c2cuda {

void hoistSelectsFromIndices(Function &F);

} // namespace c2cuda

#endif
