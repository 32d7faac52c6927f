//===- Pipeline.cpp - From analysed nests to kernels ----------------------===//
//
// First the nests' reduction clauses are checked. The passes, in order:
//   HoistHostLoops          sequential outer loops -> host loops; kernel
//                           regions
//   MapToGrid               parallel band -> grid loops, block shape
//   ReduceAcrossLanes       a reduction loop along rows -> the lanes of a
//                           warp per point (default schedule, or a lanes
//                           clause)
//   RowsPerWarp             several loops along a row -> a warp per
//                           point, each loop over its lanes (default
//                           schedule only)
//   DeferAccumulatorStarts  sums loaded before a loop start from zero;
//                           the start is added after it
//   PackCheckerboards       a 2-D array swept one colour at a time in a
//                           host loop -> packed checkerboard layout
//   DefaultTiles            nests without clauses -> a default tiling
//                           every stage accepts (c2cuda only)
//   TileBands               block tiles, points per thread
//   StripMine               a loop inside the band in strips; scalars
//                           before it -> register arrays
//   PromoteToShared         shared(...) arrays staged per tile and strip
//   RegisterOperands        small read-only arrays -> registers per thread
//   PipelineStrips          the next strip loaded during this one
//   CopyAsync               shared tiles filled by asynchronous copies,
//                           several strips in flight
//   PrescaleOperands        tiles scaled in shared memory -> the array
//                           scaled once before the launch
//   UseTensorCores          double (float: 3xTF32) products -> tensor cores
//   FuseEpilogues           an element-wise kernel launched after a
//                           product -> its statements after each point
//   LowerTiles              the tile plans -> per-thread programs
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
#include "CopyAsync.h"
#include "DefaultTiles.h"
#include "DeferAccumulatorStarts.h"
#include "ExpandIntegerPowers.h"
#include "FuseEpilogues.h"
#include "HoistHostLoops.h"
#include "LowerTiles.h"
#include "LoweringContext.h"
#include "MapToGrid.h"
#include "PackCheckerboards.h"
#include "ParallelizeReductions.h"
#include "PipelineStrips.h"
#include "PlanArrays.h"
#include "PrescaleOperands.h"
#include "PromoteToShared.h"
#include "ReduceAcrossLanes.h"
#include "ReductionPolicy.h"
#include "RegisterOperands.h"
#include "RelaxFloatArithmetic.h"
#include "RowsPerWarp.h"
#include "SplitReductions.h"
#include "StripMine.h"
#include "TileBands.h"
#include "TilePlan.h"
#include "UseTensorCores.h"

#include "ir/IRPrinter.h"
#include "restructure/Restructure.h"

#include "llvm/Support/Format.h"

#include <algorithm>

namespace c2cuda {

namespace {

using Opts = PipelineOptions;

const std::vector<LoweringPass> &passes() {
  static const std::vector<LoweringPass> Passes = {
      {"HoistHostLoops", "sequential outer loops -> host loops; kernel regions",
       [](LoweredFunction, LoweringContext &Ctx, const Opts &) {
         return hoistHostLoops(Ctx);
       }},
      {"MapToGrid", "parallel band -> grid loops, block shape",
       [](LoweredFunction LF, LoweringContext &Ctx, const Opts &) {
         return mapToGrid(std::move(LF), Ctx);
       }},
      {"ReduceAcrossLanes",
       "a reduction loop along rows -> the lanes of a warp per point "
       "(default schedule, or a lanes clause)",
       [](LoweredFunction LF, LoweringContext &Ctx, const Opts &O) {
         // Named in a pass list, it runs as it would by default.
         return reduceAcrossLanes(std::move(LF), Ctx,
                                  O.TileByDefault || !O.Passes.empty());
       }},
      {"RowsPerWarp",
       "a point running several loops along a row -> a warp per point, "
       "each loop over its lanes (default schedule only)",
       [](LoweredFunction LF, LoweringContext &Ctx, const Opts &) {
         return rowsPerWarp(std::move(LF), Ctx);
       }},
      {"DeferAccumulatorStarts",
       "sums loaded before a loop start from zero; the start is added after "
       "it",
       [](LoweredFunction LF, LoweringContext &Ctx, const Opts &) {
         return deferAccumulatorStarts(std::move(LF), Ctx);
       }},
      {"PackCheckerboards",
       "a 2-D array swept one colour at a time in a host loop -> packed "
       "checkerboard layout",
       [](LoweredFunction LF, LoweringContext &Ctx, const Opts &) {
         return packCheckerboards(std::move(LF), Ctx);
       }},
      {"DefaultTiles",
       "nests without clauses -> the first default tiling every stage "
       "accepts (c2cuda only)",
       [](LoweredFunction LF, LoweringContext &Ctx, const Opts &) {
         return defaultTiles(std::move(LF), Ctx);
       }},
      {"TileBands", "tile clauses -> block tiles, points per thread",
       [](LoweredFunction LF, LoweringContext &Ctx, const Opts &) {
         return tileBands(std::move(LF), Ctx);
       }},
      {"StripMine",
       "a loop inside the band in tile(k: S) -> strips; scalars before it "
       "-> register arrays",
       [](LoweredFunction LF, LoweringContext &Ctx, const Opts &) {
         return stripMine(std::move(LF), Ctx);
       }},
      {"PromoteToShared",
       "shared(...) arrays -> tiles loaded by the block per tile and strip",
       [](LoweredFunction LF, LoweringContext &Ctx, const Opts &) {
         return promoteToShared(std::move(LF), Ctx);
       }},
      {"RegisterOperands",
       "small read-only arrays every point reads whole -> registers per "
       "thread",
       [](LoweredFunction LF, LoweringContext &Ctx, const Opts &) {
         return registerOperands(std::move(LF), Ctx);
       }},
      {"PipelineStrips",
       "pipeline(2/3) -> the next strip loaded while this one computes",
       [](LoweredFunction LF, LoweringContext &Ctx, const Opts &) {
         return pipelineStrips(std::move(LF), Ctx);
       }},
      {"CopyAsync",
       "async(N) -> shared tiles filled by asynchronous copies, N strips "
       "buffered",
       [](LoweredFunction LF, LoweringContext &Ctx, const Opts &) {
         return copyAsync(std::move(LF), Ctx);
       }},
      {"PrescaleOperands",
       "shared tiles scaled in place -> the array scaled once before the "
       "launch",
       [](LoweredFunction LF, LoweringContext &Ctx, const Opts &) {
         return prescaleOperands(std::move(LF), Ctx);
       }},
      {"UseTensorCores",
       "tiled double (with --allow-tf32x3 float) products -> tensor cores",
       [](LoweredFunction LF, LoweringContext &Ctx, const Opts &) {
         return useTensorCores(std::move(LF), Ctx);
       }},
      {"FuseEpilogues",
       "an element-wise kernel launched right after a product -> run after "
       "each of its points, where the dependences allow",
       [](LoweredFunction LF, LoweringContext &Ctx, const Opts &) {
         return fuseEpilogues(std::move(LF), Ctx);
       }},
      {"SplitReductions",
       "a product with few output tiles -> a copy with its reduction split "
       "across blocks, partial sums added atomically (with permission to "
       "reassociate)",
       [](LoweredFunction LF, LoweringContext &Ctx, const Opts &) {
         return splitReductions(std::move(LF), Ctx);
       }},
      {"LowerTiles",
       "tile plans -> per-thread programs: tiles, points, strips, loads",
       [](LoweredFunction LF, LoweringContext &Ctx, const Opts &) {
         return lowerTiles(std::move(LF), Ctx);
       }},
      {"ClipToBand", "points outside a triangular band skipped",
       [](LoweredFunction LF, LoweringContext &, const Opts &) {
         return clipToBand(std::move(LF));
       }},
      {"ParallelizeReductions", "reductions of mapped loops -> atomic updates",
       [](LoweredFunction LF, LoweringContext &Ctx, const Opts &) {
         return parallelizeReductions(std::move(LF), Ctx);
       }},
      {"CombineReductionsPerWarp",
       "atomics to one address -> per-thread partials, warp shuffles, one "
       "atomic per warp",
       [](LoweredFunction LF, LoweringContext &, const Opts &) {
         return combineReductionsPerWarp(std::move(LF));
       }},
      {"ExpandIntegerPowers", "pow(x, 2..4) -> multiplications",
       [](LoweredFunction LF, LoweringContext &, const Opts &) {
         return expandIntegerPowers(std::move(LF));
       }},
      {"RelaxFloatArithmetic",
       "with permission: float instead of double, intrinsics, reciprocals",
       [](LoweredFunction LF, LoweringContext &Ctx, const Opts &O) {
         return relaxFloatArithmetic(std::move(LF), Ctx, O.FastMath);
       }},
      {"CollectKernelInterface", "arrays and scalars each kernel takes",
       [](LoweredFunction LF, LoweringContext &Ctx, const Opts &) {
         return collectKernelInterface(std::move(LF), Ctx);
       }},
      {"PlanArrays", "per array: extent, device/host reads and writes",
       [](LoweredFunction LF, LoweringContext &Ctx, const Opts &) {
         return planArrays(std::move(LF), Ctx);
       }}};
  return Passes;
}

const LoweringPass *findPass(const std::string &Name) {
  for (const LoweringPass &P : passes())
    if (P.Name == Name)
      return &P;
  return nullptr;
}

/// The tiling passes: DefaultTiles to LowerTiles, in passes().
const size_t FirstTilingPass = [] {
  for (size_t I = 0; I < passes().size(); ++I)
    if (passes()[I].Name == "DefaultTiles")
      return I;
  return size_t(0);
}();

/// Name's place among the tiling passes, or -1.
int tilingStage(const std::string &Name) {
  for (size_t I = FirstTilingPass; I < passes().size(); ++I) {
    if (passes()[I].Name == Name)
      return static_cast<int>(I - FirstTilingPass);
    if (passes()[I].Name == "LowerTiles")
      break;
  }
  return -1;
}

bool isRestructurePass(const std::string &Name) {
  for (const RestructurePass &P : restructurePasses())
    if (P.Name == Name)
      return true;
  return false;
}

std::string allNames() {
  std::string List;
  for (const RestructurePass &P : restructurePasses())
    List += (List.empty() ? "" : ", ") + P.Name;
  for (const LoweringPass &P : passes())
    List += ", " + P.Name;
  return List;
}

void dumpAfter(const std::string &Pass, const LoweredFunction &LF,
               const LoweringContext &Ctx, const PipelineOptions &Opts) {
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
  printTilePlans(OS, LF, Ctx);
  OS.flush();
}

} // namespace

const std::vector<LoweringPass> &loweringPasses() { return passes(); }

const std::vector<std::string> &pipelinePassNames() {
  static const std::vector<std::string> Names = [] {
    std::vector<std::string> N;
    for (const LoweringPass &P : passes())
      N.push_back(P.Name);
    return N;
  }();
  return Names;
}

void printPipeline(llvm::raw_ostream &OS) {
  OS << "Restructuring (on each nest, before analysis):\n";
  for (const RestructurePass &P : restructurePasses())
    OS << "  " << llvm::left_justify(P.Name, 26) << P.Summary << "\n";
  OS << "Lowering (nests -> kernels and host code):\n";
  for (const LoweringPass &P : passes())
    OS << "  " << llvm::left_justify(P.Name, 26) << P.Summary << "\n";
}

bool checkPassList(const std::vector<std::string> &Passes,
                   DiagnosticList &Diags) {
  bool Lowering = false, Lowered = false;
  int LastStage = -1;
  for (const std::string &Name : Passes) {
    if (isRestructurePass(Name)) {
      if (Lowering)
        Diags.error({},
                    "pass '" + Name +
                        "' rewrites nests and cannot run "
                        "after a lowering pass",
                    "list the restructuring passes first");
    } else if (findPass(Name)) {
      if (!Lowering && Name != "HoistHostLoops")
        Diags.error({}, "pass '" + Name + "' needs kernels",
                    "list HoistHostLoops before it: it makes the kernels");
      Lowering = true;
      // The tiling stages fill in plans that only LowerTiles applies: they
      // keep the pipeline's order, and no other pass runs between them.
      int Stage = tilingStage(Name);
      if (Stage >= 0 && Stage <= LastStage)
        Diags.error({},
                    "pass '" + Name + "' cannot run after '" +
                        passes()[FirstTilingPass + LastStage].Name + "'",
                    "list the tiling passes in the pipeline's order");
      else if (Stage < 0 && LastStage >= 0 && !Lowered)
        Diags.error({},
                    "pass '" + Name +
                        "' cannot run between the tiling passes and "
                        "LowerTiles",
                    "list LowerTiles before '" + Name + "'");
      if (Stage >= 0)
        LastStage = Stage;
      Lowered |= Name == "LowerTiles";
    } else {
      Diags.error({}, "no pass named '" + Name + "'",
                  "the passes are " + allNames());
    }
  }
  return !Diags.hasErrors();
}

LoweredFunction runPipeline(const Function &F, const FunctionFacts &Facts,
                            const PipelineOptions &Opts,
                            DiagnosticList &Diags) {
  for (const std::string &Wanted : Opts.PrintAfter)
    if (!findPass(Wanted) && !isRestructurePass(Wanted))
      Diags.warning({}, "no pass named '" + Wanted + "'",
                    "the passes are " + allNames());

  LoweringContext Ctx(F, Facts, Diags, Opts.AllowReassociation);
  Ctx.TensorCores = Opts.TensorCores;
  Ctx.Tf32x3 = Opts.TensorCores && Opts.Tf32x3;
  checkReductionClauses(Ctx);
  LoweredFunction LF;
  if (!Opts.Passes.empty()) {
    for (const std::string &Name : Opts.Passes)
      if (const LoweringPass *P = findPass(Name)) {
        LF = P->Run(std::move(LF), Ctx, Opts);
        dumpAfter(P->Name, LF, Ctx, Opts);
      }
  } else {
    for (const LoweringPass &P : passes()) {
      // RowsPerWarp and DefaultTiles choose a schedule: with default tiling
      // only (ReduceAcrossLanes too, but it also applies lanes clauses).
      bool Skip = ((P.Name == "RowsPerWarp" || P.Name == "DefaultTiles") &&
                   !Opts.TileByDefault) ||
                  (P.Name == "PackCheckerboards" && !Opts.CheckerboardLayout) ||
                  (P.Name == "FuseEpilogues" && !Opts.FuseEpilogues);
      if (!Skip)
        LF = P.Run(std::move(LF), Ctx, Opts);
      dumpAfter(P.Name, LF, Ctx, Opts);
    }
  }

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
