//===- PromoteToShared.h - Arrays staged in shared memory ------*- C++ -*-===//
//
// A stage of tiling (TilePlan.h). For every array in shared(...), the box
// of elements a tile (and strip) reads, halo included (TileFootprint), is
// loaded by all threads of the block cooperatively (SharedTileCopy.h), with
// barriers before and after the computation that reads it (LowerTiles). An
// array whose references differ by more than constants (syrk's A[i][k] and
// A[j][k]) gets a tile per group of references. The shared tile is stored
// transposed when that puts the dimension that varies along threadIdx.x
// (else along a vectorized loop) innermost; pad(P) adds P elements to its
// innermost dimension against bank conflicts. A staged operand every point
// multiplies by the same read-only scalar (gemm's `alpha * A[i][k]`) is
// staged multiplied: one multiply per element loaded (exact: the same
// float operation, rounded once, wherever it is done).
//
// Legal when the array is read-only in the kernel, so the copy cannot go
// stale. Refused when a reference cannot be placed in a tile, the tiles
// need more shared memory than a block may use (227 KiB on sm_90; past
// 48 KiB they become dynamic shared memory), or, with strips, the array is
// read only outside the strip loop. An array of shared(...) that no kernel
// of its nest only reads is an error too.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_PROMOTETOSHARED_H
#define C2CUDA_TRANSFORMS_PROMOTETOSHARED_H

#include "TilePlan.h"

namespace c2cuda {

/// Plans the shared tiles of every planned kernel.
LoweredFunction promoteToShared(LoweredFunction LF, LoweringContext &Ctx);

/// The same for one kernel; false, with an error, when it cannot.
bool planSharedTiles(Kernel &K, TilePlan &P, const LoweringContext &Ctx);

/// "the shared tiles need N bytes per block ..., more than ...": the
/// error when Bytes pass what a block may use (TwoBuffers: pipeline(3)).
std::string sharedBytesMessage(int64_t Bytes, bool TwoBuffers);

/// The most shared memory a block may use on the GPUs c2cuda compiles for
/// (sm_90: 227 KiB). Past the 48 KiB a kernel may declare statically the
/// tiles become dynamic shared memory, which the host enables per kernel
/// (codegen/SharedLayout.h).
int64_t maxSharedBytes();

} // namespace c2cuda

#endif // C2CUDA_TRANSFORMS_PROMOTETOSHARED_H
