//===- Pipeline.h - From analysed nests to kernels -------------*- C++ -*-===//
//
// The one place that applies the transforms, in a fixed order. Each pass is
// a function in a .h/.cpp pair of its own with a paragraph on what it does
// and when it is legal, listed in loweringPasses(). With PrintAfterAll (or
// PrintAfter naming a pass) the IR is printed to Log after that pass, as
// LLVM tools do; c2cuda-opt runs a chosen list of them (Passes).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_PIPELINE_H
#define C2CUDA_TRANSFORMS_PIPELINE_H

#include "LoweringContext.h"
#include "analysis/NestFacts.h"
#include "ir/Diagnostics.h"
#include "ir/IR.h"

#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace c2cuda {

struct PipelineOptions {
  bool PrintAfterAll = false;
  std::vector<std::string> PrintAfter; ///< Names of passes to print after.
  llvm::raw_ostream *Log = nullptr;    ///< Where IR dumps go (stderr if null).
  /// --allow-reassociation: every reduction loop may run in parallel with
  /// atomic updates, as if each nest had reduction(...) clauses for all its
  /// reductions (ReductionPolicy.h).
  bool AllowReassociation = false;
  /// --fast-math: every kernel may round differently for speed, as if each
  /// nest had the fast_math clause (RelaxFloatArithmetic.h).
  bool FastMath = false;
  /// Tile nests without schedule clauses (DefaultTiling.h). Off here so
  /// that tests see MapToGrid's mapping unless they ask; the c2cuda tool
  /// turns it on (--no-default-tiling turns it off).
  bool TileByDefault = false;
  /// Keep 2-D arrays that kernels sweep one colour at a time in the packed
  /// checkerboard layout (PackCheckerboards.h); --no-checkerboard-layout
  /// turns it off.
  bool CheckerboardLayout = true;
  /// Tiled double products on the FP64 tensor cores (TensorCoreProducts.h);
  /// --no-tensor-cores turns it off.
  bool TensorCores = true;
  /// --allow-tf32x3: tiled float products on the TF32 tensor cores, each
  /// operand split in two TF32 parts (TensorCoreProducts.h); needs
  /// TensorCores too.
  bool Tf32x3 = false;
  /// An element-wise kernel launched right after a product runs in the
  /// product's epilogue where legal (FuseEpilogues.h); --no-fusion turns it
  /// off.
  bool FuseEpilogues = true;
  /// When not empty, exactly these passes run, in this order (c2cuda-opt);
  /// the first must be HoistHostLoops, which makes the kernels.
  std::vector<std::string> Passes;
};

/// One lowering pass: its name, a line on what it does, and the function
/// applying it (HoistHostLoops ignores LF and starts from Ctx's function).
struct LoweringPass {
  std::string Name;
  std::string Summary;
  LoweredFunction (*Run)(LoweredFunction LF, LoweringContext &Ctx,
                         const PipelineOptions &Opts);
};

/// The passes in the order runPipeline applies them.
const std::vector<LoweringPass> &loweringPasses();

/// Their names; with the restructuring passes' (restructure/Restructure.h),
/// the names PipelineOptions::PrintAfter accepts.
const std::vector<std::string> &pipelinePassNames();

/// Prints every pass, restructuring then lowering, with its summary
/// (c2cuda --print-pipeline).
void printPipeline(llvm::raw_ostream &OS);

/// An error for each name in Passes that is not a pass of its stage, or
/// that is out of place: restructuring passes before lowering ones, and
/// HoistHostLoops first of the lowering ones. False after an error.
bool checkPassList(const std::vector<std::string> &Passes,
                   DiagnosticList &Diags);

/// Lowers every nest of F to kernels and host code that launches them.
/// Mapping decisions are reported to Diags as remarks at the nest.
LoweredFunction runPipeline(const Function &F, const FunctionFacts &Facts,
                            const PipelineOptions &Opts, DiagnosticList &Diags);

/// Analyses and lowers every function of M, as the c2cuda tool does; stops
/// lowering at the first function whose analysis reports an error.
std::vector<LoweredFunction> lowerModule(const Module &M,
                                         const PipelineOptions &Opts,
                                         DiagnosticList &Diags);

} // namespace c2cuda

#endif
