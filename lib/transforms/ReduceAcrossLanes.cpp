//===- ReduceAcrossLanes.cpp - A reduction loop over a warp's lanes -------===//

#include "ReduceAcrossLanes.h"

#include "IRQueries.h"
#include "ReductionPolicy.h"
#include "TripCount.h"
#include "WarpShuffle.h"

#include "ir/IRBuild.h"
#include "ir/IRPrinter.h"
#include "ir/IRRewrite.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Casting.h"

#include <algorithm>

using namespace llvm;

namespace c2cuda {

namespace {

using namespace build;

constexpr int64_t Lanes = 32;
/// Warps (points of the mapped loop) per block.
constexpr int64_t WarpsPerBlock = 8;

/// One reduction of the loop: its accumulator and how partials combine.
struct LaneReduction {
  /// The accumulator: a scalar, or an array element the loop does not move.
  ExprPtr Target;
  std::string Acc, Part;
  /// The accumulator as the user wrote it, for remarks.
  std::string Shown;
  /// The target's references in the loop (array elements only).
  std::vector<const ArrayRef *> Refs;
  ScalarKind Type;
  AtomicKind Kind;
  std::string Permission;
};

/// The value partials start from: the identity of + (and -, ^) and *, or
/// the accumulator itself for the idempotent min, max, & and |.
ExprPtr partialStart(const LaneReduction &R) {
  switch (R.Kind) {
  case AtomicKind::Add:
  case AtomicKind::Sub:
  case AtomicKind::Xor:
  case AtomicKind::Mul:
    return reductionIdentity(R.Kind, R.Type);
  default:
    return R.Target;
  }
}

class LaneReducer {
public:
  LaneReducer(Kernel &K, const NestStmt &Nest, const LoweringContext &Ctx)
      : K(K), Nest(Nest), Ctx(Ctx) {}

  bool run() {
    if (K.ExplicitThreads || K.Grid.size() != 1 || !K.BandGuard.empty())
      return false;
    X = &K.Grid[0];
    if (X->Dim != 0 || X->Coarsen != 1)
      return false;
    size_t At = 0;
    std::set<std::string> Declared;
    // Elements set before L from no array (`y[i] = 0`), and their values:
    // a later read of one gets the value (`float acc = y[i]` is `= 0`), so
    // that the write may move after L.
    std::vector<std::pair<ExprPtr, ExprPtr>> Known;
    for (; At < K.Body.size(); ++At) {
      StmtPtr SP = rewriteStmts({K.Body[At]}, [&](const ExprPtr &E) {
                     for (const auto &[Elem, Val] : Known)
                       if (sameExpr(*E, *Elem))
                         return cast(Val, E->Type);
                     return ExprPtr();
                   }).front();
      const Stmt &S = *SP;
      if (isa<ForStmt>(S))
        break;
      if (const auto *A = dyn_cast<AssignStmt>(&S)) {
        // What the statement changes is no longer known.
        std::set<std::string> Changed;
        if (const auto *R = dyn_cast<ArrayRef>(A->LHS.get()))
          Changed.insert(R->Array);
        else if (const auto *V = dyn_cast<VarRef>(A->LHS.get()))
          Changed.insert(V->Name);
        llvm::erase_if(Known, [&](const auto &KV) {
          std::set<std::string> Names;
          collectVarNames(*KV.first, Names);
          collectVarNames(*KV.second, Names);
          Names.insert(llvm::cast<ArrayRef>(KV.first.get())->Array);
          for (const std::string &N : Changed)
            if (Names.count(N))
              return true;
          return false;
        });
        if (isa<ArrayRef>(A->LHS.get()) && A->Op == AssignOpKind::Set &&
            A->Atomic == AtomicKind::None && A->Width == 1 &&
            !readsArray(*A->RHS))
          Known.push_back({A->LHS, A->RHS});
      }
      if (const auto *D = dyn_cast<DeclStmt>(&S)) {
        if (D->isArray())
          return false;
        Declared.insert(D->Name);
        Kept.push_back(SP);
        continue;
      }
      const auto *A = dyn_cast<AssignStmt>(&S);
      if (A && isa<ArrayRef>(A->LHS.get())) {
        Deferred.push_back(SP);
        continue;
      }
      const auto *V = A ? dyn_cast<VarRef>(A->LHS.get()) : nullptr;
      if (!V || !Declared.count(V->Name))
        return false;
      Kept.push_back(SP);
    }
    if (At == K.Body.size())
      return false;
    L = llvm::cast<ForStmt>(K.Body[At].get());
    if (!reductions(Declared) || !deferrable() || !contiguousAlongLoop())
      return false;
    rewrite(At);
    return true;
  }

private:
  /// The reductions of L, when every one qualifies.
  bool reductions(const std::set<std::string> &Declared) {
    const LoopFacts *LF = Ctx.loopFacts(&Nest, L);
    if (!LF || LF->Class != LoopClass::Reduction || LF->Reductions.empty())
      return false;
    std::set<std::string> Targets, TargetArrays;
    std::set<std::string> Own;
    forEachDecl(L->Body, Own);
    Own.insert(L->Iter);
    for (const ReductionFacts &R : LF->Reductions) {
      if (R.Stmts.empty() || (R.IsScalar && !Declared.count(R.Target)))
        return false;
      LaneReduction LR;
      LR.Target = R.Stmts.front()->LHS;
      LR.Acc = R.IsScalar ? R.Target : reductionVar(Nest, R);
      if (!R.IsScalar) {
        // One element, the same for every iteration of L.
        std::set<std::string> Used;
        collectVarNames(*LR.Target, Used);
        for (const std::string &N : Used)
          if (Own.count(N))
            return false;
        for (const AssignStmt *S : R.Stmts) {
          if (!sameExpr(*S->LHS, *LR.Target))
            return false;
          LR.Refs.push_back(llvm::cast<ArrayRef>(S->LHS.get()));
        }
        if (!TargetArrays.insert(LR.Acc).second)
          return false;
      }
      LR.Part = "c2c_part_" + LR.Acc;
      LR.Type = R.Type;
      LR.Shown = R.Target;
      if (R.IsScalar && Nest.StandsFor.count(R.Target))
        LR.Shown = Nest.StandsFor.at(R.Target);
      LR.Permission = reductionPermission(Ctx, Nest, R);
      if (LR.Permission.empty() || isNarrowInteger(R.Type) ||
          sizeInBytes(R.Type) < 4)
        return false;
      for (const AssignStmt *S : R.Stmts) {
        std::string Why;
        std::optional<AtomicForm> F = atomicForm(*S, R.Op, Why);
        if (!F)
          return false;
        AtomicKind Kind =
            F->Kind == AtomicKind::Sub ? AtomicKind::Add : F->Kind;
        if (S != R.Stmts.front() && Kind != LR.Kind)
          return false;
        LR.Kind = Kind;
      }
      (R.IsScalar ? Targets : TargetArrays).insert(LR.Acc);
      Reds.push_back(LR);
    }
    // Besides its targets, L writes only scalars it declares.
    for (const std::string &N : collectAssignedScalars(L->Body))
      if (!Targets.count(N) && !Own.count(N))
        return false;
    for (const std::string &A : collectWrittenArrays(L->Body))
      if (!TargetArrays.count(A))
        return false;
    return true;
  }

  static void forEachDecl(const StmtList &Body, std::set<std::string> &Out) {
    for (const StmtPtr &S : Body) {
      if (const auto *D = dyn_cast<DeclStmt>(S.get()))
        Out.insert(D->Name);
      else if (const auto *F = dyn_cast<ForStmt>(S.get())) {
        Out.insert(F->Iter);
        forEachDecl(F->Body, Out);
      } else if (const auto *If = dyn_cast<IfStmt>(S.get())) {
        forEachDecl(If->Then, Out);
        forEachDecl(If->Else, Out);
      }
    }
  }

  /// Whether the array writes before L (`y[i] = 0`) may run on lane 0
  /// after L instead of on every lane before it: nothing else before L and
  /// nothing in L reads those arrays (besides the accumulators, which lanes
  /// keep apart in their partials), no partial starts from such an
  /// element, and no scalar they read is assigned after them.
  bool deferrable() {
    if (Deferred.empty())
      return true;
    std::set<std::string> Written = collectWrittenArrays(Deferred);
    std::set<const ArrayRef *> Reads = collectArrayRefs(L->Body);
    for (const LaneReduction &R : Reds) {
      for (const ArrayRef *T : R.Refs)
        Reads.erase(T);
      if (isa<ArrayRef>(R.Target.get()) && Written.count(R.Acc) &&
          !isa<IntLit, FloatLit>(partialStart(R).get()))
        return false;
    }
    for (const ArrayRef *Ref : collectArrayRefs(Kept))
      Reads.insert(Ref);
    for (const ArrayRef *Ref : Reads)
      if (Written.count(Ref->Array))
        return false;
    // Kept statements run first now: none may assign what a deferred one
    // reads.
    std::set<std::string> Used;
    collectVarNames(Deferred, Used);
    for (const std::string &N : collectAssignedScalars(Kept))
      if (Used.count(N))
        return false;
    return true;
  }

  /// More references of L's body are unit-stride along L than along the
  /// mapped loop (else the threads' loads are coalesced already).
  bool contiguousAlongLoop() {
    const NestFacts *NF = Ctx.nestFacts(&Nest);
    if (!NF)
      return false;
    std::set<const ArrayRef *> Refs = collectArrayRefs(L->Body);
    // The accumulators' elements are touched once per point afterwards.
    for (const LaneReduction &R : Reds)
      for (const ArrayRef *T : R.Refs)
        Refs.erase(T);
    int AlongL = 0, AlongX = 0;
    for (const RefFacts &R : NF->Refs) {
      if (!Refs.count(R.Ref))
        continue;
      auto Unit = [&](const std::string &It) {
        auto I = R.ConstStride.find(It);
        return I != R.ConstStride.end() && (I->second == 1 || I->second == -1);
      };
      AlongL += Unit(L->Iter);
      AlongX += Unit(X->Iter);
    }
    return AlongL > AlongX;
  }

  void rewrite(size_t At) {
    const GridLoop G = *X;
    // The rows of this block's round.
    StmtList Row;
    Row.push_back(decl(G.Iter, G.IterType,
                       addL(G.Lower, mulL(lvar("c2c_t_x"), llit(G.Step)))));
    Row.insert(Row.end(), Kept.begin(), Kept.end());
    for (const LaneReduction &R : Reds)
      Row.push_back(decl(R.Part, R.Type, partialStart(R)));
    std::string Trip = "c2c_trip_" + L->Iter;
    Row.push_back(decl(Trip, ScalarKind::Long, buildTripCount(*L)));
    // Lane l runs iterations l, l + 32, ... of L, into its partials.
    std::string Q = "c2c_q_" + L->Iter;
    StmtList Inner;
    Inner.push_back(decl(L->Iter, L->IterType,
                         addL(L->Lower, mulL(lvar(Q), llit(L->Step)))));
    StmtList Body = rewriteStmts(L->Body, [&](const ExprPtr &E) -> ExprPtr {
      for (const LaneReduction &R : Reds)
        if (sameExpr(*E, *R.Target))
          return var(R.Part, R.Type);
      return nullptr;
    });
    Inner.insert(Inner.end(), Body.begin(), Body.end());
    auto LaneLoop = std::make_shared<ForStmt>(
        Q, ScalarKind::Long, cast(builtin("threadIdx", 0), ScalarKind::Long),
        LoopCmp::LT, lvar(Trip), Lanes, std::move(Inner), L->Loc);
    LaneLoop->Unroll = 4;
    Row.push_back(LaneLoop);
    // Five butterfly steps leave every lane with the warp's total.
    for (const LaneReduction &R : Reds)
      appendWarpButterfly(Row, R.Part, R.Acc, R.Kind, R.Type);
    StmtList Lane0 = Deferred;
    for (const LaneReduction &R : Reds)
      Lane0.push_back(
          assign(R.Target, combineReduction(R.Kind, R.Target,
                                            var(R.Part, R.Type), R.Type)));
    Lane0.insert(Lane0.end(), K.Body.begin() + At + 1, K.Body.end());
    Row.push_back(std::make_shared<IfStmt>(
        bin(BinaryOpKind::EQ, builtin("threadIdx", 0),
            std::make_shared<IntLit>(0, ScalarKind::UInt), ScalarKind::Int),
        std::move(Lane0), StmtList{}));

    // Rounds of WarpsPerBlock rows per block, block-uniform; a warp whose
    // row is past the end skips it as a whole.
    StmtList New;
    New.push_back(decl("c2c_trip_x", ScalarKind::Long, G.TripCount));
    New.push_back(decl(
        "c2c_rounds", ScalarKind::Long,
        bin(BinaryOpKind::Div,
            addL(ceilDivL(lvar("c2c_trip_x"), WarpsPerBlock),
                 addL(cast(builtin("gridDim", 0), ScalarKind::Long), llit(-1))),
            cast(builtin("gridDim", 0), ScalarKind::Long), ScalarKind::Long)));
    StmtList Round;
    Round.push_back(
        decl("c2c_t_x", ScalarKind::Long,
             addL(mulL(addL(cast(builtin("blockIdx", 0), ScalarKind::Long),
                            mulL(lvar("c2c_round"), cast(builtin("gridDim", 0),
                                                         ScalarKind::Long))),
                       llit(WarpsPerBlock)),
                  cast(builtin("threadIdx", 1), ScalarKind::Long))));
    Round.push_back(std::make_shared<IfStmt>(
        cmpL(BinaryOpKind::LT, lvar("c2c_t_x"), lvar("c2c_trip_x")),
        std::move(Row), StmtList{}));
    New.push_back(std::make_shared<ForStmt>(
        "c2c_round", ScalarKind::Long, llit(0), LoopCmp::LT, lvar("c2c_rounds"),
        1, std::move(Round), G.Loc));

    std::string What;
    for (const LaneReduction &R : Reds)
      What += (What.empty() ? "" : ", ") + R.Shown + " (allowed by " +
              R.Permission + ")";
    // MapToGrid said L runs in each thread; no longer.
    std::string Seq = L->Iter + " runs sequentially in each thread";
    std::string Mapped = "mapped " + G.Iter + " -> x";
    auto Stale = [&](const std::string &Rm) {
      return Rm.compare(0, Seq.size(), Seq) == 0 ||
             Rm.compare(0, Mapped.size(), Mapped) == 0;
    };
    llvm::erase_if(K.Remarks, Stale);
    K.Remarks.push_back(
        "mapped " + G.Iter + " -> warps (one warp per " + G.Iter + ", " +
        std::to_string(WarpsPerBlock) + " per block of 32x" +
        std::to_string(WarpsPerBlock) + "), '" + L->Iter +
        "' over the 32 lanes of each: consecutive lanes read consecutive " +
        "elements; the lanes' partial results combined with warp shuffles " +
        "into " + What);
    K.Body = std::move(New);
    K.Grid.clear();
    K.ExplicitThreads = true;
    K.FitBlockToTrip = false;
    K.Block[0] = Lanes;
    K.Block[1] = WarpsPerBlock;
    K.Block[2] = 1;
    K.GridDims[0] = ceilDivL(G.TripCount, WarpsPerBlock);
    K.GridDims[1] = llit(1);
    K.GridDims[2] = llit(1);
    K.Schedule.Block = {unsigned(Lanes), unsigned(WarpsPerBlock)};
  }

  Kernel &K;
  const NestStmt &Nest;
  const LoweringContext &Ctx;
  const GridLoop *X = nullptr;
  const ForStmt *L = nullptr;
  std::vector<LaneReduction> Reds;
  /// The statements before L: run by every lane (declarations and scalar
  /// assignments), or by lane 0 after L (array writes).
  StmtList Kept, Deferred;
};

} // namespace

LoweredFunction reduceAcrossLanes(LoweredFunction LF,
                                  const LoweringContext &Ctx) {
  for (Kernel &K : LF.Kernels) {
    const NestStmt *Nest = Ctx.nest(K.NestId);
    if (Nest && static_cast<const NestSchedule &>(Nest->Clauses).isDefault() &&
        Nest->Clauses.Origin.empty())
      LaneReducer(K, *Nest, Ctx).run();
  }
  return LF;
}

} // namespace c2cuda
