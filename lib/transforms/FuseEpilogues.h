//===- FuseEpilogues.h - A nest run in a product's epilogue ---*- C++ -*-===//
//
// A stage of tiling (TilePlan.h). Where the host launches a strip-mined
// tiled kernel P (a product: a reduction loop in strips per point) and right
// after it a kernel C over the same band that runs straight-line statements
// per point (NMF's `H = H * WtV / (WtWH + eps)` after `WtWH = WtW * H`),
// C's statements are appended to the statements P runs per point after its
// strip loop: the fused kernel reads P's results from registers' stores
// just made and saves C's launch and its pass over memory. The host
// launches the fused kernel instead of the two where it computes right,
// else the two as before.
//
// Legal by the dependences (isl) between the two nests' statements, taken
// as one nest whose points run P's body then C's: every pair of instances
// touching one element, one writing, must be
//   - at the same point where P's instance runs after its strip loop (a
//     point runs P's statements then C's, as P then C did);
//   - else in the same block: the band loops along which the two points may
//     differ are "covered", and the host launches the fused kernel only
//     where the tile holds all of such a loop's iterations (one tile along
//     it); a barrier after the strip loop lets every read of P's strips
//     land before C's writes (it is there whenever C writes something P
//     reads).
// The product's store of an element C then reads (WtWH) is forwarded to
// that read (unless C writes the element first), and C's statements go
// before the product's stores where the two touch no array one writes, so
// that C's reads of arrays it updates in place go ahead for every point
// (ReadsBeforeWrites.h).
//
// Each of P's tile shapes (its alternatives for few blocks) gets a fused
// copy where its covered tiles are not larger than the one before it, so
// that the shapes fitting a size are the first of the chain; the host picks
// among those that fit (Kernel::FitsWhen). A shape of at most 8 points per
// thread whose in-place updates can read ahead of their stores runs C at
// each point, from the register tile, with the register limit of one block
// more per SM (256 threads: 80 registers, 3 blocks), as its epilogue
// streams memory. A larger shape runs C through shared memory
// (StagedEpilogue.h: the register tile stored, a barrier, every element of
// the tile in groups whose reads go first) where that fits in the 48 KiB a
// kernel declares statically beside its strips' tiles, and is not fused
// otherwise: with 32 points per thread run at each point, one block per SM
// streamed the epilogue behind the points' stores and the fused kernel
// lost to the pair (NMF at K = 128 in 128 x 64 tiles: 0.81x with the loads
// behind the stores, 0.72x reading ahead in groups; H100). A tile on the
// tensor cores fuses the same way: its points are the instruction's
// accumulator layout, and C runs at them or at every element of the tile
// (the staged sums then overlay the strips' dynamic shared memory,
// StagedEpilogue.h). Not applied where C has loops, atomics, writes to
// outside scalars or a scaled operand, where the two bands differ in
// bounds, or where nothing is covered (the pair could then be one kernel
// outright, which is not built).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_FUSEEPILOGUES_H
#define C2CUDA_TRANSFORMS_FUSEEPILOGUES_H

#include "TilePlan.h"

namespace c2cuda {

/// Fuses every element-wise kernel launched right after a strip-mined tiled
/// kernel into its epilogue where that is legal: fused kernels as
/// alternatives, launched under a host test in place of the pair.
LoweredFunction fuseEpilogues(LoweredFunction LF, LoweringContext &Ctx);

} // namespace c2cuda

#endif // C2CUDA_TRANSFORMS_FUSEEPILOGUES_H
