//===- Pipeline.cpp - From analysed nests to kernels ----------------------===//
//
// First the nests' reduction clauses are checked. The passes, in order:
//   HoistHostLoops          sequential outer loops -> host loops; kernel
//                           regions
//   MapToGrid               parallel band -> grid loops, block shape
//   ReduceAcrossLanes       a reduction loop along rows -> the lanes of a
//                           warp per point (default schedule only)
//   TileForBlocks           tiling clauses -> block tiles, points per
//                           thread, shared tiles, register tiles
//   ClipToBand              points outside a triangular band skipped
//   ParallelizeReductions   reductions of mapped loops -> atomic updates
//   CombineReductionsPerWarp  atomics to one address -> per-thread partials,
//                           warp shuffles, one atomic per warp
//   ExpandIntegerPowers     pow(x, 2..4) -> multiplications
//   RelaxFloatArithmetic    with permission: float instead of double,
//                           intrinsics, reciprocals
//   CollectKernelInterface  arrays and scalars each kernel takes
//   PlanArrays              per array: extent, device/host reads and writes
// Then every kernel's remarks are reported at the kernel.
//
//===----------------------------------------------------------------------===//

#include "Pipeline.h"

#include "ClipToBand.h"
#include "CollectKernelInterface.h"
#include "CombineReductionsPerWarp.h"
#include "ExpandIntegerPowers.h"
#include "HoistHostLoops.h"
#include "LoweringContext.h"
#include "MapToGrid.h"
#include "ParallelizeReductions.h"
#include "PlanArrays.h"
#include "ReduceAcrossLanes.h"
#include "ReductionPolicy.h"
#include "RelaxFloatArithmetic.h"
#include "TileForBlocks.h"

#include "ir/IRPrinter.h"

#include <algorithm>

namespace c2cuda {

const std::vector<std::string> &pipelinePassNames() {
  static const std::vector<std::string> Names = {"HoistHostLoops",
                                                 "MapToGrid",
                                                 "ReduceAcrossLanes",
                                                 "TileForBlocks",
                                                 "ClipToBand",
                                                 "ParallelizeReductions",
                                                 "CombineReductionsPerWarp",
                                                 "ExpandIntegerPowers",
                                                 "RelaxFloatArithmetic",
                                                 "CollectKernelInterface",
                                                 "PlanArrays"};
  return Names;
}

namespace {

void dumpAfter(const std::string &Pass, const LoweredFunction &LF,
               const PipelineOptions &Opts) {
  if (!Opts.PrintAfterAll &&
      std::find(Opts.PrintAfter.begin(), Opts.PrintAfter.end(), Pass) ==
          Opts.PrintAfter.end())
    return;
  llvm::raw_ostream &OS = Opts.Log ? *Opts.Log : llvm::errs();
  OS << "*** IR Dump After " << Pass << " ***";
  if (LF.Source)
    OS << " (" << LF.Source->Name << ")";
  OS << "\n";
  printLowered(OS, LF);
  OS.flush();
}

} // namespace

LoweredFunction runPipeline(const Function &F, const FunctionFacts &Facts,
                            const PipelineOptions &Opts,
                            DiagnosticList &Diags) {
  const auto &Names = pipelinePassNames();
  for (const std::string &Wanted : Opts.PrintAfter) {
    if (std::find(Names.begin(), Names.end(), Wanted) != Names.end())
      continue;
    std::string List;
    for (const std::string &N : Names)
      List += (List.empty() ? "" : ", ") + N;
    Diags.warning({}, "no pass named '" + Wanted + "'",
                  "the passes are " + List);
  }

  LoweringContext Ctx(F, Facts, Diags, Opts.AllowReassociation);
  checkReductionClauses(Ctx);
  LoweredFunction LF = hoistHostLoops(Ctx);
  dumpAfter("HoistHostLoops", LF, Opts);
  LF = mapToGrid(std::move(LF), Ctx);
  dumpAfter("MapToGrid", LF, Opts);
  if (Opts.TileByDefault)
    LF = reduceAcrossLanes(std::move(LF), Ctx);
  dumpAfter("ReduceAcrossLanes", LF, Opts);
  LF = tileForBlocks(std::move(LF), Ctx, Opts.TileByDefault);
  dumpAfter("TileForBlocks", LF, Opts);
  LF = clipToBand(std::move(LF));
  dumpAfter("ClipToBand", LF, Opts);
  LF = parallelizeReductions(std::move(LF), Ctx);
  dumpAfter("ParallelizeReductions", LF, Opts);
  LF = combineReductionsPerWarp(std::move(LF));
  dumpAfter("CombineReductionsPerWarp", LF, Opts);
  LF = expandIntegerPowers(std::move(LF));
  dumpAfter("ExpandIntegerPowers", LF, Opts);
  LF = relaxFloatArithmetic(std::move(LF), Ctx, Opts.FastMath);
  dumpAfter("RelaxFloatArithmetic", LF, Opts);
  LF = collectKernelInterface(std::move(LF), Ctx);
  dumpAfter("CollectKernelInterface", LF, Opts);
  LF = planArrays(std::move(LF), Ctx);
  dumpAfter("PlanArrays", LF, Opts);

  for (const Kernel &K : LF.Kernels) {
    if (K.IsAlternative)
      continue; // Its remarks repeat its kernel's, which names it.
    for (size_t I = 0; I < K.Remarks.size(); ++I) {
      Diagnostic D{DiagLevel::Remark, K.Loc, K.Remarks[I], "", ""};
      auto G = K.RemarkGroups.find(I);
      if (G != K.RemarkGroups.end())
        D.Group = G->second;
      Diags.add(std::move(D));
    }
  }
  return LF;
}

std::vector<LoweredFunction> lowerModule(const Module &M,
                                         const PipelineOptions &Opts,
                                         DiagnosticList &Diags) {
  std::vector<LoweredFunction> Lowered;
  for (const Function &F : M.Functions) {
    FunctionFacts Facts = analyzeFunction(F, Diags);
    if (Diags.hasErrors())
      continue;
    Lowered.push_back(runPipeline(F, Facts, Opts, Diags));
  }
  return Lowered;
}

} // namespace c2cuda
