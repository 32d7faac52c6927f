//===- CudaEmitter.h - CUDA source and host wrapper ------------*- C++ -*-===//
//
// Prints one .cu file for a module: the kernels, and for each function the
// drop-in host wrapper with the original name and signature (extern "C"),
// which allocates device memory, copies in what the kernels read and out
// what they write, launches, checks every CUDA call, and frees; plus the
// entry point <name>_device(...) taking device pointers.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_CODEGEN_CUDAEMITTER_H
#define C2CUDA_CODEGEN_CUDAEMITTER_H

#include "ir/IR.h"

#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace c2cuda {

/// An entry point that runs one of several lowerings of the same function,
/// chosen per call by the function's integer parameters (`c2cuda tune` with
/// several --size sets; runtime/size-classes.cuh says how). The lowerings
/// are functions of the module with the entry's parameters and internal
/// linkage (Function::IsStatic).
struct SizeDispatch {
  /// The user's function: the entries (its name and `<name>_device`) take
  /// its name, signature and linkage.
  const Function *Entry = nullptr;
  /// Its integer parameters, in order: what a size class is over.
  std::vector<std::string> Params;
  struct SizeClass {
    std::string Lowering;         ///< Name of the function tuned at Sizes.
    std::vector<long long> Sizes; ///< One per Params.
  };
  std::vector<SizeClass> Classes;
  /// What a call no class applies to runs (the default schedule).
  std::string Fallback;
};

struct CudaEmitOptions {
  /// Name of the input file, shown in the header comment and in run-time
  /// error messages ("matmul.c:7").
  std::string SourceName;
  /// Write the whole input file (Module::SourceText with its Edits) with
  /// each offloaded function's definition replaced by its kernels and host
  /// entries, instead of the offloaded functions alone.
  bool WholeFile = false;
  /// The drop-in entries copy arrays with c2c_copy_all
  /// (runtime/staged-transfers.cuh: large pageable copies through pinned
  /// staging buffers) instead of one cudaMemcpy each.
  bool StagedTransfers = true;
  /// Entry points choosing among lowerings by size, printed after every
  /// function (not in whole-file output).
  std::vector<SizeDispatch> SizeDispatches;
};

void emitCuda(llvm::raw_ostream &OS, const Module &M,
              const std::vector<LoweredFunction> &Lowered,
              const CudaEmitOptions &Opts);

/// The bytes of dynamic shared memory K is launched with: its shared tiles
/// when they pass the 48 KiB a kernel may declare statically, else 0
/// (codegen/SharedLayout.h).
int64_t dynamicSharedBytes(const Kernel &K);

} // namespace c2cuda

#endif
