//===- TileForBlocks.h - Tiles, shared memory and register tiles -*- C++ -*-//
//
// Rewrites each kernel whose nest has tiling clauses (tile, shared, pad,
// vector; NestSchedule::isTiled) from MapToGrid's grid-stride form into an
// explicit per-thread program (Kernel::ExplicitThreads):
//
//  - Block tiles. Each thread block runs tiles of T_d consecutive
//    iterations of every mapped loop d (tile(i: T)); blocks take tiles in
//    turn (a grid-stride loop over the linearized tile index, so any number
//    of tiles fits the grid).
//  - Band loops left to each thread (a fourth parallel loop, or one a map
//    clause leaves out) are folded into the tiles: a tile dimension of one
//    thread, tile(n: T) iterations deep (1 by default), numbered by the
//    blocks like the mapped ones, so the grid covers them.
//  - Work per thread. Each thread runs C_d = T_d / blockDim_d points per
//    dimension (thread(i: C)). Point p of thread t is local iteration
//    (p / V) * blockDim * V + t * V + p % V, with V from vector(i: V): with
//    V = 1 consecutive threads take consecutive iterations (coalesced);
//    with V = 4 each thread takes runs of 4 (float4-friendly) and
//    consecutive threads still take consecutive runs. Points outside the
//    iteration space are skipped by a guard; when the body has loops, a
//    tile wholly inside the space runs a copy of the points without it.
//  - Strip-mining and register tiling. A loop directly inside the band
//    named in tile(k: S) is strip-mined by S and moved outside the point
//    loops: the body before it runs for every point, then per strip the
//    shared tiles are loaded and each iteration k of the strip runs for
//    every point (unroll-and-jam of the point loops into k), then the body
//    after it. Scalars declared before the loop become register arrays
//    indexed by the point (scalar replacement of the accumulators); point
//    loops are fully unrolled so they stay in registers. Inside a strip,
//    the point loops sink through loops that wrap the strip's body alone
//    and whose bounds are the same for every point (a convolution's r and
//    s inside the strip of c), so an operand the points share loads once
//    per step. In an edge tile, when that innermost body writes only the
//    points' registers, a point past the iteration space runs as the last
//    point inside it (its loads stay in bounds, its result is never
//    stored) instead of being skipped, so the loads stay unpredicated.
//  - Shared memory. For every array in shared(...), the box of elements a
//    tile (and strip) reads, halo included (TileFootprint), is loaded by
//    all threads of the block cooperatively, consecutive threads reading
//    consecutive elements, guarded to stay inside the array; barriers
//    before and after the computation that reads it. The shared tile is
//    stored transposed when that puts the dimension that varies along
//    threadIdx.x (else along a vectorized loop) innermost; pad(P) adds P
//    elements to its innermost dimension against bank conflicts. With
//    vector(...), a tile whose rows (along the array's innermost
//    dimension) are whole 16-byte runs is read a run per thread at a time:
//    one vector load where the run lies inside the array and the address
//    is aligned (checked at run time; element by element otherwise), into
//    aligned staging registers when the tile is pipelined, transposed or
//    padded off the vector width, then into shared memory as one vector
//    store where its layout allows, else element by element.
//  - Pipelining. pipeline(2) loads the next strip's tiles into registers
//    while the current strip computes, then stores them to shared memory
//    behind a barrier: the global loads' latency overlaps the arithmetic.
//  - Reused operands in registers. A small read-only array whose
//    subscripts use only inner loops with literal bounds (a convolution's
//    mask) is the same for every point: each thread loads it once into a
//    register array instead of once per point.
//
// Legal when every mapped loop is parallel: iterations of the band are
// then independent, so running the points of a tile in any interleaving,
// and the strips of k for all points before the next strip, preserves
// every dependence (each point still runs its statements in order). A
// promoted array must be read-only in the kernel, so the copy cannot go
// stale. Refused with an error naming the clause otherwise, or when a
// size does not divide, a tile needs more shared memory than 48 KiB or a
// reference cannot be placed in a tile (TileFootprint).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_TILEFORBLOCKS_H
#define C2CUDA_TRANSFORMS_TILEFORBLOCKS_H

#include "LoweringContext.h"

namespace c2cuda {

/// With TileByDefault, a kernel of a nest without schedule clauses is tiled
/// with the first of DefaultTiling's candidates that applies.
LoweredFunction tileForBlocks(LoweredFunction LF, const LoweringContext &Ctx,
                              bool TileByDefault = false);

} // namespace c2cuda

#endif
