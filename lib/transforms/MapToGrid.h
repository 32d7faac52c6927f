//===- MapToGrid.h - Parallel loops onto the CUDA grid ---------*- C++ -*-===//
//
// For each kernel region, finds the band to map: the outermost loop and the
// loops perfectly nested in it (each loop's body is exactly the next loop),
// all proven parallel, stopping at the first loop that is not, or whose
// bounds read an array (the host sizes the grid). A loop whose bounds read
// earlier band iterators (a triangle: `j <= i`) joins when they are affine
// with literal coefficients and it counts up by 1 (analysis/BandBox.h); the
// band then stops at three loops, and its grid loops run the band's
// bounding box while Kernel::BandGuard keeps the points inside the band
// (ClipToBand, LowerTiles). Up to three band loops become GridLoops with
// a 64-bit trip count; the kernel's Body becomes the band's innermost body,
// inside the band loops left unmapped, run once per thread with the mapped
// iterators fixed.
//
// Dimension choice: the band loop along which the most references are
// contiguous (constant stride +-1, written references counting twice, ties
// going to the inner loop) goes to x, so a warp touches consecutive
// elements; the next best to y, then z (ties to the inner loop); a band of
// more than three loops keeps the rest as loops in each thread. The block shape
// is 256, 32x8 or 32x4x2 by rank, or the nest's block(...) clause, which must
// have the band's rank and at most 1024 threads.
//
// Schedule clauses (NestSchedule, IR.h): map(...) replaces the dimension
// choice for a kernel whose band holds every named loop (other band loops
// then run in each thread; a kernel holding none of them keeps the
// default); thread(i: E) sets GridLoop::Coarsen of mapped loop i;
// unroll(k: n) is recorded for in-thread loops k; maxrregcount(R) must fit
// R * threads <= 65536. A named loop that no kernel of the nest can take is
// an error at the clause. Each kernel's Schedule records what was used.
//
// A Reduction loop the user allows to run in parallel (ReductionPolicy.h)
// counts as parallel when no parallel loop encloses it: it may start a band,
// of at most three loops, all mapped, whose reduction statements
// ParallelizeReductions then makes atomic. Inside a parallel band it stays a
// loop in each thread (row sums: i on the grid, j in each thread), which
// needs no atomics. A reduction loop not allowed gets a remark saying how to
// allow it.
//
// A region without a mappable parallel loop becomes a single-thread kernel
// (empty Grid) with a remark saying why.
//
// Legal: band loops are parallel (for a reduction band, every conflict
// between iterations is a reduction statement, which runs atomically), so no
// two of their iterations touch the same element with a write and any execution
// order, including all at once, gives the sequential result; a pair of
// iterations differing in an outer band loop is independent by that loop's
// fact, one differing only in an inner loop by the inner loop's fact. So no two
// distinct iterations of the band conflict, and any permutation of its loops is
// legal too, as is running some of them in each thread (map(...)) or giving
// each thread several iterations (thread(...)).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_MAPTOGRID_H
#define C2CUDA_TRANSFORMS_MAPTOGRID_H

#include "LoweringContext.h"

namespace c2cuda {

LoweredFunction mapToGrid(LoweredFunction LF, const LoweringContext &Ctx);

} // namespace c2cuda

#endif
