//===- StripMine.h - A loop inside the band in strips ----------*- C++ -*-===//
//
// A stage of tiling (TilePlan.h). A loop directly inside the band named in
// tile(k: S) is strip-mined by S and moved outside the point loops: the
// body before it runs for every point, then per strip each iteration k of
// the strip runs for every point (unroll-and-jam of the point loops into
// k), then the body after it. Inside a strip the point loops sink through
// loops that wrap the strip's body alone and whose bounds are the same for
// every point (a convolution's r and s inside the strip of c), so an
// operand the points share loads once per step (LowerTiles). Each scalar
// declared before the loop (gemm's `acc`) lives on across the strips for
// every point: it becomes a register array indexed by the thread's point
// (c2c_reg_<name>, scalar replacement of the accumulators), kept in
// registers by fully unrolled point loops.
//
// Legal because the points are iterations of parallel loops: running the
// strips of k for all points before the next strip keeps each point's
// statements in order, and each point has its own copy of every scalar the
// body declares, as in the C. Refused when the loop's bounds differ between
// points (they read a mapped iterator, a local or an array), a `break` ends
// it, a second loop is named, or a local array declared before it would be
// shared by the points.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_STRIPMINE_H
#define C2CUDA_TRANSFORMS_STRIPMINE_H

#include "TilePlan.h"

namespace c2cuda {

/// Plans the strips of every planned kernel whose schedule tiles a loop
/// inside its band.
LoweredFunction stripMine(LoweredFunction LF, LoweringContext &Ctx);

/// The same for one kernel; false, with an error, when it cannot.
bool planStrip(Kernel &K, TilePlan &P, const LoweringContext &Ctx);

} // namespace c2cuda

#endif // C2CUDA_TRANSFORMS_STRIPMINE_H
