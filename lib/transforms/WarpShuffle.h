//===- WarpShuffle.h - Combining values across the lanes of a warp -*- C++ -*-//
//
// Building blocks of the passes that reduce across threads
// (ReduceAcrossLanes, CombineReductionsPerWarp): how two partial results of
// a reduction combine, and the five butterfly steps after which every lane
// of a warp holds the combination of all 32 lanes' values. Each shuffle is
// a declaration of its own, so that every lane runs it (in a ?: only some
// lanes would), which __shfl_xor_sync with a full mask requires; the CPU
// oracle runs such statements in lockstep per warp.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_WARPSHUFFLE_H
#define C2CUDA_TRANSFORMS_WARPSHUFFLE_H

#include "ir/IR.h"

#include <string>

namespace c2cuda {

/// A combined with B under K (Sub combines as Add), in type T, as C would
/// compute it: fminf/fmaxf (fmin/fmax) for floating min/max.
ExprPtr combineReduction(AtomicKind K, ExprPtr A, ExprPtr B, ScalarKind T);

/// The identity of K in type T (0 for + - | ^, 1 for *, all ones for &,
/// the largest or smallest value (infinity for floating types) for min and
/// max), or null where T has none CUDA can shuffle (unsigned long long min).
ExprPtr reductionIdentity(AtomicKind K, ScalarKind T);

/// Appends to Out the butterfly that leaves in every lane the combination
/// of the 32 lanes' Part (of type T) under K; Tag names the temporaries.
void appendWarpButterfly(StmtList &Out, const std::string &Part,
                         const std::string &Tag, AtomicKind K, ScalarKind T);

} // namespace c2cuda

#endif
