//===- TileBands.cpp - Block tiles and points per thread ------------------===//

#include "TileBands.h"

#include "IRQueries.h"
#include "TripCount.h"

#include "ir/IRWalk.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Casting.h"

#include <algorithm>

using namespace llvm;

namespace c2cuda {

namespace {

const char *const DimName[3] = {"x", "y", "z"};

/// The names generated for D's trip count, tile origin, base iterator,
/// point, local index, points left and clamped local indices.
void nameDim(TiledDim &D) {
  std::string Dn = tileDimSuffix(D.Dim);
  D.Trip = "c2c_trip_" + Dn;
  D.Tile0 = "c2c_tile0_" + Dn;
  D.Base = "c2c_base_" + D.G.Iter;
  D.Point = "c2c_p_" + Dn;
  D.T = "c2c_t_" + Dn;
  D.Left = "c2c_left_" + Dn;
  D.Clamp = "c2c_c_" + Dn;
}

class BandTiler : TileStage {
public:
  using TileStage::TileStage;
  bool run();

private:
  bool checkDims();
  /// Band loops the grid left to each thread become tile dimensions of one
  /// thread each (Dim 3, 4, ...): every tile runs tile(n: T) iterations of
  /// them (default 1), so the blocks, not each thread, cover them.
  bool foldInThreadBand(std::set<std::string> &Mapped);
};

bool BandTiler::run() {
  if (K.Grid.empty())
    return error(S.Tile.empty() ? "shared" : "tile",
                 "tiling needs a parallel loop to map, and this kernel runs "
                 "as a single thread",
                 "leave out the tiling clauses for this nest");
  return checkDims();
}

bool BandTiler::checkDims() {
  std::vector<const GridLoop *> Gs;
  for (const GridLoop &G : K.Grid)
    Gs.push_back(&G);
  std::sort(Gs.begin(), Gs.end(), [](const GridLoop *A, const GridLoop *B) {
    return A->Dim < B->Dim;
  });
  std::set<std::string> Mapped;
  for (const GridLoop *G : Gs) {
    Mapped.insert(G->Iter);
    // The analysed loop it maps; by name and place only where the mapping
    // did not record it (a nest may hold several loops named i).
    const ForStmt *L = G->Loop;
    forEachStmt(Nest.Body, [&](const Stmt &St) {
      const auto *F = dyn_cast<ForStmt>(&St);
      if (F && !L && F->Iter == G->Iter && F->Loc.Line == G->Loc.Line &&
          F->Loc.Col == G->Loc.Col)
        L = F;
    });
    if (!L || !Ctx.isParallel(&Nest, L))
      return error("tile",
                   "tiling needs parallel mapped loops, and '" + G->Iter +
                       "' is not parallel: " +
                       (L ? Ctx.notParallelReason(&Nest, L) : "no facts"),
                   "leave out the tiling clauses for this nest");
    TiledDim D;
    D.G = *G;
    D.Dim = G->Dim;
    D.Block = K.Block[G->Dim] ? K.Block[G->Dim] : 1;
    D.Points = G->Coarsen ? G->Coarsen : 1;
    auto V = S.Vector.find(G->Iter);
    D.Vec = V == S.Vector.end() ? 1 : V->second;
    auto T = S.Tile.find(G->Iter);
    bool HasThread = S.Thread.count(G->Iter);
    if (T != S.Tile.end()) {
      if (HasThread && T->second != D.Block * D.Points)
        return error("tile",
                     "tile(" + G->Iter + ": " + std::to_string(T->second) +
                         ") does not equal the block's " +
                         std::to_string(D.Block) + " threads along " +
                         DimName[D.Dim] + " times thread(" + G->Iter + ": " +
                         std::to_string(D.Points) + ")",
                     "make the tile " + std::to_string(D.Block * D.Points) +
                         " or leave out one of the two");
      if (T->second % D.Block)
        return error("tile",
                     "tile(" + G->Iter + ": " + std::to_string(T->second) +
                         ") is not a multiple of the block's " +
                         std::to_string(D.Block) + " threads along " +
                         DimName[D.Dim],
                     "use a multiple of " + std::to_string(D.Block));
      D.Points = T->second / D.Block;
    }
    D.Tile = D.Block * D.Points;
    if (D.Points % D.Vec)
      return error("vector",
                   "vector(" + G->Iter + ": " + std::to_string(D.Vec) +
                       ") needs the points per thread along " + G->Iter + " (" +
                       std::to_string(D.Points) + ") to be a multiple of " +
                       std::to_string(D.Vec),
                   "set thread(" + G->Iter + ": ...) or the tile to a " +
                       "multiple of " + std::to_string(D.Vec * D.Block));
    nameDim(D);
    P.Threads *= D.Block;
    P.Dims.push_back(D);
  }
  if (!foldInThreadBand(Mapped))
    return false;
  for (const auto &[N, V] : S.Vector)
    if (!Mapped.count(N))
      return error(
          "vector",
          "vector(" + N + ": " + std::to_string(V) +
              ") names no mapped loop of this kernel",
          "the mapped loops are " +
              llvm::join(std::vector<std::string>(Mapped.begin(), Mapped.end()),
                         ", "));
  int64_t Pts = 1;
  for (const TiledDim &D : P.Dims)
    Pts *= D.Points;
  if (Pts > 256)
    return error("thread",
                 std::to_string(Pts) +
                     " points per thread is more than the 256 "
                     "register tiling supports",
                 "use fewer points per thread");
  return true;
}

bool BandTiler::foldInThreadBand(std::set<std::string> &Mapped) {
  unsigned Folded = 0;
  for (const std::string &It : K.InThreadBand) {
    const auto *L =
        K.Body.size() == 1 ? dyn_cast<ForStmt>(K.Body[0].get()) : nullptr;
    if (!L || L->Iter != It)
      return true; // Not the loops MapToGrid left: nothing folded.
    // Band loops are rectangular in the mapped ones (MapToGrid), but a
    // bound reading a local or an array stays a loop in each thread.
    std::set<std::string> Names;
    collectVarNames(*L->Lower, Names);
    collectVarNames(*L->Upper, Names);
    if (readsArray(*L->Lower) || readsArray(*L->Upper) ||
        std::any_of(Names.begin(), Names.end(),
                    [&](const std::string &N) { return Mapped.count(N); }))
      return true;
    TiledDim D;
    D.G = gridLoopFor(*L, 3 + Folded++);
    D.Dim = D.G.Dim;
    D.Block = 1;
    D.Vec = 1;
    auto T = S.Tile.find(It);
    D.Points = T == S.Tile.end() ? 1 : T->second;
    D.Tile = D.Points;
    nameDim(D);
    P.Dims.push_back(D);
    Mapped.insert(It);
    StmtList Inner = L->Body; // L lives in K.Body: copy before replacing.
    K.Body = std::move(Inner);
    // It no longer runs in each thread.
    std::string Seq = It + " runs sequentially in each thread";
    llvm::erase_if(K.Remarks, [&](const std::string &R) {
      return R.compare(0, Seq.size(), Seq) == 0;
    });
    K.Remarks.push_back(It + ": each tile runs " +
                        (D.Points == 1
                             ? std::string("one iteration")
                             : std::to_string(D.Points) + " iterations") +
                        " of it (the grid's three dimensions are taken, and "
                        "the blocks number the tiles along every loop)");
  }
  return true;
}

} // namespace

bool planBlockTiles(Kernel &K, TilePlan &P, const LoweringContext &Ctx) {
  return BandTiler(K, P, Ctx).run();
}

LoweredFunction tileBands(LoweredFunction LF, LoweringContext &Ctx) {
  for (size_t I = 0; I < LF.Kernels.size(); ++I) {
    const NestStmt *Nest = Ctx.nest(LF.Kernels[I].NestId);
    if (!Nest || !Nest->Clauses.isTiled() || Ctx.TilePlans.count(I))
      continue;
    auto P = std::make_shared<TilePlan>();
    P->Nest = Nest;
    P->S = Nest->Clauses;
    Ctx.TilePlans[I] = std::move(P);
  }
  forEachTilePlan(LF, Ctx, planBlockTiles);
  return LF;
}

} // namespace c2cuda
