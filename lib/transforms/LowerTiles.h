//===- LowerTiles.h - A tile plan as a per-thread program -----*- C++ -*-===//
//
// The last stage of tiling (TilePlan.h): rewrites each planned kernel from
// MapToGrid's grid-stride form into an explicit per-thread program
// (Kernel::ExplicitThreads). Each block runs tiles in turn (a loop over
// rounds, left out for light tiles when the grid has a block per tile);
// per tile it computes the tile's origin and how many of its points lie
// inside the iteration space, then runs the thread's points
// (PointLoops.h). With a strip loop: the statements before it per point,
// then per strip the shared tiles' cooperative loads (into registers first
// and one strip ahead when pipelined; two buffers with pipeline(3)), a
// barrier, every iteration of the strip for every point (full strips
// unguarded and unrolled; the FP64 tensor cores where UseTensorCores
// planned them), a barrier, and the statements after it. The host
// launches a block per tile along x (as many as the x dimension holds).
//
// Legal whenever the earlier stages accepted the plan: it runs each point's
// statements in order and every staged element is read after the barrier
// that follows its load.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_LOWERTILES_H
#define C2CUDA_TRANSFORMS_LOWERTILES_H

#include "TilePlan.h"

namespace c2cuda {

/// Lowers every planned kernel; the plans are used up.
LoweredFunction lowerTiles(LoweredFunction LF, LoweringContext &Ctx);

/// The same for one kernel (never refuses).
bool lowerTile(Kernel &K, TilePlan &P, const LoweringContext &Ctx);

} // namespace c2cuda

#endif // C2CUDA_TRANSFORMS_LOWERTILES_H
