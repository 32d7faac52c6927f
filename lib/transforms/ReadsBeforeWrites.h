//===- ReadsBeforeWrites.h - Reads a point may issue early -----*- C++ -*-===//
//
// A thread of a tiled kernel runs several points, iterations of parallel
// loops. Written one after another, each point's loads wait behind the
// previous point's stores wherever the compiler cannot prove the addresses
// apart (`H[k * T + t]` of two rows: the row distance is a run-time value),
// so the thread has one point's loads in flight instead of all of them:
// an in-place update `H = H * WtV / (WtWH + eps)` in 2-D tiles ran at 0.81x
// a one-element-per-thread kernel (H200, 2026-11-26).
//
// LowerTiles therefore evaluates these reads for every point first, into
// registers, and then runs the points' bodies on them. Legal because the
// points are distinct iterations of parallel loops (no dependence between
// them, so any interleaving of their statements keeps the result), and
// because within one point each such read comes before the point's first
// write of any array, so it sees the same value either way.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_READSBEFOREWRITES_H
#define C2CUDA_TRANSFORMS_READSBEFOREWRITES_H

#include "ir/IR.h"

#include <functional>
#include <vector>

namespace c2cuda {

/// The array reads of Body, a point's statements, that may be evaluated
/// before the statements run: Body is straight-line (assignments and scalar
/// declarations, no loop, branch or atomic), the read comes before Body's
/// first write of an array, it is evaluated whenever Body runs (not in an
/// arm of `?:` or behind `&&`, `||`), its subscripts read no array and no
/// scalar Body declares or assigns, and IsGlobal says its array is one of
/// the kernel's arrays in global memory. Empty when none of them is of an
/// array Body writes (the kernel's arrays are __restrict__, so the compiler
/// already issues reads of other arrays early), in source order otherwise.
std::vector<const ArrayRef *>
readsBeforeWrites(const StmtList &Body,
                  const std::function<bool(const std::string &)> &IsGlobal);

} // namespace c2cuda

#endif
