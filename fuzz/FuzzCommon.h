//===- FuzzCommon.h - Shared code of the libFuzzer targets -----*- C++ -*-===//
//
// What every fuzz target does with its C source: the front half of the
// c2cuda command (parse, analyse, lower, emit CUDA), output discarded.
// Any crash, sanitizer report, failed assertion, timeout or memory blow-up
// in there is a finding; a diagnostic is not.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_FUZZ_FUZZCOMMON_H
#define C2CUDA_FUZZ_FUZZCOMMON_H

#include "llvm/ADT/StringRef.h"

#include <cstddef>

namespace c2cuda {
namespace fuzz {

/// Inputs longer than this are rejected: past a few kilobytes the time goes
/// to Clang, whose robustness is not what these targets test.
constexpr size_t MaxInputSize = 4096;

/// True when Source may make Clang read a device or a process file
/// (`#include "/dev/stdin"`, `#embed "/dev/zero"`, `/proc/self/fd/0`):
/// reads that block or never end, findings about the fuzzer's machine, not
/// about c2cuda.
bool mayReadDevices(llvm::StringRef Source);

/// Runs the c2cuda compiler on Source as its command does by default
/// (`c2cuda in.c -o out.cu`): parseFile, printModule (what --dump-ir
/// prints), analyzeFunction and runPipeline for every function,
/// emitCuda, and every diagnostic printed. All output is discarded.
void compileSource(llvm::StringRef Source);

} // namespace fuzz
} // namespace c2cuda

#endif
