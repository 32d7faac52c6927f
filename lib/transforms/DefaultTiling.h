//===- DefaultTiling.h - Tiled schedules to try for an unscheduled nest -*- C++
//-*-//
//
// For a kernel of a nest without schedule clauses, mapped by MapToGrid onto
// a 1-D grid: without loops inside it (element-wise), tiles of 2048
// iterations (1024 for 8-byte elements) of 256 threads, 8 (4) points per
// thread, so that each thread has several loads in flight (H100, 2^28
// floats: `y[i] = 2 * x[i]` 0.65x -> 1.0x copy bandwidth), and for few
// iterations one point per thread in blocks of 256 or 64. When a loop
// inside it reads a read-only array along rows while
// threads take one row each (`acc += A[i * N + j] * x[j]`, i mapped),
// 32-row tiles of 32 threads with that loop in strips of 64, the arrays it
// reads staged in shared memory (transposed, pad 1, next strip prefetched):
// coalesced loads, each thread's loop still in order.
//
// Onto a 2-D grid, the tiled schedules worth trying, best first, from the
// shape of its accesses:
//
//  1. A loop directly inside the band with a trip count from the
//     parameters whose iterations read arrays the kernel only reads (a
//     matrix product's k): 128x128 block tiles of 16x16 threads, 8x8
//     points per thread in runs of 4, the loop in strips of 8 with those
//     arrays staged in shared memory (pad 4, next strip prefetched), 128
//     registers so that two blocks share an SM. For problems whose grid
//     of such tiles leaves SMs idle or a last round of blocks nearly
//     empty, 128x64 tiles in strips of 16, then 64x32 tiles, then 16x16
//     tiles of one point per thread in strips of 32, where the busiest
//     SM's share of blocks, times the tile's points over the rate
//     measured for the tile shape, is smaller (H100, 1024^3 floats: 0.47x
//     -> 0.79x cuBLAS SGEMM; 512^3: 0.34x -> 1.2x; a 128 x 128 Gram matrix
//     over 2048 rows: 2.3x faster in 16x16 tiles; benchmarks/small-gemm).
//  2. A read-only array read with the x-mapped iterator only in an outer
//     subscript (a transpose's input, strided along threadIdx.x): 32x32
//     tiles staged in shared memory with pad 1, so that both the reads of
//     the array and the other accesses are coalesced.
//  3. A loop with literal bounds directly inside the band (a convolution's
//     window rows): 16x128 tiles of 128x2 threads, 8 rows per thread in
//     runs of 4, so that a run's input rows are loaded once for 4 outputs.
//  4. Otherwise (stencils, element-wise): 32x64 tiles of 32x8 threads, 8
//     points per thread in runs of 2 along x; for few blocks, 8x32 tiles,
//     one point per thread.
//
// Onto a 3-D grid, with a nest of reduction loops inside (a multi-channel
// convolution: c, r, s, or channels last r, s, c, whose outer loop has
// literal bounds; a fourth parallel loop folded into the tiles) and
// one read-only operand the same along x and another the same along a
// second mapped loop: register tiles of 4 x 8 x 4 points per thread in
// blocks of 8x8 threads, the outer reduction loop in strips of 1 with the
// points inside the inner ones (H100, N32 C64 58^2 K64 3x3: 5.0 -> 0.55
// ms; channels last, N32 58^2 C64 K64: 1.36 -> 0.86 ms, 1.37x a thread per
// output), and 4 x 8 x 2 where that grid has fewer than 2 blocks per SM or
// takes longer (a 256-channel 56^2 layer without a batch: 0.90 ms at 4
// points, 0.71 at 2). A single reduction loop (batched products, 3-D
// contractions) stays untiled: these tiles measured 0.36-0.44x there.
//
// Onto a 3-D grid, without loops inside the kernel: the same 64x32 tiles,
// one iteration of the z loop deep (H100, 2^28 floats: 0.62x -> 0.99x copy
// bandwidth), and 8x32x1 tiles for few blocks.
//
// These are the schedules measured in benchmarks/RESULTS.md. DefaultTiles
// tries them in order and keeps the first the tiling stages accept; a kernel
// none fits keeps MapToGrid's mapping. Always legal: the stages check each.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_DEFAULTTILING_H
#define C2CUDA_TRANSFORMS_DEFAULTTILING_H

#include "ir/IR.h"

#include <optional>
#include <vector>

namespace c2cuda {

/// A schedule with the rate its tiles run at, relative to the largest.
struct RatedSchedule {
  NestSchedule Schedule;
  double Rate = 1;
};

/// A schedule to try and, for large tiles, smaller ones for small
/// problems.
struct DefaultTiling {
  RatedSchedule Schedule;
  /// The same schedule in smaller tiles, largest first: each the host's
  /// choice when its grid would take less time than the one before it's
  /// (Kernel::FewBlocksAlternative, Kernel::BlockTime).
  std::vector<RatedSchedule> FewBlocks;
  /// The first of FewBlocks also runs when the schedule's grid has fewer
  /// than this many blocks per SM (Kernel::MinBlocksPerSm); 0: never.
  unsigned MinBlocksPerSm = 0;
  /// Taken only where the tensor cores run the strips (UseTensorCores.h):
  /// measured only there.
  bool OnTensorCores = false;
};

/// A 3-D kernel (as MapToGrid left it) whose work, inside the band loops
/// left to each thread, is one loop Strip with bounds from the parameters
/// holding further loops (a multi-channel convolution's c, r, s), where a
/// read-only operand inside it reads X's iterator and not R's, and another
/// R's and not X's: points along X and R share operands. Third is the
/// grid's other loop. The default register tile and the tuning space of
/// such nests both start here.
struct ReductionNest {
  const GridLoop *X, *R, *Third;
  const ForStmt *Strip;
};
std::optional<ReductionNest> reductionNest(const Kernel &K);

/// The register tile of RN: blocks of BX threads along X by BR along R,
/// tiles of TX, TR and T3 iterations of X, R and the third loop, the strip
/// loop in strips of TK.
NestSchedule reductionNestSchedule(const ReductionNest &RN, unsigned BX,
                                   unsigned BR, unsigned TX, unsigned TR,
                                   unsigned T3, unsigned TK);

/// Candidate schedules for K (as MapToGrid left it; empty unless K maps
/// one or two loops). Each sets Block, Tile and the tiling clauses; Map is
/// MapToGrid's. Tf32x3: float products may run on the TF32 tensor cores
/// (--allow-tf32x3), so their tensor-core tiling comes first.
std::vector<DefaultTiling> defaultTilingCandidates(const Kernel &K,
                                                   const Function &F,
                                                   bool Tf32x3 = false);

} // namespace c2cuda

#endif
