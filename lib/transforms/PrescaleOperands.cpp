//===- PrescaleOperands.cpp - Scaled operands made once per launch --------===//

#include "PrescaleOperands.h"

#include "IRQueries.h"

#include "ir/IRWalk.h"

#include "llvm/Support/Casting.h"

namespace c2cuda {

namespace {

/// The scale of A's tiles in P when every reference of A in K is staged in
/// a tile scaled in place by the same scalar; else null.
ExprPtr inPlaceScale(const Kernel &K, const TilePlan &P, const std::string &A) {
  ExprPtr Scale;
  bool Ok = true;
  forEachExprIn(K.Body, [&](const Expr &E) {
    const auto *R = llvm::dyn_cast<ArrayRef>(&E);
    if (!Ok || !R || R->Array != A)
      return;
    auto It = P.SharedRefs.find(&E);
    const SharedTile *T = It == P.SharedRefs.end() ? nullptr : It->second.first;
    // Register operands are not tiles of P.Tiles.
    bool InTiles =
        T && T >= P.Tiles.data() && T < P.Tiles.data() + P.Tiles.size();
    if (!InTiles || !T->Async || !T->Scale ||
        (Scale && !sameExpr(*Scale, *T->Scale))) {
      Ok = false;
      return;
    }
    Scale = T->Scale;
  });
  return Ok ? Scale : nullptr;
}

} // namespace

LoweredFunction prescaleOperands(LoweredFunction LF, LoweringContext &Ctx) {
  std::set<std::string> AssignedByKernels;
  for (const Kernel &K : LF.Kernels) {
    std::set<std::string> S = collectAssignedScalars(K.Body);
    AssignedByKernels.insert(S.begin(), S.end());
  }
  // A packed array's kernels index the packed buffer, which the body
  // makes; not scaled as well.
  std::set<std::string> Packed;
  for (const LoweredFunction::Checkerboard &C : LF.Checkerboards)
    Packed.insert(C.Array);
  for (auto &[Index, Plan] : Ctx.TilePlans) {
    if (Index >= LF.Kernels.size())
      continue;
    Kernel &K = LF.Kernels[Index];
    TilePlan &P = *Plan;
    std::set<std::string> Done;
    for (SharedTile &T : P.Tiles) {
      const std::string &A = T.FP.Array;
      if (!T.Async || !T.Scale || Done.count(A) || Packed.count(A))
        continue;
      const Param *Array = Ctx.F.findParam(A);
      const auto *V = llvm::dyn_cast<VarRef>(T.Scale.get());
      const Param *ScaleParam = V ? Ctx.F.findParam(V->Name) : nullptr;
      if (!Array || !Array->isArray() || Array->IsGlobal || !ScaleParam ||
          ScaleParam->isArray() || ScaleParam->IsGlobal ||
          AssignedByKernels.count(V->Name))
        continue;
      ExprPtr Scale = inPlaceScale(K, P, A);
      if (!Scale)
        continue;
      Done.insert(A);
      for (SharedTile &U : P.Tiles)
        if (U.FP.Array == A)
          U.Prescaled = true;
      K.Prescaled.push_back({A, Scale});
    }
  }
  return LF;
}

} // namespace c2cuda
