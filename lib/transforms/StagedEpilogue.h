//===- StagedEpilogue.h - Statements after the strips, from shared memory -===//
//
// Used by LowerTiles for a plan whose Post runs through shared memory
// (TilePlan::StagedPost, set by FuseEpilogues): after the strip loop and a
// barrier, each thread stores its points' register-tile values (the
// accumulators Post reads) into shared arrays of the tile's shape,
// c2c_post_<name>; after a second barrier the block runs Post for every
// element of the tile with a new assignment of elements to threads,
// consecutive threads on consecutive elements along x, groups of up to 8
// elements per thread whose array reads go first (ReadsBeforeWrites.h).
//
// Why: a tile of 32 points per thread (128 x 64 over 256 threads) holds its
// accumulators in most of its registers, so an epilogue that reads and
// writes arrays per point (NMF's update fused after W^T W H) runs one point
// at a time behind the previous point's stores (0.81x the pair, H100).
// Through shared memory the accumulators are dead after the stores and the
// epilogue streams like an element-wise kernel: NMF's whole call at K = 128
// 1.06x faster than the pair (H100, RESULTS.md, twenty-first session).
//
// Legal where Post could run at the thread's own points: Post's instances
// are iterations of the parallel band (no dependence between two of them),
// so which thread runs one does not matter, and the barrier before the
// stores orders every thread's strips before any thread's Post (a fused
// nest may write what the strips read). Each element runs where the tile
// holds a point of the iteration space (its local index below the tile's
// c2c_left_ along every dimension), as the guarded points did. Not for
// triangular bands (their guard is per point). Tensor-core tiles store
// their points in the instruction's accumulator layout (TilePlan's local
// index), so the elements' loop sees the same tile.
//
// Where the shared arrays do not fit beside the strips' tiles in the 48 KiB
// a kernel declares statically (a 128 x 128 tensor-core tile's strips take
// 80 KiB in two buffers), they overlay the tiles' memory
// (DeclStmt::OverlaysTiles): the strips are dead after the first barrier,
// and a third barrier after the elements' loop keeps the next tile's
// strips from overwriting elements a thread still reads. The block then
// takes no more shared memory than the larger of the two (or 48 KiB).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_STAGEDEPILOGUE_H
#define C2CUDA_TRANSFORMS_STAGEDEPILOGUE_H

#include "PointLoops.h"

namespace c2cuda {

/// Whether P's Post can run through shared memory: a strip-mined tile, not
/// of a triangular band, whose staged arrays (one element per point of the
/// tile for each register-tile scalar Post reads) fit beside the strips'
/// tiles within the 48 KiB a kernel declares statically, or else over them
/// within the larger of their bytes and 48 KiB (more would take the tile's
/// blocks per SM down).
bool canStageEpilogue(const Kernel &K, const TilePlan &P);

/// The declarations of those shared arrays (kernel scope).
StmtList stagedEpilogueDecls(const TilePlan &P);

/// The tile's Post through shared memory: barrier, the points' stores,
/// barrier, the elements' loop (and a barrier where the arrays overlay the
/// strips' tiles). Tid: the thread's index in the block.
StmtList stagedEpilogue(const TilePlan &P, const LoweringContext &Ctx,
                        PointLoops &Pts, const ExprPtr &Tid);

} // namespace c2cuda

#endif // C2CUDA_TRANSFORMS_STAGEDEPILOGUE_H
