//===- StripMine.cpp - A loop inside the band in strips -------------------===//

#include "StripMine.h"

#include "IRQueries.h"

#include "ir/IRWalk.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Casting.h"

using namespace llvm;

namespace c2cuda {

namespace {

class StripMiner : TileStage {
public:
  using TileStage::TileStage;
  bool run();
};

bool StripMiner::run() {
  std::set<std::string> Mapped;
  for (const TiledDim &D : P.Dims)
    Mapped.insert(D.G.Iter);
  for (const auto &[N, Size] : S.Tile) {
    if (Mapped.count(N))
      continue;
    const ForStmt *Found = nullptr;
    size_t At = 0;
    for (size_t I = 0; I < K.Body.size(); ++I)
      if (const auto *F = dyn_cast<ForStmt>(K.Body[I].get()))
        if (F->Iter == N) {
          Found = F;
          At = I;
        }
    if (!Found)
      return error(
          "tile",
          "tile(" + N + ": " + std::to_string(Size) +
              ") names neither a mapped loop nor a loop "
              "directly inside the mapped loops",
          "tile the mapped loops (" +
              llvm::join(std::vector<std::string>(Mapped.begin(), Mapped.end()),
                         ", ") +
              ") and at most one loop directly inside them");
    if (P.Strip)
      return error("tile", "tile(" + N +
                               ": ...) strip-mines a second loop; "
                               "only one loop inside the mapped loops can be "
                               "strip-mined");
    std::set<std::string> Names, Locals;
    collectVarNames(*Found->Lower, Names);
    collectVarNames(*Found->Upper, Names);
    forEachStmt(K.Body, [&](const Stmt &St) {
      if (const auto *D = dyn_cast<DeclStmt>(&St))
        Locals.insert(D->Name);
    });
    for (const std::string &V : Names)
      if (Mapped.count(V) || Locals.count(V))
        return error("tile",
                     "tile(" + N + ": " + std::to_string(Size) +
                         "): the bounds of '" + N + "' read '" + V +
                         "', so the strips differ between points",
                     "strip-mine only loops with the same bounds for every "
                     "point");
    if (readsArray(*Found->Lower) || readsArray(*Found->Upper))
      return error("tile", "tile(" + N + ": ...): the bounds of '" + N +
                               "' read an array");
    // A loop a `break` ends runs to its bound in strips: the strips of a
    // `while` loop's (no bound) would not end.
    if (breakGuard(*Found))
      return error("tile",
                   "tile(" + N + ": " + std::to_string(Size) +
                       ") cannot strip-mine '" + N + "': a 'break' ends it",
                   "leave '" + N + "' out of the tile clause");
    // Each point would need its own copy of a local array across the
    // strips (scalars get one, as register arrays); not done for arrays.
    for (size_t I = 0; I < At; ++I)
      if (const auto *D = dyn_cast<DeclStmt>(K.Body[I].get());
          D && D->isArray())
        return error("tile",
                     "tile(" + N + ": " + std::to_string(Size) +
                         ") cannot strip-mine '" + N + "': the local array '" +
                         D->Name +
                         "' declared before it would be shared by the points",
                     "declare '" + D->Name + "' inside the loop '" + N +
                         "', or leave '" + N + "' out of the tile clause");
    P.Strip = Found;
    P.StripSize = Size;
    P.Pre.assign(K.Body.begin(), K.Body.begin() + At);
    P.Post.assign(K.Body.begin() + At + 1, K.Body.end());
  }
  return true;
}

} // namespace

bool planStrip(Kernel &K, TilePlan &P, const LoweringContext &Ctx) {
  if (!StripMiner(K, P, Ctx).run())
    return false;
  // Scalar expansion: the points' copies of each scalar declared before
  // the strip loop, as one register array.
  if (P.Strip)
    for (const StmtPtr &St : P.Pre)
      if (const auto *D = dyn_cast<DeclStmt>(St.get()))
        if (!D->isArray())
          P.Private[D->Name] = D->Type;
  for (const TiledDim &D : P.Dims)
    if (D.Points > 1)
      P.RegDims.insert(P.RegDims.begin(), D.Points);
  if (P.RegDims.empty())
    P.RegDims.push_back(1);
  return true;
}

LoweredFunction stripMine(LoweredFunction LF, LoweringContext &Ctx) {
  forEachTilePlan(LF, Ctx, planStrip);
  return LF;
}

} // namespace c2cuda
