//===- OccupancySection.cpp - Registers from ptxas, predicted occupancy ---===//
//
// The registers a kernel needs are ptxas's decision, so the report compiles
// the CUDA c2cuda emits for the module once (nvcc --ptxas-options=-v) and
// feeds each kernel's count to the occupancy model. Without nvcc the count
// is assumed and the report says so.
//
//===----------------------------------------------------------------------===//

#include "analysis/Occupancy.h"
#include "codegen/CudaEmitter.h"
#include "report/ReportSections.h"
#include "target/PtxasInfo.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace c2cuda;
using nlohmann::json;

namespace {

/// Registers assumed when ptxas cannot be asked: a typical count for the
/// plain kernels of the default mapping.
constexpr unsigned AssumedRegisters = 32;

/// The kernel named Name in ptxas's report ("matmul_kernel0(const float
/// *, ...)" demangled).
const PtxasKernelInfo *findKernel(const std::vector<PtxasKernelInfo> &Infos,
                                  const std::string &Name) {
  for (const PtxasKernelInfo &I : Infos) {
    llvm::StringRef D = I.DemangledName;
    if (D == Name ||
        (D.starts_with(Name) && D.drop_front(Name.size()).starts_with("(")))
      return &I;
  }
  return nullptr;
}

/// Bytes of the __shared__ arrays a kernel body declares (tiled kernels):
/// what ptxas would report as static shared memory, for when it cannot be
/// asked.
unsigned staticSharedBytes(const StmtList &Body) {
  unsigned Bytes = 0;
  for (const StmtPtr &S : Body) {
    if (const auto *D = llvm::dyn_cast<DeclStmt>(S.get())) {
      if (D->isArray() && D->Storage == StorageKind::Shared) {
        uint64_t N = sizeInBytes(D->Type);
        for (int64_t E : D->Dims)
          N *= static_cast<uint64_t>(E);
        Bytes += static_cast<unsigned>(N);
      }
    } else if (const auto *F = llvm::dyn_cast<ForStmt>(S.get())) {
      Bytes += staticSharedBytes(F->Body);
    } else if (const auto *I = llvm::dyn_cast<IfStmt>(S.get())) {
      Bytes += staticSharedBytes(I->Then) + staticSharedBytes(I->Else);
    }
  }
  return Bytes;
}

} // namespace

bool c2cuda::checkComputeCapability(const std::string &CC,
                                    DiagnosticList &Diags) {
  if (findArch(CC) && parseComputeCapability(CC))
    return true;
  // The list comes from the model's table, so it names what is modelled.
  std::string Known;
  for (const occupancy::ArchSpec &A : occupancy::KnownArchs)
    Known += (Known.empty() ? "" : ", ") + std::to_string(A.Major) + "." +
             std::to_string(A.Minor);
  Diags.error({}, "unknown compute capability '" + CC + "'",
              "use one of " + Known);
  return false;
}

void c2cuda::addOccupancySections(json &Report, const Module &M,
                                  const std::vector<LoweredFunction> &Lowered,
                                  const AnalyzeOptions &Opts,
                                  DiagnosticList &Diags) {
  const occupancy::ArchSpec *Arch = findArch(Opts.ComputeCapability);
  auto CC = parseComputeCapability(Opts.ComputeCapability);
  if (!Arch || !CC) {
    checkComputeCapability(Opts.ComputeCapability, Diags);
    return;
  }
  std::string SmArch = "sm_" + std::to_string(CC->first * 10 + CC->second);

  std::vector<PtxasKernelInfo> Infos;
  std::string Source = "assumed";
  std::string NoPtxas;
  if (Opts.UsePtxas) {
    llvm::SmallString<128> Path;
    int FD;
    if (!llvm::sys::fs::createTemporaryFile("c2cuda-analyze", "cu", FD, Path)) {
      {
        llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
        CudaEmitOptions EO;
        EO.SourceName = Opts.SourceName;
        emitCuda(OS, M, Lowered, EO);
      }
      auto R = runPtxasInfo(Path, SmArch);
      if (R) {
        Infos = std::move(*R);
        Source = "ptxas";
      } else {
        NoPtxas = llvm::toString(R.takeError());
      }
      (void)llvm::sys::fs::remove(Path); // a temporary file: best effort
    }
  }

  for (size_t FI = 0; FI < Lowered.size(); ++FI) {
    json &FJ = Report["functions"][FI];
    for (size_t KI = 0; KI < Lowered[FI].Kernels.size(); ++KI) {
      const Kernel &K = Lowered[FI].Kernels[KI];
      PtxasKernelInfo Info;
      Info.Registers = AssumedRegisters;
      Info.SharedBytes = staticSharedBytes(K.Body);
      std::string KSource = "assumed";
      if (const PtxasKernelInfo *P = findKernel(Infos, K.Name)) {
        Info = *P;
        KSource = Source;
      }
      // Tiles past 48 KB are dynamic shared memory: ptxas does not count
      // them, the launch does.
      long long Dynamic = dynamicSharedBytes(K);
      if (Dynamic && KSource == "assumed")
        Info.SharedBytes = 0;
      int Threads = K.Block[0] * K.Block[1] * K.Block[2];
      occupancy::Result R = kernelOccupancy(*Arch, Info, Threads, Dynamic);
      json O = {{"compute_capability", Opts.ComputeCapability},
                {"registers_per_thread", Info.Registers},
                {"registers_source", KSource},
                {"spill_bytes", Info.SpillStoreBytes + Info.SpillLoadBytes},
                {"shared_bytes", Info.SharedBytes + Dynamic},
                {"threads_per_block", Threads},
                {"active_blocks_per_sm", R.ActiveBlocks},
                {"active_warps_per_sm", R.ActiveWarps},
                {"max_warps_per_sm", R.MaxWarpsPerSM},
                {"occupancy", R.Occupancy},
                {"limited_by", limitingFactorNames(R.Limiting)}};
      if (KSource != "ptxas")
        O["why_assumed"] =
            NoPtxas.empty() ? std::string("registers not measured") : NoPtxas;
      FJ["kernels"][KI]["occupancy"] = O;
    }
  }
}
