//===- KernelPrinter.h - A kernel as a __global__ function ------*- C++ -*-===//
//
// Prints a Kernel as CUDA: arrays as flat `T *__restrict__` pointers (const
// where the kernel only reads them; without __restrict__ where nvcc could
// merge their loads with loads of a written array, ReadOnlyPath.h), outside
// scalars by value, scalars the
// kernel writes as pointers to one-element device buffers (kept in a
// register by a single-thread kernel, updated atomically in the buffer by
// a parallel reduction), and one 64-bit
// grid-stride loop per grid dimension whose trip count the host computes.
// Grid-stride loops make every launch correct for any grid size, so the host
// may clamp the grid to the hardware limits, and thread coarsening (fewer
// threads than iterations) needs no other code.
//
// Schedule (K.Schedule): printed atop the kernel as pragma clauses
// ("// Schedule: map(j: x, i: y) block(32, 8)"), so that pasting them after
// `#pragma c2cuda kernel` reproduces the kernel; unroll(k: n) prints
// `#pragma unroll n` before each in-thread loop k; maxrregcount(R) prints
// `__launch_bounds__(threads, minBlocksPerSM(K))`, which makes nvcc keep
// each thread within about 65536 / (threads * minBlocks) >= R registers.
//
// A kernel with ExplicitThreads (a tiled kernel) has no grid loops: its body
// is the whole per-thread program, printed as is. It reads threadIdx.x etc.
// as VarRefs (printed as is, never parameters), declares register tiles
// (`float acc[4][4];`) and shared tiles (`__shared__ float sh[8][65];`),
// indexes them `sh[i][j]` (never linearized, never parameters), and has
// barriers (`__syncthreads();`) and loops with ForStmt::Unroll (`#pragma
// unroll` for -1, `#pragma unroll n` for n > 1). Its block is K.Block as
// given; the host launches K.GridDims blocks.
//
// kernelParams() is the single description of the parameter list: the host
// printer passes exactly the arguments it lists, in its order.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_CODEGEN_KERNELPRINTER_H
#define C2CUDA_CODEGEN_KERNELPRINTER_H

#include "CodegenSupport.h"

#include "ir/IR.h"

#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace c2cuda {
namespace codegen {

struct KernelParam {
  /// ScalarIn: a Resident scalar the kernel only reads, through a pointer
  /// to its device slot.
  enum class Kind { Array, Scalar, ScalarIn, ScalarOut, TripCount };
  Kind K;
  std::string Name; ///< The array, scalar or trip-count name.
  ScalarKind Type;  ///< Element or scalar type (Long for trip counts).
  std::string Decl; ///< Declaration in the kernel's parameter list.
  std::string Arg;  ///< Argument the host passes at the launch.
  /// ScalarOut only: every thread updates the buffer with atomics (a
  /// parallel reduction) instead of one thread keeping it in a register.
  bool Atomic = false;
  /// ScalarIn and ScalarOut: the scalar's slot lives across launches
  /// (KernelScalar::Resident); the host copies it only where needed.
  bool Resident = false;
};

/// Parameters of K: arrays (function parameter order), the scalars the
/// lowering lists, other outside names the code reads (loop bounds, VLA
/// sizes), then one trip count per grid loop in grid order.
std::vector<KernelParam> kernelParams(const Kernel &K, const Function &F);

/// Threads of a block along Dim: K.Block[Dim] where a grid loop is mapped to
/// Dim, else 1 (threads along an unmapped dimension would all run the same
/// iterations); K.Block[Dim] for an explicit-threads kernel.
unsigned blockDim(const Kernel &K, unsigned Dim);
/// Product of blockDim() over x, y, z; 1 for a single-thread kernel.
unsigned threadsPerBlock(const Kernel &K);
/// Iterations per thread of the grid loop on Dim (GridLoop::Coarsen), 1 if
/// none: the host sizes that grid dimension for blockDim * coarsening.
unsigned coarsening(const Kernel &K, unsigned Dim);
/// `__launch_bounds__` minimum blocks per SM for K.Schedule.MaxRegCount R:
/// floor(65536 / (threads * R)), at most 32 (the most resident blocks an
/// SM of cc >= 7.0 may hold); 0 when K has no register limit.
unsigned minBlocksPerSM(const Kernel &K);

/// "x", "y" or "z".
const char *dimName(unsigned Dim);
/// Name of the trip-count parameter/host variable of a grid dimension.
std::string tripName(unsigned Dim);
/// Name of the host variable holding an explicit-threads kernel's number
/// of blocks along Dim (K.GridDims[Dim], before clamping).
std::string blocksName(unsigned Dim);

void printKernel(llvm::raw_ostream &OS, const Kernel &K, const Function &F,
                 const EmitContext &Ctx);

} // namespace codegen
} // namespace c2cuda

#endif
