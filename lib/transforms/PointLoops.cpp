//===- PointLoops.cpp - A thread's points around a statement list ---------===//

#include "PointLoops.h"

#include "IRQueries.h"
#include "ReadsBeforeWrites.h"

#include "analysis/BandBox.h"
#include "ir/IRBuild.h"
#include "ir/IRRewrite.h"
#include "ir/IRWalk.h"

#include "llvm/Support/Casting.h"

#include <algorithm>
#include <functional>

using namespace llvm;

namespace c2cuda {

using namespace build;

StmtList PointLoops::rewriteForPoints(const StmtList &L) {
  // Declarations of private scalars become stores to their register array.
  StmtList In;
  for (const StmtPtr &St : L) {
    const auto *D = dyn_cast<DeclStmt>(St.get());
    if (D && P.Private.count(D->Name)) {
      if (D->Init)
        In.push_back(std::make_shared<AssignStmt>(
            var(D->Name, D->Type), AssignOpKind::Set, D->Init, D->Loc));
      continue;
    }
    In.push_back(St);
  }
  std::vector<ExprPtr> PIdx = pointIndex();
  std::function<ExprPtr(const ExprPtr &)> Rewrite;
  Rewrite = [&](const ExprPtr &E) -> ExprPtr {
    // `Scale * A[...]` of a tile staged scaled is the tile's element.
    if (const auto *B = dyn_cast<BinaryExpr>(E.get());
        B && B->Op == BinaryOpKind::Mul)
      for (const auto &[X, Y] :
           {std::make_pair(B->LHS, B->RHS), std::make_pair(B->RHS, B->LHS)}) {
        auto It = P.SharedRefs.find(X.get());
        const auto *V = dyn_cast<VarRef>(Y.get());
        if (It != P.SharedRefs.end() && V && It->second.first->Scale &&
            llvm::cast<VarRef>(It->second.first->Scale.get())->Name == V->Name)
          return Rewrite(X);
      }
    if (const auto *V = dyn_cast<VarRef>(E.get())) {
      auto It = P.Private.find(V->Name);
      if (It != P.Private.end())
        return localRef("c2c_reg_" + V->Name, PIdx, It->second);
      return nullptr;
    }
    auto It = P.SharedRefs.find(E.get());
    if (It == P.SharedRefs.end())
      return nullptr;
    const SharedTile &T = *It->second.first;
    const std::vector<ExprPtr> &Box = T.FP.BoxIndex.at(It->second.second);
    std::vector<ExprPtr> Idx;
    if (SharedBuffer)
      Idx.push_back(SharedBuffer);
    for (unsigned I = 0; I < T.Perm.size(); ++I)
      Idx.push_back(Box[T.Perm[I]]);
    return localRef(T.Name, Idx, E->Type);
  };
  return rewriteStmts(In, Rewrite);
}

/// The point loops of a thread around Body: for every point, the mapped
/// iterators are declared and, with Guard, Body runs only for points inside
/// the iteration space.
StmtList PointLoops::points(const StmtList &Body, bool Guard) {
  // A guard around a body with loops (a convolution's window) is a branch
  // the compiler cannot schedule loads across, so a tile wholly inside the
  // iteration space runs its points unguarded and only the edge tiles check
  // each point. A loop-free body is predicated instead, and measured no
  // faster split (jacobi2d on the H200: 0.746 split vs 0.769 not).
  bool HasLoop = false;
  forEachStmt(Body, [&](const Stmt &St) { HasLoop |= isa<ForStmt>(St); });
  // A tile inside the box may still hold points outside a triangular band.
  if (Guard && HasLoop && K.BandGuard.empty()) {
    return {std::make_shared<IfStmt>(fullTile(), pointLoops(Body, false),
                                     pointLoops(Body, true))};
  }
  return pointLoops(Body, Guard);
}

StmtList PointLoops::pointsInside(const StmtList &Body, bool Guard) {
  auto Declared = [](const StmtList &L) {
    std::set<std::string> Names;
    forEachStmt(L, [&](const Stmt &St) {
      if (const auto *D = dyn_cast<DeclStmt>(&St))
        Names.insert(D->Name);
    });
    return Names;
  };
  std::set<std::string> PerPoint = Declared(K.Body);
  for (const TiledDim &D : P.Dims)
    PerPoint.insert(D.G.Iter);
  auto Wrapper = [&](const StmtList &L) -> const ForStmt * {
    const auto *F = L.size() == 1 ? dyn_cast<ForStmt>(L[0].get()) : nullptr;
    if (!F || readsArray(*F->Lower) || readsArray(*F->Upper))
      return nullptr;
    std::set<std::string> Names;
    collectVarNames(*F->Lower, Names);
    collectVarNames(*F->Upper, Names);
    for (const std::string &N : Names)
      if (PerPoint.count(N))
        return nullptr;
    return F;
  };
  if (!Wrapper(Body))
    return points(Body, Guard);
  // Whether the innermost body writes only the points' registers.
  const StmtList *In = &Body;
  while (const ForStmt *F = Wrapper(*In))
    In = &F->Body;
  NamesWritten W = namesWritten(*In);
  std::set<std::string> Local = Declared(*In);
  bool OnlyRegisters =
      W.Arrays.empty() && std::all_of(W.Scalars.begin(), W.Scalars.end(),
                                      [&](const std::string &N) {
                                        return P.Private.count(N) ||
                                               Local.count(N);
                                      });
  std::function<StmtList(const StmtList &, bool, bool)> Sink =
      [&](const StmtList &L, bool G, bool Clamped) -> StmtList {
    const ForStmt *F = Wrapper(L);
    if (!F)
      return pointLoops(L, G, Clamped);
    auto Loop = std::make_shared<ForStmt>(F->Iter, F->IterType, F->Lower,
                                          F->Cmp, F->Upper, F->Step,
                                          Sink(F->Body, G, Clamped), F->Loc);
    Loop->Unroll = F->Unroll;
    return {Loop};
  };
  if (!Guard || !K.BandGuard.empty())
    return Sink(Body, Guard, false);
  // Full tiles run their points unguarded, as in points(); edge tiles
  // clamp them when they can.
  StmtList Edge;
  if (OnlyRegisters) {
    Edge = clampedIndices();
    StmtList S = Sink(Body, true, true);
    Edge.insert(Edge.end(), S.begin(), S.end());
  } else {
    Edge = Sink(Body, true, false);
  }
  return {std::make_shared<IfStmt>(fullTile(), Sink(Body, false, false), Edge)};
}

StmtList PointLoops::clampedIndices() const {
  StmtList Out;
  for (const TiledDim &D : P.Dims) {
    const std::string &Name = D.Clamp;
    ExprPtr Local = localIndex(D);
    ExprPtr Last =
        bin(BinaryOpKind::Sub, ivar(D.Left), ilit(1), ScalarKind::Int);
    ExprPtr Clamped = std::make_shared<SelectExpr>(
        bin(BinaryOpKind::LT, Local, ivar(D.Left), ScalarKind::Int), Local,
        Last, ScalarKind::Int);
    auto Decl = std::make_shared<DeclStmt>(Name, ScalarKind::Int, nullptr);
    Decl->Dims = {D.Points};
    Out.push_back(Decl);
    ExprPtr Point = D.Points > 1 ? ivar(D.Point) : ilit(0);
    StmtList Set = {std::make_shared<AssignStmt>(
        localRef(Name, {Point}, ScalarKind::Int), AssignOpKind::Set, Clamped)};
    if (D.Points > 1)
      Out.push_back(countLoop(D.Point, D.Points, Set, -1));
    else
      Out.insert(Out.end(), Set.begin(), Set.end());
  }
  return Out;
}

std::vector<const ArrayRef *> PointLoops::readsAhead(const StmtList &B) const {
  int64_t Points = 1;
  for (const TiledDim &D : P.Dims)
    Points *= D.Points;
  // Several points of a straight-line body that writes arrays: their reads
  // first, for every point, into registers c2c_ld<n>[point]; then the
  // bodies (ReadsBeforeWrites.h).
  std::vector<const ArrayRef *> Early;
  if (Points > 1)
    Early = readsBeforeWrites(B, [&](const std::string &A) {
      return Ctx.Facts.Extents.count(A) > 0;
    });
  // Values read ahead are held beside a register tile's; past half of the
  // 128 registers a tiled kernel gets, ptxas spills (gemm's `C = beta * C
  // + alpha * acc` after an 8 x 8 tile: 320 bytes, 2% slower than reading
  // each C as it is stored; H100, 2026-11-26).
  int64_t Words = 0;
  for (const ArrayRef *R : Early)
    Words += (sizeInBytes(R->Type) + 3) / 4;
  for (const auto &[Name, T] : P.Private)
    Words += (sizeInBytes(T) + 3) / 4;
  if (!P.Private.empty() && Points * Words > 64)
    Early.clear();
  return Early;
}

StmtList PointLoops::pointLoops(const StmtList &Body, bool Guard,
                                bool Clamped) {
  StmtList B = rewriteForPoints(Body);
  // A guarded point outside a triangular band skips the body too.
  ExprPtr InBand;
  if (Guard && !K.BandGuard.empty()) {
    std::map<std::string, ScalarKind> Types;
    for (const TiledDim &D : P.Dims)
      Types[D.G.Iter] = D.G.IterType;
    InBand = analysis::constraintsHold(K.BandGuard, Types);
  }
  int64_t Points = 1;
  for (const TiledDim &D : P.Dims)
    Points *= D.Points;
  std::vector<const ArrayRef *> Early;
  if (!Clamped && !InBand)
    Early = readsAhead(B);
  if (Early.empty())
    return pointNest(B, Guard, Clamped, InBand);
  ExprPtr PointIdx;
  for (const TiledDim &D : P.Dims)
    if (D.Points > 1)
      PointIdx = PointIdx ? bin(BinaryOpKind::Add, ivar(D.Point),
                                bin(BinaryOpKind::Mul, ilit(D.Points), PointIdx,
                                    ScalarKind::Int),
                                ScalarKind::Int)
                          : ivar(D.Point);
  std::map<const Expr *, std::string> Reg;
  StmtList Out, Loads;
  for (const ArrayRef *R : Early) {
    std::string Name = "c2c_ld" + std::to_string(EarlyReads++);
    Reg[R] = Name;
    auto D = std::make_shared<DeclStmt>(Name, R->Type, nullptr);
    D->Dims = {Points};
    Out.push_back(D);
  }
  std::set<const Expr *> Loaded;
  auto ReadAhead = [&](const ExprPtr &E) -> ExprPtr {
    auto It = Reg.find(E.get());
    if (It == Reg.end())
      return nullptr;
    ExprPtr To = localRef(It->second, {PointIdx}, E->Type);
    if (Loaded.insert(E.get()).second)
      Loads.push_back(std::make_shared<AssignStmt>(To, AssignOpKind::Set, E));
    return To;
  };
  // Only reads are replaced: the element a point reads ahead may be the
  // very node its store names (`C[i][j] = acc` after a start loaded from
  // C[i][j]).
  StmtList Rest = rewriteReads(B, ReadAhead);
  StmtList L = pointNest(Loads, Guard, Clamped, InBand);
  StmtList R = pointNest(Rest, Guard, Clamped, InBand);
  Out.insert(Out.end(), L.begin(), L.end());
  Out.insert(Out.end(), R.begin(), R.end());
  return Out;
}

StmtList PointLoops::pointNest(const StmtList &B, bool Guard, bool Clamped,
                               const ExprPtr &InBand) {
  StmtList Inner;
  ExprPtr Cond;
  // Local index of the point in the tile, in int: tiles are small.
  auto IBin = [](BinaryOpKind Op, ExprPtr A, ExprPtr B) {
    return bin(Op, A, B, ScalarKind::Int);
  };
  std::set<std::string> Used;
  collectVarNames(B, Used);
  if (InBand)
    collectVarNames(*InBand, Used);
  for (const TiledDim &D : P.Dims) {
    if (!Guard && !Used.count(D.G.Iter))
      continue; // Declared but unused is a warning nvcc -Werror rejects.
    ExprPtr Local = localIndex(D);
    if (Clamped)
      Local = localRef(D.Clamp, {D.Points > 1 ? ivar(D.Point) : ilit(0)},
                       ScalarKind::Int);
    Inner.push_back(decl(D.T, ScalarKind::Int, Local));
    Cond = andE(Cond, IBin(BinaryOpKind::LT, ivar(D.T), ivar(D.Left)));
  }
  StmtList Run;
  for (const TiledDim &D : P.Dims)
    if (Used.count(D.G.Iter))
      Run.push_back(iteratorAtLocalIndex(D));
  if (InBand)
    Run.push_back(std::make_shared<IfStmt>(InBand, B, StmtList{}));
  else
    Run.insert(Run.end(), B.begin(), B.end());
  if (Guard && !Clamped)
    Inner.push_back(std::make_shared<IfStmt>(Cond, Run, StmtList{}));
  else
    Inner.insert(Inner.end(), Run.begin(), Run.end());
  StmtList Out = Inner;
  bool Looped = false;
  for (const TiledDim &D : P.Dims)
    if (D.Points > 1) {
      Out = {countLoop(D.Point, D.Points, Out, -1)};
      Looped = true;
    }
  // One point per thread: still a scope of its own, so that the point's
  // declarations before and after a strip loop do not clash.
  if (!Looped)
    Out = {countLoop("c2c_p", 1, Out, -1)};
  return Out;
}

} // namespace c2cuda
