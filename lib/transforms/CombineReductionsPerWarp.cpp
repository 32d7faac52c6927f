//===- CombineReductionsPerWarp.cpp - One atomic per warp, not per element ===//

#include "CombineReductionsPerWarp.h"

#include "IRQueries.h"
#include "ReductionPolicy.h"
#include "WarpShuffle.h"

#include "ir/IRBuild.h"
#include "ir/IRPrinter.h"
#include "ir/IRWalk.h"

#include "llvm/Support/Casting.h"

#include <set>

using namespace llvm;

namespace c2cuda {

namespace {

using namespace build;

/// Threads a streaming multiprocessor holds at once (compute capability
/// 9.0; also 8.0): the grid is capped at this many per SM.
constexpr int64_t ThreadsPerSM = 2048;

/// One atomic target: its partial result and how updates combine.
struct Partial {
  ExprPtr Target;
  AtomicKind Kind; ///< Sub and Add share one partial, combined as Add.
  std::string Name;
};

class WarpCombiner {
public:
  explicit WarpCombiner(Kernel &K) : K(K) {}

  bool run() {
    if (K.ExplicitThreads || K.Grid.size() != 1 || !K.BandGuard.empty() ||
        K.Grid[0].Dim != 0 || K.Grid[0].Coarsen != 1 || K.Block[0] % 32 ||
        K.Block[1] != 1 || K.Block[2] != 1)
      return false;
    Locals.insert(K.Grid[0].Iter);
    forEachStmt(K.Body, [&](const Stmt &S) {
      if (const auto *D = dyn_cast<DeclStmt>(&S))
        Locals.insert(D->Name);
      else if (const auto *F = dyn_cast<ForStmt>(&S))
        Locals.insert(F->Iter);
    });
    StmtList Body = rewrite(K.Body);
    if (Parts.empty())
      return false;
    build(std::move(Body));
    return true;
  }

private:
  /// The partial for atomic statement A, or null when its target moves or
  /// has no shuffleable identity.
  const Partial *partialFor(const AssignStmt &A) {
    AtomicKind Kind = A.Atomic == AtomicKind::Sub ? AtomicKind::Add : A.Atomic;
    for (const Partial &P : Parts)
      if (P.Kind == Kind && sameExpr(*P.Target, *A.LHS))
        return &P;
    std::set<std::string> Names;
    collectVarNames(*A.LHS, Names);
    for (const std::string &N : Names)
      if (Locals.count(N))
        return nullptr;
    ScalarKind T = A.LHS->Type;
    if (sizeInBytes(T) < 4 || !reductionIdentity(Kind, T))
      return nullptr;
    // A target also updated with another operator keeps its atomics.
    for (const Partial &P : Parts)
      if (sameExpr(*P.Target, *A.LHS))
        return nullptr;
    Parts.push_back({A.LHS, Kind, "c2c_wpart" + std::to_string(Parts.size())});
    return &Parts.back();
  }

  StmtList rewrite(const StmtList &L) {
    StmtList Out;
    for (const StmtPtr &S : L) {
      if (const auto *A = dyn_cast<AssignStmt>(S.get())) {
        const Partial *P =
            A->Atomic != AtomicKind::None ? partialFor(*A) : nullptr;
        if (!P) {
          Out.push_back(S);
          continue;
        }
        ScalarKind T = A->LHS->Type;
        ExprPtr Part = var(P->Name, T);
        Out.push_back(
            assign(Part, A->Atomic == AtomicKind::Sub
                             ? bin(BinaryOpKind::Sub, Part, A->RHS, T)
                             : combineReduction(P->Kind, Part, A->RHS, T)));
      } else if (const auto *F = dyn_cast<ForStmt>(S.get())) {
        auto N = std::make_shared<ForStmt>(*F);
        N->Body = rewrite(F->Body);
        Out.push_back(N);
      } else if (const auto *If = dyn_cast<IfStmt>(S.get())) {
        auto N = std::make_shared<IfStmt>(*If);
        N->Then = rewrite(If->Then);
        N->Else = rewrite(If->Else);
        Out.push_back(N);
      } else {
        Out.push_back(S);
      }
    }
    return Out;
  }

  /// The kernel as blocks of Block[0] threads taking consecutive chunks of
  /// the trip in turn, then the warps' combination and atomics.
  void build(StmtList Body) {
    const GridLoop G = K.Grid[0];
    int64_t B = K.Block[0];
    StmtList New;
    for (const Partial &P : Parts)
      New.push_back(decl(P.Name, P.Target->Type,
                         reductionIdentity(P.Kind, P.Target->Type)));
    ExprPtr GridX = cast(builtin("gridDim", 0), ScalarKind::Long);
    New.push_back(decl("c2c_trip_x", ScalarKind::Long, G.TripCount));
    New.push_back(
        decl("c2c_rounds", ScalarKind::Long,
             bin(BinaryOpKind::Div,
                 addL(ceilDivL(lvar("c2c_trip_x"), B), addL(GridX, llit(-1))),
                 GridX, ScalarKind::Long)));
    StmtList Round;
    Round.push_back(
        decl("c2c_t_x", ScalarKind::Long,
             addL(mulL(addL(cast(builtin("blockIdx", 0), ScalarKind::Long),
                            mulL(lvar("c2c_round"), GridX)),
                       llit(B)),
                  cast(builtin("threadIdx", 0), ScalarKind::Long))));
    StmtList Point;
    Point.push_back(decl(G.Iter, G.IterType,
                         addL(G.Lower, mulL(lvar("c2c_t_x"), llit(G.Step)))));
    Point.insert(Point.end(), Body.begin(), Body.end());
    Round.push_back(std::make_shared<IfStmt>(
        cmpL(BinaryOpKind::LT, lvar("c2c_t_x"), lvar("c2c_trip_x")),
        std::move(Point), StmtList{}));
    New.push_back(std::make_shared<ForStmt>(
        "c2c_round", ScalarKind::Long, llit(0), LoopCmp::LT, lvar("c2c_rounds"),
        1, std::move(Round), G.Loc));
    StmtList Lane0;
    std::string Targets;
    for (const Partial &P : Parts) {
      ScalarKind T = P.Target->Type;
      appendWarpButterfly(New, P.Name, P.Name, P.Kind, T);
      auto Update = std::make_shared<AssignStmt>(P.Target, compoundOp(P.Kind),
                                                 var(P.Name, T), G.Loc);
      Update->Atomic = P.Kind;
      Lane0.push_back(Update);
      Targets += (Targets.empty() ? "" : ", ") + exprToString(*P.Target);
    }
    New.push_back(std::make_shared<IfStmt>(
        bin(BinaryOpKind::EQ,
            bin(BinaryOpKind::BitAnd, builtin("threadIdx", 0),
                std::make_shared<IntLit>(31, ScalarKind::UInt),
                ScalarKind::UInt),
            std::make_shared<IntLit>(0, ScalarKind::UInt), ScalarKind::Int),
        std::move(Lane0), StmtList{}));

    K.Remarks.push_back(
        "reduction into " + Targets +
        " combined in each thread, then across each warp with shuffles: one "
        "atomic update per warp instead of one per iteration; at most " +
        std::to_string(ThreadsPerSM / B) + " blocks per SM, each thread " +
        "running iterations a grid apart");
    K.Body = std::move(New);
    K.Grid.clear();
    K.ExplicitThreads = true;
    K.FitBlockToTrip = false;
    auto SMs = std::make_shared<CallExpr>(
        "c2c_sm_count", std::vector<ExprPtr>{}, ScalarKind::Long);
    ExprPtr Blocks = ceilDivL(G.TripCount, B);
    ExprPtr Cap = mulL(SMs, llit(ThreadsPerSM / B));
    K.GridDims[0] = std::make_shared<SelectExpr>(
        cmpL(BinaryOpKind::LT, Blocks, Cap), Blocks, Cap, ScalarKind::Long);
    K.GridDims[1] = llit(1);
    K.GridDims[2] = llit(1);
  }

  Kernel &K;
  std::set<std::string> Locals;
  std::vector<Partial> Parts;
};

} // namespace

LoweredFunction combineReductionsPerWarp(LoweredFunction LF) {
  for (Kernel &K : LF.Kernels)
    WarpCombiner(K).run();
  return LF;
}

} // namespace c2cuda
