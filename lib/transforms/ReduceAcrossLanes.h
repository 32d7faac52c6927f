//===- ReduceAcrossLanes.h - A reduction loop over a warp's lanes -*- C++ -*-//
//
// Runs after MapToGrid, before TileForBlocks. A 1-D kernel whose threads
// each run a reduction loop along the contiguous dimension of its arrays
// (`acc += A[i * N + j] * x[j]`, i mapped, j inside) reads memory with a
// stride of a row across the warp. Here each point of the mapped loop gets
// a whole warp instead: lane l runs iterations l, l + 32, ... of the
// reduction loop into a private partial value, the 32 partials are
// combined with five butterfly shuffles (c2c_shfl_xor), and lane 0
// combines the result into the accumulator and runs the rest of the point.
// The loads of a warp are then 32 consecutive elements. Blocks are 32 x 8
// threads: eight points per block, rows in a grid-stride loop.
//
// When the loop reads along the mapped loop instead (a column sum,
// `acc += A[i * N + j] * x[i]` with j mapped: coalesced as it is, but one
// thread walks a whole column), the loop is split over 32 slices of
// threads: blocks of 32 x 32 threads take 32 points, slice s (threadIdx.y)
// runs iterations s, s + 32, ... into its partial, the partials meet in
// shared memory, and slice 0 combines them in order and finishes the
// point. The statements before L run in each scope that needs them.
//
// The statements before L run on every lane, except array writes (`y[i] =
// 0`), which lane 0 runs after L, before combining: legal when nothing else
// before L and nothing in L reads those arrays (the accumulators aside), no
// partial starts from such an element, and no scalar they read is assigned
// by a statement before L that follows them.
//
// Legal when, for a kernel of a nest with no schedule clauses:
//  - the body is: declarations and assignments (no loop, no if), then one
//    loop L that the analysis classes as a Reduction
//    whose reductions all target scalars those statements declare, then
//    anything;
//  - L writes no array and no scalar besides its reduction targets and the
//    locals it declares, and each reduction has an atomic form (atomicForm:
//    `acc op= e` combined term by term) on a 4- or 8-byte type;
//  - the user allowed the reductions to be reassociated (a reduction(op:
//    acc) clause or --allow-reassociation): the sum is formed in another
//    order.
// The partials start from the operator's identity (0, or 1 for *) or, for
// min, max, & and |, which are idempotent, from the accumulator's value;
// lane 0 combines the warp's total into the accumulator once, so the
// result is the sequential one up to reassociation. Lanes where more
// references read contiguously along L than along the mapped loop; slices
// where fewer but some read along the mapped loop and L's bounds are not
// both literals (a window); partials of slices start from the identity
// (0, 1, ~0, or the type's extreme for min and max).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_REDUCEACROSSLANES_H
#define C2CUDA_TRANSFORMS_REDUCEACROSSLANES_H

#include "LoweringContext.h"

namespace c2cuda {

LoweredFunction reduceAcrossLanes(LoweredFunction LF,
                                  const LoweringContext &Ctx);

} // namespace c2cuda

#endif
