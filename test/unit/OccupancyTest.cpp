//===- OccupancyTest.cpp - Occupancy model and ptxas report parser --------===//
//
// The occupancy model against cases computed by hand, each chosen so that
// one rule decides it (the comments show the arithmetic; "SP" is an SM
// sub-partition, which holds a quarter of the register file). The ptxas
// report parser on captured text, and on a live nvcc run where nvcc exists.
//
//===----------------------------------------------------------------------===//

#include "analysis/Occupancy.h"
#include "target/PtxasInfo.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <climits>

using namespace c2cuda;
using namespace c2cuda::occupancy;

namespace {

Result occ(int Major, int Minor, int Block, int Regs, long long Dyn = 0,
           long long Static = 0, long long MaxDyn = 48 * 1024,
           int Carveout = -1) {
  KernelResources K;
  K.RegsPerThread = Regs;
  K.StaticSmemBytes = Static;
  K.MaxDynamicSmemBytes = MaxDyn;
  LaunchParams L;
  L.BlockSize = Block;
  L.DynamicSmemBytes = Dyn;
  L.CarveoutPercent = Carveout;
  return computeOccupancy(Major, Minor, K, L);
}

TEST(Occupancy, A100Full256x32) {
  // 8.0, 256 threads = 8 warps, 32 regs, no shared memory.
  //   warps: 64 / 8 = 8
  //   regs:  32*32 = 1024 per warp; 16384 / 1024 = 16 warps per SP,
  //          x4 = 64 warps; 64 / 8 = 8
  //   smem:  0 + 1 KiB reserved = 1024; 167936 / 1024 = 164
  //   slots: 32
  Result R = occ(8, 0, 256, 32);
  ASSERT_EQ(R.St, Status::Ok);
  EXPECT_EQ(R.BlocksByWarps, 8);
  EXPECT_EQ(R.BlocksByRegisters, 8);
  EXPECT_EQ(R.BlocksBySharedMemory, 164);
  EXPECT_EQ(R.BlocksBySlots, 32);
  EXPECT_EQ(R.ActiveBlocks, 8);
  EXPECT_EQ(R.ActiveWarps, 64);
  EXPECT_DOUBLE_EQ(R.Occupancy, 1.0);
  EXPECT_EQ(R.Limiting, LimitWarps | LimitRegisters);
  EXPECT_EQ(R.SmemPerBlockAllocated, 1024);
  EXPECT_EQ(R.RegsPerBlockAllocated, 8192);
}

TEST(Occupancy, H100RegisterBound) {
  // 9.0, 128 threads = 4 warps, 64 regs.
  //   warps: 64 / 4 = 16
  //   regs:  2048 per warp; 16384 / 2048 = 8 per SP -> 32 warps; 32/4 = 8
  //   smem:  233472 / 1024 = 228;  slots: 32
  Result R = occ(9, 0, 128, 64);
  EXPECT_EQ(R.ActiveBlocks, 8);
  EXPECT_EQ(R.ActiveWarps, 32);
  EXPECT_DOUBLE_EQ(R.Occupancy, 0.5);
  EXPECT_EQ(R.Limiting, LimitRegisters);
  EXPECT_EQ(R.BlocksBySharedMemory, 228);
}

TEST(Occupancy, RegistersAllocatedPerSubPartition) {
  // 9.0, 64 threads = 2 warps, 40 regs: 1280 per warp (a multiple of 256).
  //   One register file:  65536 / 1280 = 51 warps -> 25 blocks (wrong).
  //   Per SP: 16384 / 1280 = 12 warps, x4 = 48 warps -> 24 blocks.
  //   warps: 64 / 2 = 32; slots 32.
  Result R = occ(9, 0, 64, 40);
  EXPECT_EQ(R.BlocksByRegisters, 24);
  EXPECT_EQ(R.ActiveBlocks, 24);
  EXPECT_EQ(R.ActiveWarps, 48);
  EXPECT_DOUBLE_EQ(R.Occupancy, 0.75);
  EXPECT_EQ(R.Limiting, LimitRegisters);
}

TEST(Occupancy, RegisterAllocationUnit) {
  // 8.6, 128 threads = 4 warps, 37 regs: 37*32 = 1184 -> 1280 per warp.
  //   Per SP: 16384 / 1280 = 12 -> 48 warps -> 12 blocks.
  //   warps: 48 / 4 = 12; slots 16; smem 102400 / 1024 = 100.
  Result R = occ(8, 6, 128, 37);
  EXPECT_EQ(R.RegsPerWarpAllocated, 1280);
  EXPECT_EQ(R.ActiveBlocks, 12);
  EXPECT_DOUBLE_EQ(R.Occupancy, 1.0);
  EXPECT_EQ(R.Limiting, LimitWarps | LimitRegisters);
  // 39 regs: 1248 -> 1280 too, the same answer; 41 regs: 1312 -> 1536,
  // 16384 / 1536 = 10 per SP -> 40 warps -> 10 blocks.
  EXPECT_EQ(occ(8, 6, 128, 39).ActiveBlocks, 12);
  EXPECT_EQ(occ(8, 6, 128, 41).ActiveBlocks, 10);
}

TEST(Occupancy, RegisterLaunchCheckRoundsWarpsToSubPartitions) {
  // 9.0, 255 regs: 8160 -> 8192 per warp.
  //   256 threads = 8 warps: 8 * 8192 = 65536 fits; per SP 16384 / 8192 = 2
  //   -> 8 warps -> 1 block.
  //   288 threads = 9 warps, checked as 12: 98304 > 65536 -> 0.
  EXPECT_EQ(occ(9, 0, 256, 255).ActiveBlocks, 1);
  Result R = occ(9, 0, 288, 255);
  EXPECT_EQ(R.ActiveBlocks, 0);
  EXPECT_EQ(R.Limiting, LimitRegisters);
  // 200 regs: 6400 per warp. 320 threads = 10 warps: 64000 registers would
  // fit in 65536, but checked as 12 warps, 76800 does not -> 0.
  EXPECT_EQ(occ(9, 0, 320, 200).ActiveBlocks, 0);
  // 256 threads: 8 * 6400 = 51200; per SP 16384 / 6400 = 2 -> 1 block.
  EXPECT_EQ(occ(9, 0, 256, 200).ActiveBlocks, 1);
}

TEST(Occupancy, TuringWarpBound) {
  // 7.5, 1024 threads = 32 warps, 16 regs.
  //   warps: 32 / 32 = 1
  //   regs:  512 per warp; 32 per SP -> 128 warps -> 4 blocks
  //   smem:  nothing used and no reservation on 7.x -> unlimited; slots 16.
  Result R = occ(7, 5, 1024, 16);
  EXPECT_EQ(R.ActiveBlocks, 1);
  EXPECT_EQ(R.BlocksByRegisters, 4);
  EXPECT_EQ(R.BlocksBySharedMemory, INT_MAX);
  EXPECT_DOUBLE_EQ(R.Occupancy, 1.0);
  EXPECT_EQ(R.Limiting, LimitWarps);
}

TEST(Occupancy, A100SharedMemoryBound) {
  // 8.0, 256 threads, 32 regs, 48 KiB dynamic (opted in to 163 KiB).
  //   smem: 49152 + 1024 = 50176 (a multiple of 128); 167936 / 50176 = 3
  //   warps 8, regs 8 -> 3 blocks, 24 warps, 37.5%.
  Result R = occ(8, 0, 256, 32, 48 * 1024, 0, 163 * 1024);
  EXPECT_EQ(R.BlocksBySharedMemory, 3);
  EXPECT_EQ(R.ActiveBlocks, 3);
  EXPECT_DOUBLE_EQ(R.Occupancy, 0.375);
  EXPECT_EQ(R.Limiting, LimitSharedMemory);
  EXPECT_EQ(R.SmemPerSMUsed, 167936);
}

TEST(Occupancy, SharedMemoryAllocationUnit) {
  // 9.0 (128-byte unit), 32 threads, 16 regs, 10649 B dynamic:
  //   10649 + 1024 = 11673 -> 11776; 233472 / 11776 = 19
  //   (unrounded: 233472 / 11673 = 20). warps 64, regs 128, slots 32.
  Result R = occ(9, 0, 32, 16, 10649);
  EXPECT_EQ(R.SmemPerBlockAllocated, 11776);
  EXPECT_EQ(R.ActiveBlocks, 19);
  EXPECT_EQ(R.Limiting, LimitSharedMemory);
  // 7.0 (256-byte unit, no reservation), 3932 B: -> 4096;
  //   98304 / 4096 = 24 (unrounded: 25).
  Result V = occ(7, 0, 32, 16, 3932);
  EXPECT_EQ(V.SmemPerBlockAllocated, 4096);
  EXPECT_EQ(V.ActiveBlocks, 24);
  EXPECT_DOUBLE_EQ(V.Occupancy, 24.0 / 64);
}

TEST(Occupancy, DynamicSharedMemoryLimits) {
  // Without opt-in the kernel may not take more than 48 KiB dynamic.
  EXPECT_EQ(occ(9, 0, 128, 32, 48 * 1024).ActiveBlocks, 4); // 233472/50176
  Result R = occ(9, 0, 128, 32, 48 * 1024 + 1);
  EXPECT_EQ(R.BlocksBySharedMemory, 0);
  EXPECT_EQ(R.ActiveBlocks, 0);
  // Opted in to 227 KiB: 227 KiB + 1 KiB reserved = all 228 KiB -> 1 block.
  EXPECT_EQ(occ(9, 0, 128, 32, 227 * 1024, 0, 227 * 1024).ActiveBlocks, 1);
  EXPECT_EQ(occ(9, 0, 128, 32, 227 * 1024 + 1, 0, 227 * 1024).ActiveBlocks, 0);
  // Static + dynamic over the per-block maximum: 1 KiB + 227 KiB.
  EXPECT_EQ(occ(9, 0, 128, 32, 227 * 1024, 1024, 227 * 1024).ActiveBlocks, 0);
  // 7.0: 48 KiB static, no dynamic; 98304 / 49152 = 2.
  EXPECT_EQ(occ(7, 0, 128, 32, 0, 48 * 1024).ActiveBlocks, 2);
  // 7.5: 32 KiB dynamic of 64 KiB per SM -> 2 blocks (warps 4, regs 8).
  Result T = occ(7, 5, 256, 32, 32 * 1024);
  EXPECT_EQ(T.ActiveBlocks, 2);
  EXPECT_DOUBLE_EQ(T.Occupancy, 0.5);
}

TEST(Occupancy, Carveout) {
  // 9.0, 50%: 233472 * 50 / 100 = 116736 (114 KiB) -> the 132 KiB carveout.
  //   33 KiB per block (32 + 1 reserved): 135168 / 33792 = 4.
  Result R = occ(9, 0, 128, 32, 32 * 1024, 0, 227 * 1024, 50);
  EXPECT_EQ(R.SmemPerSMUsed, 132 * 1024);
  EXPECT_EQ(R.ActiveBlocks, 4);
  // Default: the largest carveout, 233472 / 33792 = 6.
  EXPECT_EQ(occ(9, 0, 128, 32, 32 * 1024, 0, 227 * 1024).ActiveBlocks, 6);
  // 0% cannot hold one block: the smallest carveout that does, 64 KiB.
  Result Z = occ(9, 0, 128, 32, 32 * 1024, 0, 227 * 1024, 0);
  EXPECT_EQ(Z.SmemPerSMUsed, 64 * 1024);
  EXPECT_EQ(Z.ActiveBlocks, 1);
  // Turing's smallest carveout is 32 KiB.
  EXPECT_EQ(occ(7, 5, 128, 32, 16 * 1024, 0, 48 * 1024, 0).ActiveBlocks, 2);
}

TEST(Occupancy, BlockSlotsAndSizes) {
  // 8.0, 1 thread (one warp), 32 regs: warps 64, regs 64, slots 32 -> 32
  // blocks of one warp = 50%.
  Result R = occ(8, 0, 1, 32);
  EXPECT_EQ(R.ActiveBlocks, 32);
  EXPECT_EQ(R.Limiting, LimitBlocks);
  EXPECT_DOUBLE_EQ(R.Occupancy, 0.5);
  // 8.9, 64 threads, 32 regs: warps 48 / 2 = 24 = slots 24; regs 32.
  Result A = occ(8, 9, 64, 32);
  EXPECT_EQ(A.ActiveBlocks, 24);
  EXPECT_EQ(A.Limiting, LimitWarps | LimitBlocks);
  // 8.6 has 16 slots: 64 threads -> 16 blocks, 32 of 48 warps.
  EXPECT_EQ(occ(8, 6, 64, 32).ActiveBlocks, 16);
  // 7.0 has 32 slots (7.5 has 16).
  EXPECT_EQ(occ(7, 0, 32, 16).ActiveBlocks, 32);
  EXPECT_EQ(occ(7, 5, 32, 16).ActiveBlocks, 16);
  // Over 1024 threads: nothing.
  EXPECT_EQ(occ(9, 0, 1025, 16).ActiveBlocks, 0);
  // A partial warp takes a whole warp slot: 33 threads = 2 warps, 32 blocks
  // by warps on 9.0.
  EXPECT_EQ(occ(9, 0, 33, 16).BlocksByWarps, 32);
  // No registers at all: registers do not limit.
  EXPECT_EQ(occ(9, 0, 256, 0).BlocksByRegisters, INT_MAX);
}

TEST(Occupancy, InvalidInputs) {
  EXPECT_EQ(occ(6, 1, 256, 32).St, Status::UnknownArch);
  EXPECT_EQ(occ(9, 0, 0, 32).St, Status::InvalidInput);
  EXPECT_EQ(occ(9, 0, 256, 32, -1).St, Status::InvalidInput);
  EXPECT_EQ(occ(9, 0, 256, 32, 0, 0, 48 * 1024, 101).St, Status::InvalidInput);
}

TEST(Occupancy, ArchTable) {
  // The largest carveout is the SM's shared memory, and the opt-in block
  // maximum plus the reservation is all of it (e.g. 163 + 1 = 164 KiB).
  for (const ArchSpec &A : KnownArchs) {
    SCOPED_TRACE(std::to_string(A.Major) + "." + std::to_string(A.Minor));
    EXPECT_EQ(A.CarveoutKiB[A.NumCarveouts - 1] * 1024LL, A.SmemPerSM);
    EXPECT_EQ(A.SmemPerBlockOptin + A.ReservedSmemPerBlock, A.SmemPerSM);
    EXPECT_EQ(A.RegsPerSM, 65536);
  }
  const ArchSpec *H = findArch("sm_90a");
  ASSERT_NE(H, nullptr);
  EXPECT_EQ(H->SmemPerSM, 233472);
  EXPECT_EQ(H->MaxWarpsPerSM, 64);
  EXPECT_EQ(findArch("8.6")->MaxWarpsPerSM, 48);
  EXPECT_EQ(findArch("compute_75")->MaxWarpsPerSM, 32);
  EXPECT_EQ(findArch("sm_89")->MaxBlocksPerSM, 24);
  EXPECT_EQ(findArch("sm_61"), nullptr);
  EXPECT_EQ(findArch("sm_"), nullptr);
  EXPECT_FALSE(parseComputeCapability("nine").has_value());
  auto CC = parseComputeCapability("sm_100");
  ASSERT_TRUE(CC.has_value());
  EXPECT_EQ(CC->first, 10);
  EXPECT_EQ(CC->second, 0);
}

TEST(Occupancy, Report) {
  KernelResources K;
  K.RegsPerThread = 64;
  LaunchParams L;
  L.BlockSize = 128;
  const ArchSpec &A = *findArch("sm_90");
  Result R = computeOccupancy(A, K, L);
  std::string S;
  llvm::raw_string_ostream OS(S);
  printOccupancy(OS, A, K, L, R);
  EXPECT_NE(S.find("sm_90: 128 threads, 64 regs, 0+0 B smem -> 8 blocks/SM, "
                   "32/64 warps (50%), limited by registers\n"),
            std::string::npos)
      << S;
  EXPECT_NE(S.find("  by shared memory: 228\n"), std::string::npos) << S;
  EXPECT_EQ(limitingFactorNames(LimitWarps | LimitSharedMemory),
            "warps, shared memory");
}

// ptxas -v from CUDA 13.0 (nvcc -arch=sm_90 --ptxas-options=-v).
const char *Cuda13Log =
    R"(ptxas info    : 0 bytes gmem
ptxas info    : Compiling entry function 'cfun' for 'sm_90'
ptxas info    : Function properties for cfun
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 8 registers, used 0 barriers
ptxas info    : Compile time = 8.838 ms
ptxas info    : Compiling entry function '_Z5heavyILi37EEvPKfPfi' for 'sm_90'
ptxas info    : Function properties for _Z5heavyILi37EEvPKfPfi
    240 bytes stack frame, 492 bytes spill stores, 520 bytes spill loads
ptxas info    : Used 37 registers, used 0 barriers, 240 bytes cumulative stack size
ptxas info    : Compile time = 32.122 ms
ptxas info    : Compiling entry function '_Z10usesHelperPf' for 'sm_90'
ptxas info    : Function properties for _Z10usesHelperPf
    160 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 32 registers, used 0 barriers, 160 bytes cumulative stack size
ptxas info    : Compile time = 12.518 ms
ptxas info    : Function properties for _Z6helperf
    8 bytes stack frame, 4 bytes spill stores, 4 bytes spill loads
ptxas info    : Compiling entry function '_Z6simplePf' for 'sm_90'
ptxas info    : Function properties for _Z6simplePf
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 10 registers, used 1 barriers, 4096 bytes smem
ptxas info    : Compile time = 3.921 ms
)";

TEST(PtxasInfo, ParsesCuda13Report) {
  std::vector<PtxasKernelInfo> Ks = parsePtxasInfo(Cuda13Log);
  ASSERT_EQ(Ks.size(), 4u);
  EXPECT_EQ(Ks[0].Name, "cfun");
  EXPECT_EQ(Ks[0].DemangledName, "cfun");
  EXPECT_EQ(Ks[0].Arch, "sm_90");
  EXPECT_EQ(Ks[0].Registers, 8u);
  EXPECT_EQ(Ks[0].SharedBytes, 0u);

  EXPECT_EQ(Ks[1].Name, "_Z5heavyILi37EEvPKfPfi");
  EXPECT_EQ(Ks[1].DemangledName, "void heavy<37>(float const*, float*, int)");
  EXPECT_EQ(Ks[1].Registers, 37u);
  EXPECT_EQ(Ks[1].StackFrameBytes, 240u);
  EXPECT_EQ(Ks[1].SpillStoreBytes, 492u);
  EXPECT_EQ(Ks[1].SpillLoadBytes, 520u);

  // The device function's properties (helper) are not usesHelper's.
  EXPECT_EQ(Ks[2].Registers, 32u);
  EXPECT_EQ(Ks[2].StackFrameBytes, 160u);
  EXPECT_EQ(Ks[2].SpillStoreBytes, 0u);

  EXPECT_EQ(Ks[3].Name, "_Z6simplePf");
  EXPECT_EQ(Ks[3].Registers, 10u);
  EXPECT_EQ(Ks[3].Barriers, 1u);
  EXPECT_EQ(Ks[3].SharedBytes, 4096u);
  EXPECT_EQ(Ks[3].StackFrameBytes, 0u);
}

TEST(PtxasInfo, ParsesOlderReportWithConstantBanks) {
  // CUDA 11 style: no barriers field, cmem banks listed, two architectures.
  const char *Log = R"(ptxas info    : 0 bytes gmem
ptxas info    : Compiling entry function '_Z5scalePfif' for 'sm_70'
ptxas info    : Function properties for _Z5scalePfif
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 12 registers, 1024 bytes smem, 372 bytes cmem[0], 8 bytes cmem[2]
ptxas info    : Compiling entry function '_Z5scalePfif' for 'sm_80'
ptxas info    : Function properties for _Z5scalePfif
    16 bytes stack frame, 16 bytes spill stores, 12 bytes spill loads
ptxas info    : Used 255 registers, 1024 bytes smem, 372 bytes cmem[0]
)";
  std::vector<PtxasKernelInfo> Ks = parsePtxasInfo(Log);
  ASSERT_EQ(Ks.size(), 2u);
  EXPECT_EQ(Ks[0].Arch, "sm_70");
  EXPECT_EQ(Ks[0].Registers, 12u);
  EXPECT_EQ(Ks[0].SharedBytes, 1024u);
  EXPECT_EQ(Ks[0].ConstantBytes, 380u);
  EXPECT_EQ(Ks[0].SpillStoreBytes, 0u);
  EXPECT_EQ(Ks[1].Arch, "sm_80");
  EXPECT_EQ(Ks[1].Registers, 255u);
  EXPECT_EQ(Ks[1].SpillStoreBytes, 16u);
  EXPECT_EQ(Ks[1].SpillLoadBytes, 12u);
  EXPECT_EQ(Ks[1].DemangledName, "scale(float*, int, float)");
  EXPECT_TRUE(
      parsePtxasInfo("nvcc fatal : Unsupported gpu architecture").empty());
}

TEST(PtxasInfo, KernelOccupancyFromReport) {
  std::vector<PtxasKernelInfo> Ks = parsePtxasInfo(Cuda13Log);
  ASSERT_EQ(Ks.size(), 4u);
  const ArchSpec &A = *findArch(Ks[3].Arch);
  // simple: 10 regs -> 320 -> 512 per warp; 4096 + 1024 = 5120 B smem;
  // 233472 / 5120 = 45; 256 threads: warps 8, regs 32 per SP -> 128 / 8 = 16.
  Result R = kernelOccupancy(A, Ks[3], 256);
  EXPECT_EQ(R.BlocksBySharedMemory, 45);
  EXPECT_EQ(R.BlocksByRegisters, 16);
  EXPECT_EQ(R.ActiveBlocks, 8);
  // With 40 KiB dynamic: 4096 + 40960 + 1024 = 46080; 233472 / 46080 = 5.
  EXPECT_EQ(kernelOccupancy(A, Ks[3], 256, 40 * 1024).ActiveBlocks, 5);
}

// Runs the real nvcc where there is one.
TEST(PtxasInfo, RunsNvcc) {
  if (findNvcc().empty())
    GTEST_SKIP() << "nvcc not found";
  llvm::SmallString<128> Cu;
  int FD;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("occ", "cu", FD, Cu));
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << "__global__ void axpy(float a, const float *x, float *y, int n) {\n"
          "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
          "  if (i < n) y[i] = a * x[i] + y[i];\n"
          "}\n"
          "__global__ void tile(float *a) {\n"
          "  __shared__ float t[512];\n"
          "  t[threadIdx.x] = a[threadIdx.x];\n"
          "  __syncthreads();\n"
          "  a[threadIdx.x] = t[511 - threadIdx.x];\n"
          "}\n";
  }
  auto Ks = runPtxasInfo(Cu, "sm_90");
  llvm::sys::fs::remove(Cu);
  ASSERT_TRUE((bool)Ks) << llvm::toString(Ks.takeError());
  ASSERT_EQ(Ks->size(), 2u);
  for (const PtxasKernelInfo &K : *Ks) {
    EXPECT_EQ(K.Arch, "sm_90");
    // A handful of registers: more than the few a kernel always needs,
    // far fewer than the 255 maximum.
    EXPECT_GE(K.Registers, 4u) << K.Name;
    EXPECT_LE(K.Registers, 40u) << K.Name;
    EXPECT_EQ(K.SpillStoreBytes, 0u) << K.Name;
  }
  const PtxasKernelInfo &Tile =
      (*Ks)[0].DemangledName.find("tile") != std::string::npos ? (*Ks)[0]
                                                               : (*Ks)[1];
  EXPECT_EQ(Tile.DemangledName, "tile(float*)");
  EXPECT_EQ(Tile.SharedBytes, 2048u);
  EXPECT_EQ(Tile.Barriers, 1u);

  // A compile error comes back as an error with nvcc's message.
  llvm::SmallString<128> Bad;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("occbad", "cu", FD, Bad));
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << "__global__ void k() { undeclared_thing(); }\n";
  }
  auto Err = runPtxasInfo(Bad, "sm_90");
  llvm::sys::fs::remove(Bad);
  ASSERT_FALSE((bool)Err);
  std::string Msg = llvm::toString(Err.takeError());
  EXPECT_NE(Msg.find("undeclared_thing"), std::string::npos) << Msg;
}

} // namespace
