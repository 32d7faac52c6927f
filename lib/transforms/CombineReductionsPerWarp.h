//===- CombineReductionsPerWarp.h - One atomic per warp, not per element -===//
//
// Runs after ParallelizeReductions. A 1-D grid-stride kernel over a
// reduction loop the user allowed to run in parallel (`s += x[i] * y[i]`
// under `reduction(+: s)`) makes one atomic update of the same address per
// iteration, which the GPU serialises. Here each thread instead combines
// its iterations into a private partial result (from the operator's
// identity), the threads of a warp combine their partials with five
// butterfly shuffles, and lane 0 of each warp makes the one atomic update.
// The grid is capped at what the device holds at once (blocks per SM times
// c2c_sm_count(), the SMs of the device; the CPU oracle models 3), so each
// thread runs many iterations, blocks taking consecutive chunks in turn.
//
// Legal for each atomic statement whose target is the same element for
// every iteration (a scalar, or an element whose subscripts read no
// iterator or local of the kernel): the updates are reassociated, which
// ParallelizeReductions already required permission for, and an atomic
// update has no other reader in the kernel (ReductionPolicy). Statements
// whose target moves (a histogram's bins[v]) stay atomic. Applied when the
// block is a multiple of 32 threads, points are not coarsened and the
// kernel has no band guard; the target's type must have an identity CUDA
// can shuffle (4- or 8-byte types; not an unsigned 64-bit min).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_COMBINEREDUCTIONSPERWARP_H
#define C2CUDA_TRANSFORMS_COMBINEREDUCTIONSPERWARP_H

#include "LoweringContext.h"

namespace c2cuda {

LoweredFunction combineReductionsPerWarp(LoweredFunction LF);

} // namespace c2cuda

#endif
