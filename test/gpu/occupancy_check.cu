//===- occupancy_check.cu - The occupancy model against the CUDA runtime --===//
//
// Standalone (plain nvcc, no LLVM): for many (kernel registers, static
// shared memory, block size, dynamic shared memory, carveout) combinations,
// asks cudaOccupancyMaxActiveBlocksPerMultiprocessor and compares the
// answer with lib/target/OccupancyCore.h, the code c2cuda uses. Also
// compares the device's own limits (cudaDeviceProp) with the model's table
// for its compute capability.
//
// Kernels get different register counts from __maxnreg__ on a body with
// more live values than the cap (ptxas spills the rest); the real count is
// read back with cudaFuncGetAttributes, so the model sees exactly what the
// runtime sees. Each kernel is checked twice: with the default 48 KiB
// dynamic-shared-memory limit, and opted in to the device maximum.
//
// First, without a GPU, the model is compared with the CUDA toolkit's own
// host-side calculator, cuda_occupancy.h, for every modelled architecture
// (all register counts 0..255, block sizes, static/dynamic shared memory,
// opt-in limits and carveouts): the number of blocks, each per-resource
// limit and the binding ones must be equal. `--reference-only` stops there
// (no GPU needed).
//
// Exit status: 0 all agree; 1 any disagreement or table mismatch; 2 the
// device cannot be used or its compute capability is not modelled.
// Build and run: test/gpu/run-occupancy-check.sh.
//
//===----------------------------------------------------------------------===//

#include "../../lib/target/OccupancyCore.h"

#include <cuda_occupancy.h>
#include <cuda_runtime.h>

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#if !defined(CUDART_VERSION) || CUDART_VERSION < 12040
#error "occupancy_check.cu needs CUDA 12.4 or later (__maxnreg__)"
#endif

using namespace c2cuda::occupancy;

//===-- Kernels -----------------------------------------------------------===//

// K live accumulators, capped at R registers per thread.
template <int K, int R>
__global__ void __maxnreg__(R)
    regsKernel(const float *__restrict__ In, float *Out, int N) {
  float Acc[K];
#pragma unroll
  for (int I = 0; I < K; ++I)
    Acc[I] = In[threadIdx.x + I * 32];
  for (int It = 0; It < N; ++It) {
#pragma unroll
    for (int I = 0; I < K; ++I)
      Acc[I] = Acc[I] * Acc[(I + 1) % K] + Acc[(I + 7) % K];
  }
  float S = 0;
#pragma unroll
  for (int I = 0; I < K; ++I)
    S += Acc[I] * (I + 1);
  Out[blockIdx.x * blockDim.x + threadIdx.x] = S;
}

// The same with Bytes of static shared memory.
template <int K, int R, int Bytes>
__global__ void __maxnreg__(R)
    smemKernel(const float *__restrict__ In, float *Out, int N) {
  __shared__ float Buf[Bytes / 4];
  for (int I = threadIdx.x; I < Bytes / 4; I += blockDim.x)
    Buf[I] = In[I];
  __syncthreads();
  float Acc[K];
#pragma unroll
  for (int I = 0; I < K; ++I)
    Acc[I] = Buf[(threadIdx.x + I * 32) % (Bytes / 4)];
  for (int It = 0; It < N; ++It) {
#pragma unroll
    for (int I = 0; I < K; ++I)
      Acc[I] = Acc[I] * Acc[(I + 1) % K] + Acc[(I + 7) % K];
  }
  float S = 0;
#pragma unroll
  for (int I = 0; I < K; ++I)
    S += Acc[I] * (I + 1);
  Out[blockIdx.x * blockDim.x + threadIdx.x] = S;
}

__global__ void tinyKernel(float *P) { P[threadIdx.x] = 1.0f; }

struct KernelEntry {
  const char *Name;
  const void *Fn;
  bool CarveoutSweep; ///< Also checked under carveout preferences.
};

#define REGS(K, R)                                                             \
  { "regs<" #K "," #R ">", (const void *)regsKernel<K, R>, false }
#define SMEM(K, R, B)                                                          \
  { "smem<" #K "," #R "," #B ">", (const void *)smemKernel<K, R, B>, false }

static KernelEntry Kernels[] = {
    {"tiny", (const void *)tinyKernel, true},
    REGS(96, 26),
    REGS(96, 24),
    {"regs<96,32>", (const void *)regsKernel<96, 32>, true},
    REGS(96, 37),
    REGS(96, 40),
    REGS(96, 48),
    REGS(96, 56),
    REGS(96, 64),
    REGS(256, 72),
    REGS(256, 80),
    REGS(256, 96),
    REGS(256, 104),
    {"regs<256,128>", (const void *)regsKernel<256, 128>, true},
    REGS(256, 152),
    REGS(256, 168),
    REGS(256, 200),
    REGS(256, 232),
    REGS(256, 255),
    SMEM(96, 32, 4096),
    {"smem<96,40,20000>", (const void *)smemKernel<96, 40, 20000>, true},
    SMEM(96, 64, 49152),
};

//===-- Checking ----------------------------------------------------------===//

#define CHECK(Call)                                                            \
  do {                                                                         \
    cudaError_t E_ = (Call);                                                   \
    if (E_ != cudaSuccess) {                                                   \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__,       \
                   #Call, cudaGetErrorString(E_));                             \
      std::exit(2);                                                            \
    }                                                                          \
  } while (0)

struct Mismatch {
  std::string Section, Kernel;
  KernelResources K;
  LaunchParams L;
  int Api; ///< Blocks, or -1 on an API error.
  cudaError_t ApiErr;
  Result Model;
};

struct Section {
  std::string Name;
  long Tried = 0, Agree = 0, AgreeApiError = 0, Disagree = 0;
};

struct Coverage {
  long Zero = 0, ByWarps = 0, ByRegs = 0, BySmem = 0, BySlots = 0;
};

static std::vector<Mismatch> Mismatches;
static Coverage Cov;

static const int BlockSizes[] = {
    1,   17,  32,  33,  64,  96,  100, 128, 160, 192, 224,  250,  256,
    288, 320, 352, 384, 416, 448, 480, 512, 544, 576, 608,  640,  672,
    704, 736, 768, 800, 832, 864, 896, 928, 960, 992, 1000, 1024, 1025};

// Around the allocation units, the 48 KiB default limit, and every
// architecture's per-block and per-SM maxima.
static const long long DynSmem[] = {
    0,          1,          127,           128,
    129,        1000,       3932,          8192,
    10649,      16384,      24576,         32768,
    40000,      48 * 1024,  48 * 1024 + 1, 64 * 1024,
    70000,      96 * 1024,  99 * 1024,     100 * 1024,
    113 * 1024, 132 * 1024, 163 * 1024,    164 * 1024,
    200 * 1024, 226 * 1024, 227 * 1024,    227 * 1024 + 1,
    228 * 1024};

static const char *limitNames(unsigned L) {
  static char Buf[64];
  Buf[0] = 0;
  const char *Names[] = {"warps", "regs", "smem", "slots"};
  for (int I = 0; I < 4; ++I)
    if (L & (1u << I)) {
      if (Buf[0])
        std::strcat(Buf, "+");
      std::strcat(Buf, Names[I]);
    }
  return Buf;
}

static std::string limitText(int N) {
  return N == INT_MAX ? std::string("inf") : std::to_string(N);
}

static void checkKernel(const ArchSpec &A, Section &S, const KernelEntry &E,
                        int Carveout) {
  cudaFuncAttributes Attr;
  CHECK(cudaFuncGetAttributes(&Attr, E.Fn));
  KernelResources K;
  K.RegsPerThread = Attr.numRegs;
  K.StaticSmemBytes = (long long)Attr.sharedSizeBytes;
  K.MaxDynamicSmemBytes = Attr.maxDynamicSharedSizeBytes;
  long Before = S.Disagree;
  char First[160] = "";
  for (int B : BlockSizes)
    for (long long D : DynSmem) {
      LaunchParams L;
      L.BlockSize = B;
      L.DynamicSmemBytes = D;
      L.CarveoutPercent = Carveout;
      Result M = computeOccupancy(A, K, L);
      int Api = -1;
      cudaError_t Err =
          cudaOccupancyMaxActiveBlocksPerMultiprocessor(&Api, E.Fn, B, D);
      if (Err != cudaSuccess) {
        cudaGetLastError(); // Not sticky; clear it.
        Api = -1;
      }
      ++S.Tried;
      bool Ok =
          M.St == Status::Ok &&
          (Err == cudaSuccess ? Api == M.ActiveBlocks : M.ActiveBlocks == 0);
      if (Ok && Err != cudaSuccess)
        ++S.AgreeApiError;
      else if (Ok)
        ++S.Agree;
      else {
        ++S.Disagree;
        if (!First[0])
          std::snprintf(First, sizeof First,
                        " (first: block %d, dyn %lld: API %d, model %d)", B, D,
                        Api, M.ActiveBlocks);
        if (Mismatches.size() < 10)
          Mismatches.push_back({S.Name, E.Name, K, L, Api, Err, M});
      }
      if (M.ActiveBlocks == 0)
        ++Cov.Zero;
      else if (M.Limiting & LimitSharedMemory)
        ++Cov.BySmem;
      else if (M.Limiting & LimitRegisters)
        ++Cov.ByRegs;
      else if (M.Limiting & LimitWarps)
        ++Cov.ByWarps;
      else
        ++Cov.BySlots;
    }
  // The largest block the model lets run, next to the runtime's.
  int ModelMaxThreads = 0;
  for (int B = A.WarpSize; B <= A.MaxThreadsPerBlock; B += A.WarpSize) {
    LaunchParams L;
    L.BlockSize = B;
    if (computeOccupancy(A, K, L).BlocksByRegisters > 0)
      ModelMaxThreads = B;
  }
  std::printf("  %-8s %-20s regs %3d  static %6lld  maxdyn %6lld  "
              "maxthreads %4d (model %4d)  local %5zu  carveout %4d  -> %ld "
              "disagreements%s\n",
              S.Name.c_str(), E.Name, K.RegsPerThread, K.StaticSmemBytes,
              K.MaxDynamicSmemBytes, Attr.maxThreadsPerBlock, ModelMaxThreads,
              Attr.localSizeBytes, Carveout, S.Disagree - Before, First);
}

//===-- Reference: the toolkit's cuda_occupancy.h, no GPU ----------------===//

// Compares the model with cudaOccMaxActiveBlocksPerMultiprocessor for every
// modelled architecture; returns the number of disagreements.
static long referenceCheck() {
  static const int Statics[] = {0, 1000, 4096, 20000, 49152};
  static const int CarveoutPcts[] = {-1, 0, 10, 25, 50, 75, 100};
  long Tried = 0, Bad = 0, Printed = 0;
  std::printf("Reference check against cuda_occupancy.h (CUDA_OCC %d.%d), "
              "no GPU:\n",
              __CUDA_OCC_MAJOR__, __CUDA_OCC_MINOR__);
  for (const ArchSpec &A : KnownArchs) {
    cudaOccDeviceProp P;
    P.computeMajor = A.Major;
    P.computeMinor = A.Minor;
    P.maxThreadsPerBlock = A.MaxThreadsPerBlock;
    P.maxThreadsPerMultiprocessor = A.MaxWarpsPerSM * A.WarpSize;
    P.regsPerBlock = A.RegsPerBlock;
    P.regsPerMultiprocessor = A.RegsPerSM;
    P.warpSize = A.WarpSize;
    P.sharedMemPerBlock = (size_t)A.SmemPerBlock;
    P.sharedMemPerMultiprocessor = (size_t)A.SmemPerSM;
    P.numSms = 1;
    P.sharedMemPerBlockOptin = (size_t)A.SmemPerBlockOptin;
    P.reservedSharedMemPerBlock = (size_t)A.ReservedSmemPerBlock;
    long ArchTried = Tried, ArchBad = Bad;
    for (int Regs = 0; Regs <= 255; ++Regs)
      for (int St : Statics)
        for (int OptIn = 0; OptIn < 2; ++OptIn)
          for (int C : CarveoutPcts) {
            // Carveouts on a subset of register counts keeps this fast.
            if (C != -1 && Regs % 8 != 5)
              continue;
            if (St > A.SmemPerBlock)
              continue;
            // As the runtime converts cudaFuncAttributes (shmemLimitConfig
            // OPTIN, one block barrier).
            cudaOccFuncAttributes F;
            F.maxThreadsPerBlock = 1024;
            F.numRegs = Regs;
            F.sharedSizeBytes = (size_t)St;
            F.partitionedGCConfig = PARTITIONED_GC_OFF;
            F.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
            long long MaxDyn =
                OptIn ? A.SmemPerBlockOptin - St : 48 * 1024 - St;
            F.maxDynamicSharedSizeBytes = (size_t)MaxDyn;
            F.numBlockBarriers = 1;
            F.virtualResourceCount = 0;
            cudaOccDeviceState S;
            S.carveoutConfig = C;
            KernelResources K;
            K.RegsPerThread = Regs;
            K.StaticSmemBytes = St;
            K.MaxDynamicSmemBytes = MaxDyn;
            for (int B : BlockSizes)
              for (long long D : DynSmem) {
                cudaOccResult R;
                cudaOccError E = cudaOccMaxActiveBlocksPerMultiprocessor(
                    &R, &P, &F, &S, B, (size_t)D);
                LaunchParams L;
                L.BlockSize = B;
                L.DynamicSmemBytes = D;
                L.CarveoutPercent = C;
                Result M = computeOccupancy(A, K, L);
                ++Tried;
                bool Same = E == CUDA_OCC_SUCCESS && M.St == Status::Ok &&
                            R.activeBlocksPerMultiprocessor == M.ActiveBlocks &&
                            R.blockLimitWarps == M.BlocksByWarps &&
                            R.blockLimitRegs == M.BlocksByRegisters &&
                            R.blockLimitSharedMem == M.BlocksBySharedMemory &&
                            R.blockLimitBlocks == M.BlocksBySlots &&
                            (R.limitingFactors & 0xF) == M.Limiting;
                if (Same)
                  continue;
                ++Bad;
                if (Printed++ < 10)
                  std::printf(
                      "  MISMATCH sm_%d%d regs %d static %d maxdyn %lld "
                      "carveout %d block %d dyn %lld: reference %s%d "
                      "(warps %d regs %d smem %d slots %d, factors %x) "
                      "model %d (warps %s regs %s smem %s slots %s, "
                      "factors %x)\n",
                      A.Major, A.Minor, Regs, St, MaxDyn, C, B, D,
                      E == CUDA_OCC_SUCCESS ? "" : "error ",
                      R.activeBlocksPerMultiprocessor, R.blockLimitWarps,
                      R.blockLimitRegs, R.blockLimitSharedMem,
                      R.blockLimitBlocks, R.limitingFactors & 0xF,
                      M.ActiveBlocks, limitText(M.BlocksByWarps).c_str(),
                      limitText(M.BlocksByRegisters).c_str(),
                      limitText(M.BlocksBySharedMemory).c_str(),
                      limitText(M.BlocksBySlots).c_str(), M.Limiting);
              }
          }
    std::printf("  sm_%d%d: %ld combinations, %ld disagreements\n", A.Major,
                A.Minor, Tried - ArchTried, Bad - ArchBad);
  }
  std::printf("  reference total: %ld combinations, %ld disagreements\n\n",
              Tried, Bad);
  return Bad;
}

// The device's limits against the model's table; returns mismatches.
static int compareTable(const cudaDeviceProp &P, const ArchSpec &A) {
  struct Row {
    const char *What;
    long long Device, Model;
  } Rows[] = {
      {"sharedMemPerMultiprocessor", (long long)P.sharedMemPerMultiprocessor,
       A.SmemPerSM},
      {"sharedMemPerBlockOptin", (long long)P.sharedMemPerBlockOptin,
       A.SmemPerBlockOptin},
      {"sharedMemPerBlock", (long long)P.sharedMemPerBlock, A.SmemPerBlock},
      {"reservedSharedMemPerBlock", (long long)P.reservedSharedMemPerBlock,
       A.ReservedSmemPerBlock},
      {"regsPerMultiprocessor", P.regsPerMultiprocessor, A.RegsPerSM},
      {"regsPerBlock", P.regsPerBlock, A.RegsPerBlock},
      {"maxBlocksPerMultiProcessor", P.maxBlocksPerMultiProcessor,
       A.MaxBlocksPerSM},
      {"maxThreadsPerMultiProcessor / warpSize",
       P.maxThreadsPerMultiProcessor / P.warpSize, A.MaxWarpsPerSM},
      {"maxThreadsPerBlock", P.maxThreadsPerBlock, A.MaxThreadsPerBlock},
      {"warpSize", P.warpSize, A.WarpSize},
  };
  int Bad = 0;
  std::printf("\nDevice limits vs model table (sm_%d%d):\n", A.Major, A.Minor);
  std::printf("  %-40s %12s %12s\n", "property", "device", "model");
  for (const Row &R : Rows) {
    bool Same = R.Device == R.Model;
    Bad += !Same;
    std::printf("  %-40s %12lld %12lld%s\n", R.What, R.Device, R.Model,
                Same ? "" : "   <-- MISMATCH");
  }
  return Bad;
}

int main(int Argc, char **Argv) {
  long RefBad = referenceCheck();
  if (Argc > 1 && std::strcmp(Argv[1], "--reference-only") == 0) {
    std::printf("%s (reference only)\n", RefBad ? "FAIL" : "PASS");
    return RefBad ? 1 : 0;
  }

  int Dev = 0;
  CHECK(cudaGetDevice(&Dev));
  cudaDeviceProp P;
  CHECK(cudaGetDeviceProperties(&P, Dev));
  int Driver = 0, Runtime = 0;
  cudaDriverGetVersion(&Driver);
  cudaRuntimeGetVersion(&Runtime);
  std::printf("Device %d: %s, compute capability %d.%d, %d SMs; driver %d, "
              "runtime %d\n",
              Dev, P.name, P.major, P.minor, P.multiProcessorCount, Driver,
              Runtime);
  const ArchSpec *A = findArch(P.major, P.minor);
  if (!A) {
    std::printf("compute capability %d.%d is not modelled\n", P.major, P.minor);
    return 2;
  }
  int TableBad = compareTable(P, *A);

  std::vector<Section> Sections = {{"default"}, {"opt-in"}, {"carveout"}};
  std::printf("\nKernels (attributes as cudaFuncGetAttributes reports "
              "them):\n");
  for (const KernelEntry &E : Kernels)
    checkKernel(*A, Sections[0], E, -1);

  // Opt in to the largest dynamic shared memory the kernel can have.
  for (const KernelEntry &E : Kernels) {
    cudaFuncAttributes Attr;
    CHECK(cudaFuncGetAttributes(&Attr, E.Fn));
    CHECK(cudaFuncSetAttribute(
        E.Fn, cudaFuncAttributeMaxDynamicSharedMemorySize,
        (int)(P.sharedMemPerBlockOptin - Attr.sharedSizeBytes)));
    checkKernel(*A, Sections[1], E, -1);
  }

  // Carveout preferences (a hint to the driver; see docs/occupancy.md).
  const int Carveouts[] = {0, 10, 25, 50, 75, 100};
  for (const KernelEntry &E : Kernels) {
    if (!E.CarveoutSweep)
      continue;
    for (int C : Carveouts) {
      CHECK(cudaFuncSetAttribute(
          E.Fn, cudaFuncAttributePreferredSharedMemoryCarveout, C));
      checkKernel(*A, Sections[2], E, C);
    }
    CHECK(cudaFuncSetAttribute(E.Fn,
                               cudaFuncAttributePreferredSharedMemoryCarveout,
                               (int)cudaSharedmemCarveoutDefault));
  }

  std::printf("\nSummary (model: lib/target/OccupancyCore.h, sm_%d%d):\n",
              A->Major, A->Minor);
  std::printf("  %-10s %10s %10s %18s %14s\n", "section", "tried", "agree",
              "agree(API error)", "disagree");
  Section Total{"total"};
  for (const Section &S : Sections) {
    std::printf("  %-10s %10ld %10ld %18ld %14ld\n", S.Name.c_str(), S.Tried,
                S.Agree, S.AgreeApiError, S.Disagree);
    Total.Tried += S.Tried;
    Total.Agree += S.Agree;
    Total.AgreeApiError += S.AgreeApiError;
    Total.Disagree += S.Disagree;
  }
  std::printf("  %-10s %10ld %10ld %18ld %14ld\n", "total", Total.Tried,
              Total.Agree, Total.AgreeApiError, Total.Disagree);
  std::printf("  (agree(API error): the API returned an error where the "
              "model says 0 blocks)\n");
  std::printf("\nModel's binding limit over all combinations: 0 blocks %ld, "
              "shared memory %ld, registers %ld, warps %ld, block slots "
              "%ld\n",
              Cov.Zero, Cov.BySmem, Cov.ByRegs, Cov.ByWarps, Cov.BySlots);

  if (!Mismatches.empty()) {
    std::printf("\nFirst %zu disagreements:\n", Mismatches.size());
    for (const Mismatch &M : Mismatches) {
      const Result &R = M.Model;
      std::printf(
          "  [%s] %s: regs %d, static smem %lld, max dyn %lld, carveout "
          "%d, block %d, dyn smem %lld\n"
          "      API: %d%s%s   model: %d (warps %s, regs %s, smem %s, "
          "slots %s; limited by %s; regs/warp %d, regs/block %d, "
          "smem/block %lld of %lld per SM)\n",
          M.Section.c_str(), M.Kernel.c_str(), M.K.RegsPerThread,
          M.K.StaticSmemBytes, M.K.MaxDynamicSmemBytes, M.L.CarveoutPercent,
          M.L.BlockSize, M.L.DynamicSmemBytes, M.Api,
          M.ApiErr == cudaSuccess ? "" : " error: ",
          M.ApiErr == cudaSuccess ? "" : cudaGetErrorString(M.ApiErr),
          R.ActiveBlocks, limitText(R.BlocksByWarps).c_str(),
          limitText(R.BlocksByRegisters).c_str(),
          limitText(R.BlocksBySharedMemory).c_str(),
          limitText(R.BlocksBySlots).c_str(), limitNames(R.Limiting),
          R.RegsPerWarpAllocated, R.RegsPerBlockAllocated,
          R.SmemPerBlockAllocated, R.SmemPerSMUsed);
    }
  }

  bool Pass = Total.Disagree == 0 && TableBad == 0 && RefBad == 0;
  std::printf("\n%s: %ld combinations on the device, %ld disagreements, %d "
              "table mismatches, %ld disagreements with cuda_occupancy.h\n",
              Pass ? "PASS" : "FAIL", Total.Tried, Total.Disagree, TableBad,
              RefBad);
  return Pass ? 0 : 1;
}
