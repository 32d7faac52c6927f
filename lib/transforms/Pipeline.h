//===- Pipeline.h - From analysed nests to kernels -------------*- C++ -*-===//
//
// The one place that applies the transforms, in a fixed order. Each pass is
// a function in a .h/.cpp pair of its own with a paragraph on what it does
// and when it is legal. With PrintAfterAll (or PrintAfter naming a pass) the
// IR is printed to Log after that pass, as LLVM tools do.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_PIPELINE_H
#define C2CUDA_TRANSFORMS_PIPELINE_H

#include "analysis/NestFacts.h"
#include "ir/Diagnostics.h"
#include "ir/IR.h"

#include "llvm/Support/raw_ostream.h"

#include <string>

namespace c2cuda {

struct PipelineOptions {
  bool PrintAfterAll = false;
  std::string PrintAfter; ///< Name of one pass, or empty.
  llvm::raw_ostream *Log = nullptr; ///< Where IR dumps go (stderr if null).
};

/// Lowers every nest of F to kernels and host code that launches them.
/// Mapping decisions are reported to Diags as remarks at the nest.
LoweredFunction runPipeline(const Function &F, const FunctionFacts &Facts,
                            const PipelineOptions &Opts, DiagnosticList &Diags);

} // namespace c2cuda

#endif
