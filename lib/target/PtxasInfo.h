//===- PtxasInfo.h - Kernel resource usage as ptxas reports it -*- C++ -*-===//
//
// The register count of a kernel is only known after ptxas allocates
// registers. runPtxasInfo() compiles a .cu file with
// `nvcc -arch=sm_XX --ptxas-options=-v -c` and parsePtxasInfo() reads the
// report ptxas writes to stderr:
//
//   ptxas info    : Compiling entry function '_Z6simplePf' for 'sm_90'
//   ptxas info    : Function properties for _Z6simplePf
//       0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
//   ptxas info    : Used 10 registers, used 1 barriers, 4096 bytes smem
//
// Older toolkits print "Used 10 registers, 4096 bytes smem, 360 bytes
// cmem[0]"; fields may come in any order and absent ones are zero. Only
// entry functions (kernels) are reported; properties of non-inlined device
// functions are skipped.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TARGET_PTXASINFO_H
#define C2CUDA_TARGET_PTXASINFO_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace c2cuda {

struct PtxasKernelInfo {
  std::string Name;          ///< As ptxas prints it (mangled for C++).
  std::string DemangledName; ///< Name itself if it is not mangled.
  std::string Arch;          ///< "sm_90".
  unsigned Registers = 0;
  unsigned Barriers = 0;
  uint64_t SharedBytes = 0;   ///< Static shared memory.
  uint64_t ConstantBytes = 0; ///< Sum of the cmem[N] banks.
  uint64_t StackFrameBytes = 0;
  uint64_t SpillStoreBytes = 0;
  uint64_t SpillLoadBytes = 0;
};

/// Kernels in ptxas -v output, in the order ptxas reports them (once per
/// architecture if several were compiled).
std::vector<PtxasKernelInfo> parsePtxasInfo(llvm::StringRef Text);

/// nvcc from $CUDA_HOME/bin, /usr/local/cuda/bin or PATH; "" if none.
std::string findNvcc();

/// Compiles CuFile for Arch ("sm_90") with ptxas -v and parses the report.
/// ExtraArgs go to nvcc as they are (e.g. "-maxrregcount=64", "-I...").
/// Fails with nvcc's output if nvcc is missing or the compile fails.
llvm::Expected<std::vector<PtxasKernelInfo>>
runPtxasInfo(llvm::StringRef CuFile, llvm::StringRef Arch,
             llvm::ArrayRef<std::string> ExtraArgs = {},
             llvm::StringRef Nvcc = "");

} // namespace c2cuda

#endif // C2CUDA_TARGET_PTXASINFO_H
