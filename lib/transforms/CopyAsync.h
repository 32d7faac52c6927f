//===- CopyAsync.h - Shared tiles filled by asynchronous copies -*- C++ -*-===//
//
// A stage of tiling (TilePlan.h). async(N) gives each shared tile N buffers
// (its first index) and fills them by asynchronous copies (cp.async) straight
// from global memory: before a strip computes, the copies of the next N - 1
// strips are in flight, with no staging registers and one barrier per
// strip. The copies move runs as they lie in the array: a tile transposed
// for the points' vector reads keeps that layout and is loaded into its
// buffers by the threads (where the tensor cores take the strips, which
// read single elements, it gets the array's layout back and is copied); so
// are tiles of 1- or 2-byte elements. A tile staged scaled is copied, then
// multiplied in place by the threads that copied it once its copies land.
// Legal: the staged arrays are read-only in the kernel, so copying early
// reads the same values; a strip waits for its own copies and a barrier
// before any thread reads them, and a buffer is refilled only after the
// barrier that follows every thread's last read of it. Refused without a
// strip-mined loop or a shared tile, with pipeline(2|3), or when N buffers
// need more shared memory than a block may use.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_COPYASYNC_H
#define C2CUDA_TRANSFORMS_COPYASYNC_H

#include "TilePlan.h"

namespace c2cuda {

/// Plans asynchronous copies for every planned kernel whose schedule asks
/// for them.
LoweredFunction copyAsync(LoweredFunction LF, LoweringContext &Ctx);

/// The same for one kernel; false, with an error, when it cannot.
bool planCopyAsync(Kernel &K, TilePlan &P, const LoweringContext &Ctx);

} // namespace c2cuda

#endif // C2CUDA_TRANSFORMS_COPYASYNC_H
