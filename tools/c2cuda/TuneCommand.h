//===- TuneCommand.h - `c2cuda tune` ---------------------------*- C++ -*-===//
//
// The autotuner's command: builds the tuning bundle of one nest
// (tunegen/BundleEmitter.h), then either writes it for another machine
// (--emit-bundle), runs it on this machine's GPUs (tuner/Engine.h), or
// merges the results of a run made elsewhere (--results); then writes the
// report (--report) and the best variant (-o).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TOOLS_TUNECOMMAND_H
#define C2CUDA_TOOLS_TUNECOMMAND_H

#include "ir/Diagnostics.h"
#include "ir/IR.h"

#include "llvm/Support/CommandLine.h"

#include <string>
#include <vector>

namespace c2cuda {

/// The subcommand, built on first use so that options of other files can
/// name it during static initialisation.
llvm::cl::SubCommand &tuneCommand();
/// Its options' category, shown by `c2cuda tune --help`.
llvm::cl::OptionCategory &tuneCategory();

struct TuneContext {
  std::string InputFile;
  /// One set per --size occurrence: {"M=4096", "N=4096", ...}.
  std::vector<std::vector<std::string>> SizeSets;
  std::string OutputFile; ///< -o, or "".
  bool AllowReassociation = false;
  bool FastMath = false;
  bool Tf32x3 = false;
};

/// Runs `c2cuda tune`; the exit code (0, 1 on errors, 130 interrupted).
int runTuneCommand(const Module &M, const TuneContext &Ctx,
                   DiagnosticList &Diags);

} // namespace c2cuda

#endif
