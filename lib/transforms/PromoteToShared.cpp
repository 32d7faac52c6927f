//===- PromoteToShared.cpp - Arrays staged in shared memory ---------------===//

#include "PromoteToShared.h"

#include "IRQueries.h"
#include "TileFootprint.h"
#include "TripCount.h"

#include "ir/IRBuild.h"
#include "ir/IRWalk.h"
#include "target/OccupancyCore.h"

#include "llvm/Support/Casting.h"

#include <algorithm>

using namespace llvm;

namespace c2cuda {

using namespace build;

int64_t maxSharedBytes() {
  return occupancy::findArch(9, 0)->SmemPerBlockOptin;
}

std::string sharedBytesMessage(int64_t Bytes, bool TwoBuffers) {
  return "the shared tiles need " + std::to_string(Bytes) + " bytes per block" +
         (TwoBuffers ? " (two buffers each, pipeline(3))" : "") +
         ", more than the " + std::to_string(maxSharedBytes()) +
         " a block may use (sm_90)";
}

namespace {

class SharedPromoter : TileStage {
public:
  using TileStage::TileStage;
  bool run();

private:
  std::vector<TileFootprint> referenceGroups(const std::string &A,
                                             const std::vector<TileVar> &Vars,
                                             std::string &Why);
  void planScaledTiles();
};

/// A staged operand that every point multiplies by the same read-only
/// scalar before anything else (gemm's `alpha * A[i][k] * B[k][j]`) is
/// staged multiplied: one multiply per element loaded instead of one per
/// point and iteration. Exact: each product is the same float operation,
/// rounded once, wherever it is done. Not for tiles stored as whole vector
/// runs (the multiply needs the elements one by one).
void SharedPromoter::planScaledTiles() {
  std::set<std::string> Local = collectAssignedScalars(K.Body);
  forEachStmt(K.Body, [&](const Stmt &St) {
    if (const auto *D = dyn_cast<DeclStmt>(&St))
      Local.insert(D->Name);
    else if (const auto *F = dyn_cast<ForStmt>(&St))
      Local.insert(F->Iter);
  });
  for (const GridLoop &G : K.Grid)
    Local.insert(G.Iter);
  std::map<const SharedTile *, std::set<std::string>> Names;
  std::map<const SharedTile *, std::set<const Expr *>> ScaledRefs;
  forEachExprIn(K.Body, [&](const Expr &E) {
    const auto *B = dyn_cast<BinaryExpr>(&E);
    if (!B || B->Op != BinaryOpKind::Mul)
      return;
    for (auto [X, Y] : {std::make_pair(B->LHS.get(), B->RHS.get()),
                        std::make_pair(B->RHS.get(), B->LHS.get())}) {
      auto It = P.SharedRefs.find(X);
      const auto *V = dyn_cast<VarRef>(Y);
      if (It == P.SharedRefs.end() || !V)
        continue;
      const SharedTile *T = It->second.first;
      if (V->Type != T->FP.Elem || B->Type != T->FP.Elem ||
          Local.count(V->Name) || P.Private.count(V->Name) ||
          V->Name.find('.') != std::string::npos)
        continue;
      Names[T].insert(V->Name);
      ScaledRefs[T].insert(X);
    }
  });
  for (SharedTile &T : P.Tiles) {
    size_t Staged = 0;
    for (const auto &[Ref, P] : P.SharedRefs)
      Staged += P.first == &T;
    if (Staged && Names[&T].size() == 1 && ScaledRefs[&T].size() == Staged &&
        isFloating(T.FP.Elem) && !storesRuns(T))
      T.Scale = var(*Names[&T].begin(), T.FP.Elem);
  }
}

/// The footprints that stage A: one for all its references, or else one
/// per group of references that differ by constants (syrk's A[i][k] and
/// A[j][k] are two tiles), grouped greedily in source order. Empty, with
/// Why, when some reference fits no tile.
std::vector<TileFootprint> SharedPromoter::referenceGroups(
    const std::string &A, const std::vector<TileVar> &Vars, std::string &Why) {
  TileFootprint Whole;
  if (computeTileFootprint(A, K.Body, Vars, Ctx.F, Whole, Why))
    return {std::move(Whole)};
  std::vector<const ArrayRef *> Refs;
  forEachExprIn(K.Body, [&](const Expr &E) {
    const auto *R = dyn_cast<ArrayRef>(&E);
    if (R && !R->Local && R->Array == A &&
        std::find(Refs.begin(), Refs.end(), R) == Refs.end())
      Refs.push_back(R);
  });
  std::vector<std::set<const ArrayRef *>> Sets;
  std::vector<TileFootprint> Out;
  for (const ArrayRef *R : Refs) {
    bool Placed = false;
    for (size_t G = 0; G < Sets.size() && !Placed; ++G) {
      std::set<const ArrayRef *> Try = Sets[G];
      Try.insert(R);
      TileFootprint FP;
      std::string W;
      if (computeTileFootprint(A, K.Body, Vars, Ctx.F, FP, W, &Try)) {
        Sets[G] = std::move(Try);
        Out[G] = std::move(FP);
        Placed = true;
      }
    }
    if (Placed)
      continue;
    std::set<const ArrayRef *> One{R};
    TileFootprint FP;
    std::string W;
    if (!computeTileFootprint(A, K.Body, Vars, Ctx.F, FP, W, &One))
      return {};
    Sets.push_back(std::move(One));
    Out.push_back(std::move(FP));
  }
  if (Out.size() < 2)
    return {};
  return Out;
}

bool SharedPromoter::run() {
  std::vector<TileVar> Vars;
  for (const TiledDim &D : P.Dims) {
    TileVar V;
    V.Name = D.G.Iter;
    V.Type = D.G.IterType;
    V.Base = var(D.Base, D.G.IterType);
    V.Step = D.G.Step;
    V.Count = D.Tile;
    V.First = cast(D.G.Lower, ScalarKind::Long);
    V.Last =
        addL(D.G.Lower, mulL(addL(D.G.TripCount, llit(-1)), llit(D.G.Step)));
    Vars.push_back(V);
  }
  if (P.Strip) {
    TileVar V;
    V.Name = P.Strip->Iter;
    V.Type = P.Strip->IterType;
    V.Base = var("c2c_base_" + P.Strip->Iter, P.Strip->IterType);
    V.Step = P.Strip->Step;
    V.Count = P.StripSize;
    ExprPtr Trip = lvar(loopTripName(P.Strip->Iter));
    V.First = cast(P.Strip->Lower, ScalarKind::Long);
    V.Last =
        addL(P.Strip->Lower, mulL(addL(Trip, llit(-1)), llit(P.Strip->Step)));
    Vars.push_back(V);
  }
  std::set<std::string> Written = collectWrittenArrays(K.Body);
  int64_t Bytes = 0;
  std::string XIter;
  for (const TiledDim &D : P.Dims)
    if (D.Dim == 0)
      XIter = D.G.Iter;
  std::set<std::string> ReadHere = collectArrayNames(K.Body);
  // With a strip-mined loop the tiles are loaded strip by strip inside it:
  // the references before and after that loop keep reading global memory.
  std::set<const ArrayRef *> InStrip;
  if (P.Strip)
    InStrip = collectArrayRefs(P.Strip->Body);
  for (const std::string &A : S.Shared) {
    // A nest split into several kernels (a scop with a time loop) stages A
    // in the kernels that only read it; tileForBlocks reports an array no
    // kernel of the nest could stage.
    if (Written.count(A) || !ReadHere.count(A)) {
      P.Skipped.insert(A);
      continue;
    }
    std::string Why;
    auto Ext = Ctx.Facts.Extents.find(A);
    if (!K.BandGuard.empty() &&
        (Ext == Ctx.Facts.Extents.end() || !Ext->second.Elements))
      return error("shared",
                   "shared(" + A + "): '" + A +
                       "' cannot be staged in shared memory: the band is "
                       "not rectangular and the elements the nest reads "
                       "are not known",
                   "leave '" + A + "' out of shared(...)");
    std::vector<TileFootprint> Groups = referenceGroups(A, Vars, Why);
    if (Groups.empty())
      return error("shared",
                   "shared(" + A + "): '" + A +
                       "' cannot be staged in shared memory: " + Why,
                   "leave '" + A +
                       "' out of shared(...); it is then read "
                       "through the L1 cache");
    for (size_t Gi = 0; Gi < Groups.size(); ++Gi) {
      SharedTile T;
      T.FP = std::move(Groups[Gi]);
      T.Key = Gi ? A + "_" + std::to_string(Gi + 1) : A;
      if (P.Strip && std::none_of(T.FP.BoxIndex.begin(), T.FP.BoxIndex.end(),
                                  [&](const auto &R) {
                                    return InStrip.count(R.first) != 0;
                                  }))
        return error("shared",
                     "shared(" + A + "): '" + A +
                         "' is read only outside the strip-mined loop '" +
                         P.Strip->Iter + "', where its tiles are loaded",
                     "leave '" + A + "' out of shared(...)");
      T.Name = "c2c_sh_" + T.Key;
      size_t N = T.FP.Size.size();
      for (unsigned I = 0; I < N; ++I)
        T.Perm.push_back(I);
      if (N == 2) {
        auto Has = [&](unsigned D, const std::string &It) {
          const auto &V = T.FP.DimVars[D];
          return std::find(V.begin(), V.end(), It) != V.end();
        };
        bool Swap = !XIter.empty() && Has(0, XIter) && !Has(1, XIter);
        if (XIter.empty() || (!Has(0, XIter) && !Has(1, XIter)))
          for (const TiledDim &D : P.Dims)
            if (D.Vec > 1 && Has(0, D.G.Iter) && !Has(1, D.G.Iter))
              Swap = true;
        if (Swap)
          std::swap(T.Perm[0], T.Perm[1]);
      }
      int64_t Elems = 1;
      for (unsigned I = 0; I < N; ++I) {
        int64_t Sz = T.FP.Size[T.Perm[I]] + (I + 1 == N ? S.Pad : 0);
        T.SharedDims.push_back(Sz);
        Elems *= Sz;
      }
      Bytes += Elems * sizeInBytes(T.FP.Elem);
      P.Tiles.push_back(std::move(T));
    }
  }
  if (Bytes > maxSharedBytes())
    return error("shared", sharedBytesMessage(Bytes, false),
                 "use smaller tiles");
  for (const SharedTile &T : P.Tiles)
    for (const auto &[Ref, Idx] : T.FP.BoxIndex)
      if (!P.Strip || InStrip.count(Ref))
        P.SharedRefs[Ref] = {&T, Ref};
  planScaledTiles();
  return true;
}

} // namespace

bool planSharedTiles(Kernel &K, TilePlan &P, const LoweringContext &Ctx) {
  return SharedPromoter(K, P, Ctx).run();
}

LoweredFunction promoteToShared(LoweredFunction LF, LoweringContext &Ctx) {
  forEachTilePlan(LF, Ctx, planSharedTiles);
  if (Ctx.Diags.hasErrors())
    return LF;
  // Per nest of shared(...) clauses: the arrays some kernel staged. A nest
  // split into several kernels (a scop with a time loop) stages an array
  // in the kernels that only read it.
  std::map<unsigned, std::set<std::string>> Staged;
  for (const auto &[Index, Plan] : Ctx.TilePlans) {
    if (!Plan->Nest->Clauses.isTiled())
      continue;
    std::set<std::string> &In = Staged[Plan->Nest->Id];
    for (const std::string &A : Plan->Nest->Clauses.Shared)
      if (!Plan->Skipped.count(A))
        In.insert(A);
  }
  for (const auto &[Id, In] : Staged)
    for (const std::string &A : Ctx.nest(Id)->Clauses.Shared)
      if (!In.count(A))
        Ctx.Diags.error(Ctx.nest(Id)->clauseLoc("shared"),
                        "shared(" + A + ")" + Ctx.nest(Id)->originText() +
                            ": no kernel of this nest only reads '" + A +
                            "'; only arrays a kernel reads and does not "
                            "write can be staged in shared memory",
                        "leave '" + A + "' out of shared(...)");
  return LF;
}

} // namespace c2cuda
