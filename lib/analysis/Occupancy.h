//===- Occupancy.h - Occupancy of a kernel on an NVIDIA GPU ----*- C++ -*-===//
//
// How many blocks of a kernel fit on one SM, and which resource (warp slots,
// registers, shared memory, block slots) binds. The calculation itself is
// OccupancyCore.h (header only, shared with the GPU agreement check
// test/gpu/occupancy_check.cu); this file adds what the compiler needs
// around it: architecture names ("sm_90"), the register count from ptxas,
// and a printable report. See docs/occupancy.md.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_ANALYSIS_OCCUPANCY_H
#define C2CUDA_ANALYSIS_OCCUPANCY_H

#include "target/OccupancyCore.h"
#include "target/PtxasInfo.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

namespace c2cuda {

/// Compute capability from "sm_90", "sm_90a", "compute_80", "90" or "9.0".
std::optional<std::pair<int, int>> parseComputeCapability(llvm::StringRef S);

/// The model's constants for an architecture name; null if unknown.
const occupancy::ArchSpec *findArch(llvm::StringRef ArchName);

/// "warps", "registers", "shared memory", "blocks", joined by ", ".
std::string limitingFactorNames(unsigned Limiting);

/// Occupancy of a kernel as ptxas compiled it (registers, static shared
/// memory), launched with BlockSize threads and DynamicSmem bytes; the
/// kernel's dynamic-shared-memory limit is taken as raised to the maximum
/// (the generated code opts in when it needs more than 48 KiB).
occupancy::Result kernelOccupancy(const occupancy::ArchSpec &A,
                                  const PtxasKernelInfo &K, int BlockSize,
                                  long long DynamicSmem = 0);

/// A few lines: inputs, per-resource block limits, the binding one, and
/// the occupancy, e.g.
///   sm_90: 256 threads, 32 regs, 0+0 B smem -> 8 blocks/SM, 64/64 warps
///   (100%), limited by warps, registers
void printOccupancy(llvm::raw_ostream &OS, const occupancy::ArchSpec &A,
                    const occupancy::KernelResources &K,
                    const occupancy::LaunchParams &L,
                    const occupancy::Result &R);

} // namespace c2cuda

#endif // C2CUDA_ANALYSIS_OCCUPANCY_H
