//===- Occupancy.cpp - Occupancy of a kernel on an NVIDIA GPU -------------===//

#include "analysis/Occupancy.h"

#include "llvm/Support/Format.h"

namespace c2cuda {

using namespace occupancy;

std::optional<std::pair<int, int>> parseComputeCapability(llvm::StringRef S) {
  S = S.trim();
  if (!S.consume_front("sm_"))
    S.consume_front("compute_");
  // Architecture-specific variants (sm_90a, sm_100f) share the limits.
  if (!S.empty() && (S.back() == 'a' || S.back() == 'f'))
    S = S.drop_back();
  unsigned Major, Minor;
  auto [L, R] = S.split('.');
  if (!R.empty()) {
    if (L.getAsInteger(10, Major) || R.getAsInteger(10, Minor) || Minor > 9)
      return std::nullopt;
    return std::make_pair((int)Major, (int)Minor);
  }
  unsigned N;
  if (S.size() < 2 || S.getAsInteger(10, N))
    return std::nullopt;
  return std::make_pair((int)(N / 10), (int)(N % 10));
}

const ArchSpec *findArch(llvm::StringRef ArchName) {
  auto CC = parseComputeCapability(ArchName);
  return CC ? occupancy::findArch(CC->first, CC->second) : nullptr;
}

std::string limitingFactorNames(unsigned Limiting) {
  static const std::pair<unsigned, const char *> Names[] = {
      {LimitWarps, "warps"},
      {LimitRegisters, "registers"},
      {LimitSharedMemory, "shared memory"},
      {LimitBlocks, "blocks"}};
  std::string Out;
  for (auto [Bit, Name] : Names)
    if (Limiting & Bit)
      Out += (Out.empty() ? "" : ", ") + std::string(Name);
  return Out;
}

Result kernelOccupancy(const ArchSpec &A, const PtxasKernelInfo &K,
                       int BlockSize, long long DynamicSmem) {
  KernelResources Res;
  Res.RegsPerThread = (int)K.Registers;
  Res.StaticSmemBytes = (long long)K.SharedBytes;
  Res.MaxDynamicSmemBytes = A.SmemPerBlockOptin - Res.StaticSmemBytes;
  LaunchParams L;
  L.BlockSize = BlockSize;
  L.DynamicSmemBytes = DynamicSmem;
  return computeOccupancy(A, Res, L);
}

static void printLimit(llvm::raw_ostream &OS, const char *What, int N) {
  OS << "  " << What << ": ";
  if (N == INT_MAX)
    OS << "unlimited";
  else
    OS << N;
  OS << '\n';
}

void printOccupancy(llvm::raw_ostream &OS, const ArchSpec &A,
                    const KernelResources &K, const LaunchParams &L,
                    const Result &R) {
  OS << "sm_" << A.Major << A.Minor << ": " << L.BlockSize << " threads, "
     << K.RegsPerThread << " regs, " << K.StaticSmemBytes << '+'
     << L.DynamicSmemBytes << " B smem";
  if (R.St != Status::Ok) {
    OS << " -> invalid input\n";
    return;
  }
  OS << " -> " << R.ActiveBlocks << " blocks/SM, " << R.ActiveWarps << '/'
     << R.MaxWarpsPerSM << " warps (" << llvm::format("%.0f", R.Occupancy * 100)
     << "%), limited by " << limitingFactorNames(R.Limiting) << '\n';
  printLimit(OS, "by warps", R.BlocksByWarps);
  printLimit(OS, "by registers", R.BlocksByRegisters);
  printLimit(OS, "by shared memory", R.BlocksBySharedMemory);
  printLimit(OS, "by block slots", R.BlocksBySlots);
  OS << "  allocated per block: " << R.RegsPerBlockAllocated << " registers, "
     << R.SmemPerBlockAllocated << " B shared memory (of " << R.SmemPerSMUsed
     << " B per SM)\n";
}

} // namespace c2cuda
