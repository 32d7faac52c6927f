//===- UseTensorCores.cpp - Tiled products on the tensor cores -----------===//

#include "UseTensorCores.h"

#include "PointLoops.h"

#include "ir/IRBuild.h"

#include <algorithm>

namespace c2cuda {

namespace {

class TensorCorePlanner : TileStage {
public:
  using TileStage::TileStage;
  bool run();
};

bool TensorCorePlanner::run() {
  const TiledDim *X = nullptr, *Y = nullptr;
  for (const TiledDim &D : P.Dims) {
    if (D.Dim == 0)
      X = &D;
    if (D.Dim == 1)
      Y = &D;
  }
  if (!Ctx.TensorCores || !P.Strip || P.TwoBuffers || P.Tiles.empty() ||
      P.Dims.size() != 2 || !X || !Y || !K.BandGuard.empty() || tileInBand())
    return true;
  TensorCoreTile T;
  for (auto [From, To] :
       {std::make_pair(X, &T.Cols), std::make_pair(Y, &T.Rows)})
    *To = {From->G.Iter, From->Point,  From->G.IterType,
           From->G.Step, From->Points, From->Tile};
  T.Threads = P.Threads;
  T.AllowTf32x3 = Ctx.Tf32x3;
  T.StripIter = P.Strip->Iter;
  T.StripCounter = "c2c_s_" + P.Strip->Iter;
  T.StripType = P.Strip->IterType;
  T.StripLower = P.Strip->Lower;
  T.StripStep = P.Strip->Step;
  T.StripSize = P.StripSize;
  PointLoops Pts(K, P, Ctx);
  if (P.AsyncStages) // The strip's buffer, as LowerTiles names it.
    Pts.SharedBuffer = build::ivar(stripBufferName());
  T.Body = Pts.rewriteForPoints(P.Strip->Body);
  for (const TiledDim &D : P.Dims)
    T.PointNames.insert({D.Point, D.T, D.Clamp});
  P.Mma = planTensorCoreProduct(T, P.NoMmaWhy);
  // Remarks only for sums that could have gone there.
  bool MmaSum =
      std::any_of(P.Private.begin(), P.Private.end(), [&](const auto &Reg) {
        return Reg.second == ScalarKind::Double ||
               (Reg.second == ScalarKind::Float && Ctx.Tf32x3);
      });
  if (P.Mma || !MmaSum)
    P.NoMmaWhy.clear();
  return true;
}

} // namespace

bool planTensorCores(Kernel &K, TilePlan &P, const LoweringContext &Ctx) {
  return TensorCorePlanner(K, P, Ctx).run();
}

LoweredFunction useTensorCores(LoweredFunction LF, LoweringContext &Ctx) {
  forEachTilePlan(LF, Ctx, planTensorCores);
  return LF;
}

} // namespace c2cuda
