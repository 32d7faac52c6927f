//===- DefaultTiling.cpp - Tiled schedules to try for an unscheduled nest -===//

#include "DefaultTiling.h"

#include "IRQueries.h"
#include "TileFootprint.h"

#include "analysis/IslToIR.h"

#include "llvm/Support/Casting.h"

#include <set>

using namespace llvm;

namespace c2cuda {

namespace {

/// Read-only arrays whose references in L use iterator It.
std::vector<std::string> readOnlyUsing(const StmtList &L, const std::string &It,
                                       const std::set<std::string> &Written) {
  std::set<std::string> Out;
  for (const ArrayRef *R : collectArrayRefs(L)) {
    if (Written.count(R->Array))
      continue;
    std::set<std::string> Names;
    for (const ExprPtr &I : R->Indices)
      collectVarNames(*I, Names);
    if (Names.count(It))
      Out.insert(R->Array);
  }
  return {Out.begin(), Out.end()};
}

} // namespace

std::vector<NestSchedule> defaultTilingCandidates(const Kernel &K,
                                                  const Function &F) {
  std::vector<NestSchedule> Out;
  if (K.Grid.size() != 2 || K.ExplicitThreads)
    return Out;
  const GridLoop *X = nullptr, *Y = nullptr;
  for (const GridLoop &G : K.Grid)
    (G.Dim == 0 ? X : Y) = &G;
  if (!X || !Y)
    return Out;
  NestSchedule Base;
  Base.Map = {{X->Iter, 0}, {Y->Iter, 1}};
  std::set<std::string> Written = collectWrittenArrays(K.Body);

  // 1. A strip loop (trip count from the parameters, not a small window)
  // with read-only operands.
  auto IsLit = [](const ExprPtr &E) {
    const Expr *X = E.get();
    while (const auto *C = dyn_cast<CastExpr>(X))
      X = C->Operand.get();
    return isa<IntLit>(X);
  };
  bool Window = false;
  for (const StmtPtr &S : K.Body) {
    const auto *L = dyn_cast<ForStmt>(S.get());
    if (!L)
      continue;
    if (IsLit(L->Lower) && IsLit(L->Upper)) {
      Window = true;
      continue;
    }
    std::vector<std::string> Arrays = readOnlyUsing(L->Body, L->Iter, Written);
    if (Arrays.empty())
      continue;
    NestSchedule M = Base;
    M.Block = {16, 16};
    M.Tile = {{X->Iter, 128}, {Y->Iter, 128}, {L->Iter, 8}};
    M.Vector = {{X->Iter, 4}, {Y->Iter, 4}};
    M.Shared = Arrays;
    M.Pad = 4;
    M.Pipeline = 2;
    // 8x8 points of 8-byte accumulators need more than 128 registers: the
    // cap made double products spill (68.6 ms vs 7.8 ms without it for
    // 4096^3 on the H100).
    bool Wide = false;
    for (const ArrayRef *R : collectArrayRefs(K.Body))
      Wide |= sizeInBytes(R->Type) > 4;
    M.MaxRegCount = Wide ? 0 : 128;
    Out.push_back(M);
    break;
  }

  // 2. A read-only array strided along x.
  std::vector<TileVar> Vars;
  for (const GridLoop *G : {X, Y}) {
    TileVar V;
    V.Name = G->Iter;
    V.Type = G->IterType;
    V.Base = std::make_shared<VarRef>("c2c_base_" + G->Iter, G->IterType);
    V.Step = G->Step;
    V.Count = 32;
    // Only the box's dimensions are looked at here, not its guards.
    V.First = analysis::longLit(0);
    V.Last = analysis::longLit(0);
    Vars.push_back(V);
  }
  std::vector<std::string> Strided;
  for (const std::string &A : collectArrayNames(K.Body)) {
    if (Written.count(A))
      continue;
    TileFootprint FP;
    std::string Why;
    if (!computeTileFootprint(A, K.Body, Vars, F, FP, Why) ||
        FP.DimVars.size() < 2)
      continue;
    auto Has = [&](size_t D) {
      for (const std::string &N : FP.DimVars[D])
        if (N == X->Iter)
          return true;
      return false;
    };
    if (!Has(FP.DimVars.size() - 1) && Has(0))
      Strided.push_back(A);
  }
  if (!Strided.empty()) {
    NestSchedule T = Base;
    T.Block = {32, 8};
    T.Tile = {{X->Iter, 32}, {Y->Iter, 32}};
    T.Shared = Strided;
    T.Pad = 1;
    Out.push_back(T);
  }

  // 3. A window loop with literal bounds (a convolution's rows): runs of
  // 4 rows per thread, so a run's input rows are loaded once for 4 outputs.
  if (Window) {
    NestSchedule C = Base;
    C.Block = {128, 2};
    C.Tile = {{X->Iter, 128}, {Y->Iter, 16}};
    C.Vector = {{Y->Iter, 4}};
    Out.push_back(C);
  }

  // 4. Several points per thread.
  NestSchedule E = Base;
  E.Block = {32, 8};
  E.Tile = {{X->Iter, 64}, {Y->Iter, 32}};
  E.Vector = {{X->Iter, 2}};
  Out.push_back(E);
  return Out;
}

} // namespace c2cuda
