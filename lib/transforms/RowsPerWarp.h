//===- RowsPerWarp.h - A warp per point for bodies of row loops -*- C++ -*-===//
//
// Runs after ReduceAcrossLanes, before the tiling passes, on kernels of
// nests without schedule clauses. A 1-D kernel whose point runs several
// loops along a row (a row softmax: a max, then `y = exp(x - max)` summed,
// then `y *= 1 / sum`; a row normalization) reads memory with a stride of
// a row across the warp, one thread walking each row. Here each point gets
// a warp instead (blocks of 32 x 8 threads, warp w of a block on point
// block * 8 + w, in block-uniform rounds): every loop of the body runs
// split over the lanes (lane l on iterations l, l + 32, ...: a warp reads
// 32 consecutive elements), each reduction into per-lane partials that a
// butterfly of warp shuffles combines so that every lane holds the total,
// which is then combined into the accumulator. Consecutive loops with the
// same bounds that touch no element in common from different lanes and
// read nothing the other sets run as one pass. The statements between the
// loops run in every lane when they only set the point's own scalars (all
// lanes hold the same values), in lane 0 when they write arrays; a barrier
// separates parts of the body whose array accesses may conflict.
//
// Legal when, for a 1-D kernel (the mapped loop not itself a reduction):
//  - the body is a list of declarations of scalars, statements without
//    loops that assign only those scalars or write arrays (not both), and
//    loops;
//  - each loop is parallel (the analysis: its iterations touch different
//    elements, for the point) and writes no scalar declared outside it, or
//    is a reduction loop whose reductions all target those scalars, may be
//    reassociated (a reduction clause, --allow-reassociation, or exact
//    integer arithmetic: the sum is formed in another order) and have an
//    atomic form with an identity; the loop may write arrays besides (its
//    iterations still touch different elements);
//  - no loop has literal bounds (a short window) or a `break`.
// Within a loop the lanes run different iterations, which the analysis
// allows; between parts, the barrier orders every access of the point's
// earlier parts before the later ones, as in the C. Applied only where the
// loops read rows (more references unit-stride along their loops than
// along the mapped one, some strided along the mapped one).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_ROWSPERWARP_H
#define C2CUDA_TRANSFORMS_ROWSPERWARP_H

#include "LoweringContext.h"

namespace c2cuda {

LoweredFunction rowsPerWarp(LoweredFunction LF, const LoweringContext &Ctx);

} // namespace c2cuda

#endif // C2CUDA_TRANSFORMS_ROWSPERWARP_H
