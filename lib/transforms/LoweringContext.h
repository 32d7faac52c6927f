//===- LoweringContext.h - What every lowering pass may consult -*- C++ -*-===//
//
// The passes turn a LoweredFunction into a better one; besides it they read
// the source function, the analysis facts, and report to the diagnostics.
// This bundles the three and answers the look-ups they all need: a nest by
// its id, and the facts of a loop of a nest.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_LOWERINGCONTEXT_H
#define C2CUDA_TRANSFORMS_LOWERINGCONTEXT_H

#include "analysis/NestFacts.h"
#include "ir/Diagnostics.h"
#include "ir/IR.h"

#include <map>
#include <memory>

namespace c2cuda {

struct TilePlan;

class LoweringContext {
public:
  LoweringContext(const Function &F, const FunctionFacts &Facts,
                  DiagnosticList &Diags, bool AllowReassociation = false);

  const Function &F;
  const FunctionFacts &Facts;
  DiagnosticList &Diags;
  /// --allow-reassociation: every reduction may run in parallel, as if each
  /// nest had a reduction(...) clause for it.
  bool AllowReassociation;
  /// Tiled double products may run on the FP64 tensor cores
  /// (TensorCoreProducts.h); --no-tensor-cores turns it off.
  bool TensorCores = true;
  /// --allow-tf32x3: tiled float products may run on the TF32 tensor cores
  /// as 3xTF32 (TensorCoreProducts.h).
  bool Tf32x3 = false;
  /// The tiling decided so far for each kernel being tiled, by its index in
  /// LoweredFunction::Kernels (TilePlan.h): made by DefaultTiles and
  /// TileBands, used up by LowerTiles.
  std::map<size_t, std::shared_ptr<TilePlan>> TilePlans;

  /// The nest with this NestStmt::Id, or null.
  const NestStmt *nest(unsigned Id) const;
  /// Facts of a nest, or null when the analysis has none.
  const NestFacts *nestFacts(const NestStmt *N) const;
  /// Facts of a loop of a nest, or null when the analysis has none.
  const LoopFacts *loopFacts(const NestStmt *N, const ForStmt *L) const;
  /// Whether the analysis proved L parallel (false when it has no facts).
  bool isParallel(const NestStmt *N, const ForStmt *L) const;
  /// Why L is not parallel, never empty.
  std::string notParallelReason(const NestStmt *N, const ForStmt *L) const;
  /// Whether L is a Reduction loop whose reductions may run in parallel
  /// with atomic updates (ReductionPolicy.h); Why (if given) says why not.
  bool reductionParallel(const NestStmt *N, const ForStmt *L,
                         std::string *Why = nullptr) const;
  /// Whether L's iterations may run at once: parallel, or a reduction loop
  /// the user allows to run in parallel.
  bool isMappable(const NestStmt *N, const ForStmt *L) const {
    return isParallel(N, L) || reductionParallel(N, L);
  }

private:
  std::map<unsigned, const NestStmt *> NestsById;
};

} // namespace c2cuda

#endif
