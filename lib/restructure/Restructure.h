//===- Restructure.h - IR-to-IR rewriting of nests ------------*- C++ -*-===//
//
// Between the frontend and the analysis that mapping uses, each nest's body
// is rewritten by, in order:
//   JoinStripMinedLoops       a loop tiled by hand and its point loop run
//                             as one loop, checked against the exact
//                             dependences
//   CompressModularGuards     a loop guarded by `v % m == r`, or stepping
//                             from an outer iterator, over the iterations
//                             it keeps
//   SplitArgExtremum          `if (x > m) { m = x; at = i; }` as a max
//                             reduction, then a search for its position
//   ConditionalMinMax         `if (x > m) m = x;` as `m = x > m ? x : m;`,
//                             a max reduction
//   RestructureNests          parallel loops moved outermost (interchange,
//                             fusion), checked against the exact
//                             dependences
//   FuseInitLoops             a loop tree that sets elements fused into the
//                             next tree, which updates them
//   ReplaceArrayAccumulators  array elements accumulated across a loop kept
//                             in a scalar
// A nest whose body changed keeps the body as written in
// NestStmt::AsWritten, which the CPU oracle runs as the reference.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_RESTRUCTURE_RESTRUCTURE_H
#define C2CUDA_RESTRUCTURE_RESTRUCTURE_H

#include "ir/Diagnostics.h"
#include "ir/IR.h"

#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace c2cuda {

struct RestructureOptions {
  /// false: loops stay as written (--no-restructure): JoinStripMinedLoops,
  /// RestructureNests and FuseInitLoops do not run; the other passes still
  /// do.
  bool MoveLoops = true;
  /// When set, exactly these passes run, in this order, none if empty
  /// (c2cuda-opt); MoveLoops is then not looked at.
  std::optional<std::vector<std::string>> Passes;
  /// Print each function after every pass, or after the named ones, to Log
  /// (stderr if null), as the lowering pipeline does (Pipeline.h).
  bool PrintAfterAll = false;
  std::vector<std::string> PrintAfter;
  llvm::raw_ostream *Log = nullptr;
};

/// One function-level pass: its name (for --print-after and c2cuda-opt's
/// -passes) and a line on what it does.
struct RestructurePass {
  std::string Name;
  std::string Summary;
  void (*Run)(Function &F, DiagnosticList &Diags);
};

/// The passes in the order restructureModule applies them.
const std::vector<RestructurePass> &restructurePasses();

/// Applies the passes (all of them, those MoveLoops allows, or Opts.Passes)
/// to each function of M in turn. Opts.Passes must name passes of
/// restructurePasses() (c2cuda-opt checks them).
void restructureModule(Module &M, const RestructureOptions &Opts,
                       DiagnosticList &Diags);

} // namespace c2cuda

#endif
