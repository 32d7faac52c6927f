//===- TileBands.h - Block tiles and points per thread ---------*- C++ -*-===//
//
// The first stage of tiling (TilePlan.h). Each thread block runs tiles of
// T_d consecutive iterations of every mapped loop d (tile(i: T)); blocks
// take tiles in turn (a grid-stride loop over the linearized tile index,
// so any number of tiles fits the grid). Each thread runs C_d = T_d /
// blockDim_d points per dimension (thread(i: C)). Point p of thread t is
// local iteration (p / V) * blockDim * V + t * V + p % V, with V from
// vector(i: V): with V = 1 consecutive threads take consecutive iterations
// (coalesced); with V = 4 each thread takes runs of 4 (float4-friendly) and
// consecutive threads still take consecutive runs. Band loops left to each
// thread (a fourth parallel loop, or one a map clause leaves out) are
// folded into the tiles: a tile dimension of one thread, tile(n: T)
// iterations deep (1 by default), numbered by the blocks like the mapped
// ones, so the grid covers them.
//
// Legal when every mapped loop is parallel: iterations of the band are
// then independent, so the points of a tile may run in any interleaving.
// Refused with an error at the clause otherwise, or when a tile is not a
// multiple of the block, a vector run does not divide the points, or a
// thread would hold more than 256 points.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_TILEBANDS_H
#define C2CUDA_TRANSFORMS_TILEBANDS_H

#include "TilePlan.h"

namespace c2cuda {

/// Plans the block tiles of every kernel whose nest has tiling clauses
/// (and of those DefaultTiles chose a schedule for).
LoweredFunction tileBands(LoweredFunction LF, LoweringContext &Ctx);

/// The same for one kernel and its plan (P.Nest and P.S set); false, with
/// an error, when the schedule does not fit it.
bool planBlockTiles(Kernel &K, TilePlan &P, const LoweringContext &Ctx);

} // namespace c2cuda

#endif // C2CUDA_TRANSFORMS_TILEBANDS_H
