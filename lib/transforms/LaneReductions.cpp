//===- LaneReductions.cpp - A loop's reductions split over threads --------===//

#include "LaneReductions.h"

#include "IRQueries.h"
#include "ReductionPolicy.h"
#include "TripCount.h"
#include "WarpShuffle.h"

#include "ir/IRBuild.h"
#include "ir/IRRewrite.h"

#include "llvm/Support/Casting.h"

#include <cstdlib>

using namespace llvm;

namespace c2cuda {

using namespace build;

std::optional<std::vector<LaneReduction>>
laneReductions(const ForStmt &L, const NestStmt &Nest,
               const LoweringContext &Ctx,
               const std::set<std::string> &Declared, bool Elements,
               bool WritesArrays, const std::string &Tag) {
  const LoopFacts *LF = Ctx.loopFacts(&Nest, &L);
  if (!LF || LF->Class != LoopClass::Reduction || LF->Reductions.empty())
    return std::nullopt;
  std::vector<LaneReduction> Reds;
  std::set<std::string> Targets, TargetArrays;
  std::set<std::string> Own = collectDeclaredNames(L.Body);
  Own.insert(L.Iter);
  for (const ReductionFacts &R : LF->Reductions) {
    if (R.Stmts.empty() || (R.IsScalar && !Declared.count(R.Target)) ||
        (!R.IsScalar && !Elements))
      return std::nullopt;
    LaneReduction LR;
    LR.Target = R.Stmts.front()->LHS;
    LR.Acc = R.IsScalar ? R.Target : reductionVar(Nest, R);
    if (!R.IsScalar) {
      // One element, the same for every iteration of L.
      std::set<std::string> Used;
      collectVarNames(*LR.Target, Used);
      for (const std::string &N : Used)
        if (Own.count(N))
          return std::nullopt;
      for (const AssignStmt *S : R.Stmts) {
        if (!sameExpr(*S->LHS, *LR.Target))
          return std::nullopt;
        LR.Refs.push_back(llvm::cast<ArrayRef>(S->LHS.get()));
      }
      if (!TargetArrays.insert(LR.Acc).second)
        return std::nullopt;
    }
    LR.Part = "c2c_part" + Tag + "_" + LR.Acc;
    LR.Type = R.Type;
    LR.Shown = R.Target;
    if (R.IsScalar && Nest.StandsFor.count(R.Target))
      LR.Shown = Nest.StandsFor.at(R.Target);
    LR.Permission = reductionPermission(Ctx, Nest, R);
    if (LR.Permission.empty() || isNarrowInteger(R.Type) ||
        sizeInBytes(R.Type) < 4)
      return std::nullopt;
    for (const AssignStmt *S : R.Stmts) {
      std::string Why;
      std::optional<AtomicForm> F = atomicForm(*S, R.Op, Why);
      if (!F)
        return std::nullopt;
      AtomicKind Kind = F->Kind == AtomicKind::Sub ? AtomicKind::Add : F->Kind;
      if (S != R.Stmts.front() && Kind != LR.Kind)
        return std::nullopt;
      LR.Kind = Kind;
    }
    LR.Identity = reductionIdentity(LR.Kind, LR.Type);
    (R.IsScalar ? Targets : TargetArrays).insert(LR.Acc);
    Reds.push_back(LR);
  }
  // Besides its targets, L writes only scalars it declares (and arrays
  // where allowed).
  for (const std::string &N : collectAssignedScalars(L.Body))
    if (!Targets.count(N) && !Own.count(N))
      return std::nullopt;
  if (!WritesArrays)
    for (const std::string &A : collectWrittenArrays(L.Body))
      if (!TargetArrays.count(A))
        return std::nullopt;
  return Reds;
}

int rowsAlong(const std::vector<const ForStmt *> &Ls, const GridLoop &X,
              const NestStmt &Nest, const LoweringContext &Ctx,
              const std::set<const ArrayRef *> &Skip) {
  const NestFacts *NF = Ctx.nestFacts(&Nest);
  return NF ? rowsAlong(*NF, Ls, X.Iter, Skip) : 0;
}

const GridLoop *lanePoint(Kernel &K, const NestStmt &Nest,
                          const LoweringContext &Ctx) {
  if (K.ExplicitThreads || K.Grid.size() != 1 || !K.BandGuard.empty())
    return nullptr;
  const GridLoop *X = &K.Grid[0];
  if (X->Dim != 0 || X->Coarsen != 1)
    return nullptr;
  const LoopFacts *Mapped = X->Loop ? Ctx.loopFacts(&Nest, X->Loop) : nullptr;
  return Mapped && Mapped->Class == LoopClass::Reduction ? nullptr : X;
}

StmtPtr splitLoopOver(const ForStmt &L, ExprPtr First, int64_t Ways,
                      const std::vector<LaneReduction> &Reds, int Unroll) {
  std::string Trip = loopTripName(L.Iter);
  std::string Q = "c2c_q_" + L.Iter;
  StmtList Inner;
  Inner.push_back(
      decl(L.Iter, L.IterType, addL(L.Lower, mulL(lvar(Q), llit(L.Step)))));
  StmtList Body = rewriteStmts(L.Body, [&](const ExprPtr &E) -> ExprPtr {
    for (const LaneReduction &R : Reds)
      if (sameExpr(*E, *R.Target))
        return var(R.Part, R.Type);
    return nullptr;
  });
  Inner.insert(Inner.end(), Body.begin(), Body.end());
  auto Loop = std::make_shared<ForStmt>(
      Q, ScalarKind::Long, cast(First, ScalarKind::Long), LoopCmp::LT,
      lvar(Trip), Ways, std::move(Inner), L.Loc);
  Loop->Unroll = Unroll;
  return Loop;
}

StmtList pointRounds(const GridLoop &X, int64_t PerBlock, ExprPtr Offset,
                     StmtList Round) {
  ExprPtr GridX = cast(builtin("gridDim", 0), ScalarKind::Long);
  StmtList New;
  New.push_back(decl("c2c_trip_x", ScalarKind::Long, X.TripCount));
  New.push_back(decl(
      "c2c_rounds", ScalarKind::Long,
      bin(BinaryOpKind::Div,
          addL(ceilDivL(lvar("c2c_trip_x"), PerBlock), addL(GridX, llit(-1))),
          GridX, ScalarKind::Long)));
  Round.insert(
      Round.begin(),
      decl("c2c_t_x", ScalarKind::Long,
           addL(mulL(addL(cast(builtin("blockIdx", 0), ScalarKind::Long),
                          mulL(lvar("c2c_round"), GridX)),
                     llit(PerBlock)),
                cast(Offset, ScalarKind::Long))));
  New.push_back(std::make_shared<ForStmt>(
      "c2c_round", ScalarKind::Long, llit(0), LoopCmp::LT, lvar("c2c_rounds"),
      1, std::move(Round), X.Loc));
  return New;
}

void makeLaneKernel(Kernel &K, StmtList Body, const GridLoop &X, int64_t BlockY,
                    int64_t PerBlock, NestSchedule Used, int64_t BlockX) {
  ExprPtr Trip = X.TripCount;
  K.Body = std::move(Body);
  K.Grid.clear();
  K.ExplicitThreads = true;
  K.FitBlockToTrip = false;
  K.Block[0] = static_cast<unsigned>(BlockX);
  K.Block[1] = static_cast<unsigned>(BlockY);
  K.Block[2] = 1;
  K.GridDims[0] = ceilDivL(Trip, PerBlock);
  K.GridDims[1] = llit(1);
  K.GridDims[2] = llit(1);
  K.Schedule = std::move(Used);
}

} // namespace c2cuda
