//===- ReduceAcrossLanes.h - A reduction loop over many threads -*- C++ -*-===//
//
// Runs after MapToGrid, before the tiling passes. A 1-D kernel whose threads
// each run a reduction loop along the contiguous dimension of its arrays
// (`acc += A[i * N + j] * x[j]`, i mapped, j inside) reads memory with a
// stride of a row across the warp. Here each point of the mapped loop gets
// a block of 32 x 8 threads instead: thread t (= 32 * threadIdx.y +
// threadIdx.x) runs iterations t, t + 256, ... of the reduction loop into a
// private partial value, each warp's 32 partials are combined with five
// butterfly shuffles (c2c_shfl_xor), the 8 warps' totals meet in shared
// memory, and thread (0, 0) combines them in order into the accumulator and
// runs the rest of the point. The loads of a warp are then 32 consecutive
// elements, and even a few long rows fill the GPU (8 warps per row: on the
// H100 0.97-1.41x cuBLAS SGEMV from 1024 to 65536 rows, where one warp per
// row reached 0.34x at 1024 rows). Points in block-uniform rounds. Where
// the host can evaluate the loop's trip count at the launch, copies in 2
// and 4 warps per point run instead for rows of at most 2048 and 8192
// iterations (host tests around the launch): short rows in 8 warps left
// most threads idle (65536 rows of 1024: 1.27x faster in 2 warps).
//
// When the loop reads along the mapped loop instead (a column sum,
// `acc += A[i * N + j] * x[i]` with j mapped: coalesced as it is, but one
// thread walks a whole column), the loop is split over 32 slices of
// threads: blocks of 32 x 32 threads take 32 points, slice s (threadIdx.y)
// runs iterations s, s + 32, ... into its partial, the partials meet in
// shared memory, and slice 0 combines them in order and finishes the
// point. Copies taking 16, 8, 4 or 2 points per block (over 64, 128, 256
// or 512 slices) run instead where the host's tests of the mapped loop's
// trip count find at most 2048, 1024, 512 or 128 points: 32 per block
// left most SMs idle there.
//
// The statements before L run where they are needed (again in the scope of
// thread (0, 0) if it reads them), except array writes (`y[i] = 0`), which
// thread (0, 0) runs after L, before combining: legal when nothing else
// before L and nothing in L reads those arrays (the accumulators aside),
// and no scalar they read is assigned by a statement before L that follows
// them. A read of the element such a write just set takes its value.
//
// Legal when, for a kernel of a nest with no schedule clauses (or a lanes
// clause):
//  - the body is: declarations and assignments (no loop, no if), then one
//    loop L that the analysis classes as a Reduction whose reductions all
//    target scalars those statements declare or array elements L does not
//    move (`y[i] += A[i][j] * x[j]`), then anything;
//  - L writes no array and no scalar besides its reduction targets and the
//    locals it declares, and each reduction has an atomic form (atomicForm:
//    `acc op= e` combined term by term) on a 4- or 8-byte type whose
//    operator has an identity CUDA can shuffle;
//  - the user allowed the reductions to be reassociated (a reduction(op:
//    acc) clause, naming the array for an element, or
//    --allow-reassociation): the sum is formed in another order.
// The partials start from the operator's identity (0, 1, ~0, or the type's
// extreme for min and max); the total is combined into the accumulator
// once, so the result is the sequential one up to reassociation; an array
// element accumulator only where L ran an iteration (the C touches it
// nowhere else). Not
// applied when L's bounds are both literals (a short window), nor when a
// statement after L holds a loop (it would run in one thread of the block:
// softmax's three row loops ran 2x slower than a thread per row); blocks
// per row where more references read contiguously along L than along the
// mapped loop and some reference is strided along the mapped loop (where
// every one is the same or consecutive for consecutive points, a thread
// per point reads coalesced already: a 16-tap filter ran 200x slower in
// blocks); slices where fewer but some read along the mapped loop.
//
// A `lanes(L: N)` clause asks for the split of loop L with N threads per
// point, under the same legality (the kernel 1-D, by a map clause if need
// be; L the point's first loop), and without the choices made for speed:
// short windows and loops after L are split too, and a loop reading the
// same elements for every point takes whole warps. Along rows N must be
// a multiple of 32 (N / 32 warps per point), across them at most 32 (N
// slices, 32 points per block). It is drawn by the CPU oracle's random
// schedules and searched by the tuner (tunegen/SpaceBuilder.h).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_REDUCEACROSSLANES_H
#define C2CUDA_TRANSFORMS_REDUCEACROSSLANES_H

#include "LoweringContext.h"

namespace c2cuda {

/// Splits the loops lanes clauses name, and with ByDefault the loops of
/// nests without schedule clauses that qualify (as above); a lanes clause
/// that cannot be applied is an error at the clause saying why.
LoweredFunction reduceAcrossLanes(LoweredFunction LF,
                                  const LoweringContext &Ctx, bool ByDefault);

} // namespace c2cuda

#endif
