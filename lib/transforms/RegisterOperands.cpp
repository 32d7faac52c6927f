//===- RegisterOperands.cpp - Small operands every point reads whole ------===//

#include "RegisterOperands.h"

#include "IRQueries.h"

#include "ir/IRBuild.h"
#include "ir/IRWalk.h"

#include "llvm/Support/Casting.h"

#include <algorithm>
#include <map>

namespace c2cuda {

using namespace build;
using llvm::dyn_cast;

std::vector<SharedTile> findRegisterOperands(
    const StmtList &Body, const std::set<std::string> &TileIters,
    const std::vector<std::string> &Shared, const Function &F) {
  constexpr int64_t MaxElems = 64;
  std::vector<SharedTile> Out;
  std::set<std::string> Excluded, Written = collectWrittenArrays(Body);
  forEachStmt(Body, [&](const Stmt &St) {
    if (const auto *D = dyn_cast<DeclStmt>(&St))
      Excluded.insert(D->Name); // Locals may not appear in subscripts.
  });
  std::map<std::string, bool> Ok;
  for (const ArrayRef *R : collectArrayRefs(Body)) {
    if (R->Local || Written.count(R->Array) ||
        Shared.end() != std::find(Shared.begin(), Shared.end(), R->Array)) {
      Ok[R->Array] = false;
      continue;
    }
    std::set<std::string> Names;
    for (const ExprPtr &I : R->Indices)
      collectVarNames(*I, Names);
    bool Good = !Ok.count(R->Array) || Ok[R->Array];
    for (const std::string &N : Names)
      Good &= !TileIters.count(N) && !Excluded.count(N);
    Ok[R->Array] = Good;
  }
  for (const auto &[A, Good] : Ok) {
    if (!Good)
      continue;
    SharedTile T;
    std::string Why;
    if (!computeTileFootprint(A, Body, {}, F, T.FP, Why) ||
        !T.FP.DimGuardsExact)
      continue;
    int64_t Elems = 1;
    for (int64_t Sz : T.FP.Size)
      Elems *= Sz;
    if (Elems > MaxElems)
      continue;
    T.Name = "c2c_rf_" + A;
    T.Key = A;
    for (unsigned I = 0; I < T.FP.Size.size(); ++I)
      T.Perm.push_back(I);
    T.SharedDims = T.FP.Size;
    Out.push_back(std::move(T));
  }
  return Out;
}

StmtList registerOperandLoads(const std::vector<SharedTile> &RegOperands) {
  StmtList Out;
  for (const SharedTile &T : RegOperands) {
    const TileFootprint &FP = T.FP;
    const std::string &A = FP.Array;
    auto D = std::make_shared<DeclStmt>(T.Name, FP.Elem, nullptr);
    D->Dims = FP.Size;
    Out.push_back(D);
    size_t N = FP.Size.size();
    // Nested fully unrolled loops over the box.
    std::vector<ExprPtr> Coord, X;
    ExprPtr Guard;
    StmtList Inner;
    for (size_t I = 0; I < N; ++I) {
      std::string C = "c2c_e" + std::to_string(I) + "_" + A;
      Coord.push_back(ivar(C));
      ExprPtr Xi = bin(BinaryOpKind::Add, cast(FP.Low[I], ScalarKind::Int),
                       ivar(C), ScalarKind::Int);
      X.push_back(Xi);
      std::string Sfx = std::to_string(I) + "_" + A;
      Guard = andE(Guard,
                   bin(BinaryOpKind::GE, Xi,
                       cast(FP.MinDim[I], ScalarKind::Int), ScalarKind::Int));
      Guard = andE(Guard,
                   bin(BinaryOpKind::LE, Xi,
                       cast(FP.MaxDim[I], ScalarKind::Int), ScalarKind::Int));
    }
    ExprPtr Src;
    if (FP.PointerArray)
      Src = std::make_shared<ArrayRef>(
          A,
          std::vector<ExprPtr>{N == 2 ? addL(mulL(X[0], FP.Stride), X[1])
                                      : cast(X[0], ScalarKind::Long)},
          FP.Elem);
    else
      Src = std::make_shared<ArrayRef>(A, X, FP.Elem);
    StmtList Body = {std::make_shared<IfStmt>(
        Guard, StmtList{assign(localRef(T.Name, Coord, FP.Elem), Src)},
        StmtList{})};
    for (size_t I = N; I-- > 0;)
      Body = {countLoop("c2c_e" + std::to_string(I) + "_" + A, FP.Size[I], Body,
                        -1)};
    Out.insert(Out.end(), Body.begin(), Body.end());
  }
  return Out;
}

bool planRegisterOperands(Kernel &K, TilePlan &P, const LoweringContext &Ctx) {
  std::set<std::string> TileIters;
  for (const TiledDim &D : P.Dims)
    TileIters.insert(D.G.Iter);
  if (P.Strip)
    TileIters.insert(P.Strip->Iter);
  P.RegOperands = findRegisterOperands(K.Body, TileIters, P.S.Shared, Ctx.F);
  for (const SharedTile &T : P.RegOperands)
    for (const auto &[Ref, Idx] : T.FP.BoxIndex)
      P.SharedRefs[Ref] = {&T, Ref};
  return true;
}

LoweredFunction registerOperands(LoweredFunction LF, LoweringContext &Ctx) {
  forEachTilePlan(LF, Ctx, planRegisterOperands);
  return LF;
}

} // namespace c2cuda
