//===- OccupancyCore.h - Static occupancy, header only ---------*- C++ -*-===//
//
// The calculation behind cudaOccupancyMaxActiveBlocksPerMultiprocessor, for
// compute capabilities 7.0, 7.5, 8.0, 8.6, 8.9, 9.0, 10.0 and 12.0: how many
// blocks of a kernel can be resident on one SM, and which resource stops the
// next one.
//
//   blocks = min(warp slots, registers, shared memory, block slots)
//
// - warp slots: max warps per SM / warps per block (a partial warp counts
//   as a whole one); 0 above the max block size.
// - registers: each warp gets registers per thread x 32 rounded up to the
//   256-register allocation unit. The register file is split among 4 SM
//   sub-partitions (warp schedulers) and a warp's registers live in one, so
//   the SM holds 4 x floor(16384 / per-warp allocation) warps, not
//   floor(65536 / per-warp allocation). A block whose allocation, with its
//   warp count rounded up to a multiple of 4, exceeds the 64K registers per
//   block cannot launch at all (the hardware's launch check).
// - shared memory: static + dynamic + the 1 KiB the driver reserves per
//   block (8.0 and later), rounded up to the allocation unit (256 bytes on
//   7.x, 128 on 8.0+), against the shared memory of the carveout in effect.
//   0 blocks if the dynamic size exceeds the kernel's
//   cudaFuncAttributeMaxDynamicSharedMemorySize or the total exceeds the
//   per-block maximum.
// - block slots: a fixed number per SM.
//
// Carveout: by default (no preference set) the calculation assumes the
// largest shared-memory carveout of the SM. With a preference (percent of
// the maximum) it takes the smallest supported carveout that holds that
// percentage; if one block does not fit there, the smallest carveout that
// holds one block. This is what the CUDA toolkit's cuda_occupancy.h does
// (cudaOccMaxBlocksPerSMSmemLimit); see docs/occupancy.md.
//
// Not modelled: the block-barrier limit (9.0: 64 barriers per SM, only
// binding for kernels using more than one named-barrier set per block) and
// partitioned global caching (5.2/6.x only).
//
// No LLVM, no CUDA: the same code is compiled into c2cuda and, with plain
// nvcc, into test/gpu/occupancy_check.cu, which compares it with the CUDA
// runtime on a real GPU.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TARGET_OCCUPANCYCORE_H
#define C2CUDA_TARGET_OCCUPANCYCORE_H

#include <climits>

namespace c2cuda {
namespace occupancy {

/// Per-compute-capability constants. Byte sizes are bytes, not KiB.
struct ArchSpec {
  int Major, Minor;
  int WarpSize;           ///< 32.
  int MaxThreadsPerBlock; ///< 1024.
  int MaxWarpsPerSM;
  int MaxBlocksPerSM;
  int RegsPerSM;          ///< 32-bit registers in the register file.
  int RegsPerBlock;       ///< Most registers one block may hold.
  int MaxRegsPerThread;   ///< 255.
  int RegAllocUnit;       ///< Registers; a warp's allocation is a multiple.
  int SubPartitions;      ///< Register file banks a warp is confined to one of.
  long long SmemPerSM;    ///< Shared memory per SM at the largest carveout.
  long long SmemPerBlock; ///< Per-block limit without opt-in (48 KiB).
  long long SmemPerBlockOptin;    ///< Per-block limit with opt-in.
  long long ReservedSmemPerBlock; ///< Driver's reservation per block.
  int SmemAllocUnit;              ///< Bytes.
  int NumCarveouts;
  int CarveoutKiB[10]; ///< Supported shared-memory sizes per SM, ascending.
};

/// The table. Sources: the CUDA C++ Programming Guide, "Technical
/// Specifications per Compute Capability" and "Shared Memory" per
/// architecture, and the toolkit's cuda_occupancy.h (CUDA 13.0); cited in
/// docs/occupancy.md.
// clang-format off
inline constexpr ArchSpec KnownArchs[] = {
    // Volta: 96 KiB shared, configurable 0/8/16/32/64/96 KiB.
    {7, 0, 32, 1024, 64, 32, 65536, 65536, 255, 256, 4, 96 * 1024,
     48 * 1024, 96 * 1024, 0, 256, 6, {0, 8, 16, 32, 64, 96}},
    // Turing: 1024 threads per SM, 64 KiB shared (32 or 64 KiB).
    {7, 5, 32, 1024, 32, 16, 65536, 65536, 255, 256, 4, 64 * 1024,
     48 * 1024, 64 * 1024, 0, 256, 2, {32, 64}},
    // A100: 164 KiB shared, 163 KiB per block, 1 KiB reserved per block.
    {8, 0, 32, 1024, 64, 32, 65536, 65536, 255, 256, 4, 164 * 1024,
     48 * 1024, 163 * 1024, 1024, 128, 8, {0, 8, 16, 32, 64, 100, 132, 164}},
    // GA10x: 1536 threads per SM, 100 KiB shared, 99 KiB per block.
    {8, 6, 32, 1024, 48, 16, 65536, 65536, 255, 256, 4, 100 * 1024,
     48 * 1024, 99 * 1024, 1024, 128, 6, {0, 8, 16, 32, 64, 100}},
    // Ada: as 8.6 but 24 blocks per SM.
    {8, 9, 32, 1024, 48, 24, 65536, 65536, 255, 256, 4, 100 * 1024,
     48 * 1024, 99 * 1024, 1024, 128, 6, {0, 8, 16, 32, 64, 100}},
    // Hopper: 228 KiB shared, 227 KiB per block.
    {9, 0, 32, 1024, 64, 32, 65536, 65536, 255, 256, 4, 228 * 1024,
     48 * 1024, 227 * 1024, 1024, 128, 10,
     {0, 8, 16, 32, 64, 100, 132, 164, 196, 228}},
    // Blackwell data center (B200): as Hopper.
    {10, 0, 32, 1024, 64, 32, 65536, 65536, 255, 256, 4, 228 * 1024,
     48 * 1024, 227 * 1024, 1024, 128, 10,
     {0, 8, 16, 32, 64, 100, 132, 164, 196, 228}},
    // Blackwell GeForce/workstation: 1536 threads, 32 blocks, 100 KiB shared.
    {12, 0, 32, 1024, 48, 32, 65536, 65536, 255, 256, 4, 100 * 1024,
     48 * 1024, 99 * 1024, 1024, 128, 6, {0, 8, 16, 32, 64, 100}},
};
// clang-format on

/// The row for a compute capability, or null if it is not modelled.
inline const ArchSpec *findArch(int Major, int Minor) {
  for (const ArchSpec &A : KnownArchs)
    if (A.Major == Major && A.Minor == Minor)
      return &A;
  return nullptr;
}

/// What the kernel needs, as cudaFuncGetAttributes reports it.
struct KernelResources {
  int RegsPerThread = 0;         ///< numRegs.
  long long StaticSmemBytes = 0; ///< sharedSizeBytes.
  /// maxDynamicSharedSizeBytes: 48 KiB unless raised with
  /// cudaFuncAttributeMaxDynamicSharedMemorySize.
  long long MaxDynamicSmemBytes = 48 * 1024;
};

/// How it is launched.
struct LaunchParams {
  int BlockSize = 0; ///< Threads per block.
  long long DynamicSmemBytes = 0;
  /// cudaFuncAttributePreferredSharedMemoryCarveout: -1 (no preference: the
  /// largest carveout) or 0..100 percent of the largest.
  int CarveoutPercent = -1;
};

/// Resources that may bind (bits of Result::Limiting; several may bind at
/// once).
constexpr unsigned LimitWarps = 1;
constexpr unsigned LimitRegisters = 2;
constexpr unsigned LimitSharedMemory = 4;
constexpr unsigned LimitBlocks = 8;

enum class Status { Ok, UnknownArch, InvalidInput };

struct Result {
  Status St = Status::InvalidInput;
  int ActiveBlocks = 0; ///< Resident blocks per SM.
  /// Blocks each resource alone allows; INT_MAX where it does not limit
  /// (no registers, no shared memory).
  int BlocksByWarps = 0, BlocksByRegisters = 0, BlocksBySharedMemory = 0,
      BlocksBySlots = 0;
  unsigned Limiting = 0; ///< Limit* bits equal to ActiveBlocks.
  int WarpsPerBlock = 0; ///< Rounded up.
  int ActiveWarps = 0;   ///< ActiveBlocks x WarpsPerBlock.
  int MaxWarpsPerSM = 0;
  double Occupancy = 0; ///< ActiveWarps / MaxWarpsPerSM.
  int RegsPerWarpAllocated = 0;
  int RegsPerBlockAllocated = 0;
  long long SmemPerBlockAllocated = 0; ///< Including the reservation.
  long long SmemPerSMUsed = 0;         ///< Carveout the limit was taken on.
};

inline long long roundUpTo(long long X, long long Unit) {
  return (X + Unit - 1) / Unit * Unit;
}

/// The smallest supported carveout holding Bytes; -1 if none does.
inline long long alignUpCarveout(const ArchSpec &A, long long Bytes) {
  for (int I = 0; I < A.NumCarveouts; ++I)
    if (Bytes <= A.CarveoutKiB[I] * 1024LL)
      return A.CarveoutKiB[I] * 1024LL;
  return -1;
}

inline int blocksByWarps(const ArchSpec &A, int BlockSize) {
  if (BlockSize > A.MaxThreadsPerBlock)
    return 0;
  int Warps = (BlockSize + A.WarpSize - 1) / A.WarpSize;
  return A.MaxWarpsPerSM / Warps;
}

inline int blocksByRegisters(const ArchSpec &A, int Regs, int BlockSize,
                             Result &R) {
  int Warps = (BlockSize + A.WarpSize - 1) / A.WarpSize;
  int PerWarp = (int)roundUpTo((long long)Regs * A.WarpSize, A.RegAllocUnit);
  R.RegsPerWarpAllocated = PerWarp;
  R.RegsPerBlockAllocated = PerWarp * Warps;
  // The launch check allocates as if every sub-partition got the same
  // number of warps.
  int Assumed = PerWarp * (int)roundUpTo(Warps, A.SubPartitions);
  if (Regs > A.MaxRegsPerThread || Assumed > A.RegsPerBlock ||
      R.RegsPerBlockAllocated > A.RegsPerBlock)
    return 0;
  if (PerWarp == 0)
    return INT_MAX;
  int WarpsPerSubPartition = (A.RegsPerSM / A.SubPartitions) / PerWarp;
  return WarpsPerSubPartition * A.SubPartitions / Warps;
}

inline int blocksBySharedMemory(const ArchSpec &A, const KernelResources &K,
                                const LaunchParams &L, Result &R) {
  long long Static = K.StaticSmemBytes + A.ReservedSmemPerBlock;
  long long Alloc = roundUpTo(Static + L.DynamicSmemBytes, A.SmemAllocUnit);
  R.SmemPerBlockAllocated = Alloc;
  // Opt-in raises the per-block limit once the kernel may use more than the
  // default; the reservation comes on top of either limit.
  long long MostPerBlock = Static + K.MaxDynamicSmemBytes;
  long long Limit =
      (MostPerBlock > A.SmemPerBlock ? A.SmemPerBlockOptin : A.SmemPerBlock) +
      A.ReservedSmemPerBlock;
  if (L.DynamicSmemBytes > K.MaxDynamicSmemBytes || Alloc > Limit)
    return 0;
  long long Preferred = A.SmemPerSM;
  if (L.CarveoutPercent >= 0)
    Preferred = alignUpCarveout(A, L.CarveoutPercent * A.SmemPerSM / 100);
  // A preference too small for one block gives way to the smallest
  // carveout that holds one.
  long long PerSM = Preferred >= Alloc ? Preferred : alignUpCarveout(A, Alloc);
  R.SmemPerSMUsed = PerSM;
  if (PerSM < 0) // Larger than any carveout; the limits above exclude it.
    return 0;
  if (Alloc == 0)
    return INT_MAX;
  long long N = PerSM / Alloc;
  return N > INT_MAX ? INT_MAX : (int)N;
}

/// Resident blocks per SM for a kernel and launch on an architecture.
inline Result computeOccupancy(const ArchSpec &A, const KernelResources &K,
                               const LaunchParams &L) {
  Result R;
  if (L.BlockSize <= 0 || K.RegsPerThread < 0 || K.StaticSmemBytes < 0 ||
      K.MaxDynamicSmemBytes < 0 || L.DynamicSmemBytes < 0 ||
      L.CarveoutPercent < -1 || L.CarveoutPercent > 100)
    return R;
  R.St = Status::Ok;
  R.MaxWarpsPerSM = A.MaxWarpsPerSM;
  R.WarpsPerBlock = (L.BlockSize + A.WarpSize - 1) / A.WarpSize;
  R.BlocksByWarps = blocksByWarps(A, L.BlockSize);
  R.BlocksByRegisters = blocksByRegisters(A, K.RegsPerThread, L.BlockSize, R);
  R.BlocksBySharedMemory = blocksBySharedMemory(A, K, L, R);
  R.BlocksBySlots = A.MaxBlocksPerSM;

  int N = R.BlocksByWarps;
  N = R.BlocksByRegisters < N ? R.BlocksByRegisters : N;
  N = R.BlocksBySharedMemory < N ? R.BlocksBySharedMemory : N;
  N = R.BlocksBySlots < N ? R.BlocksBySlots : N;
  R.ActiveBlocks = N;
  R.Limiting = (N == R.BlocksByWarps ? LimitWarps : 0u) |
               (N == R.BlocksByRegisters ? LimitRegisters : 0u) |
               (N == R.BlocksBySharedMemory ? LimitSharedMemory : 0u) |
               (N == R.BlocksBySlots ? LimitBlocks : 0u);
  R.ActiveWarps = N * R.WarpsPerBlock;
  R.Occupancy = (double)R.ActiveWarps / A.MaxWarpsPerSM;
  return R;
}

/// Same, by compute capability; Status::UnknownArch if it is not modelled.
inline Result computeOccupancy(int Major, int Minor, const KernelResources &K,
                               const LaunchParams &L) {
  if (const ArchSpec *A = findArch(Major, Minor))
    return computeOccupancy(*A, K, L);
  Result R;
  R.St = Status::UnknownArch;
  return R;
}

} // namespace occupancy
} // namespace c2cuda

#endif // C2CUDA_TARGET_OCCUPANCYCORE_H
