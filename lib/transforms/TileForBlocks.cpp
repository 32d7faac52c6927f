//===- TileForBlocks.cpp - Tiles, shared memory and register tiles --------===//

#include "TileForBlocks.h"
#include "ReadsBeforeWrites.h"
#include "RegisterOperands.h"
#include "SharedTileCopy.h"

#include "analysis/BandBox.h"

#include "DefaultTiling.h"
#include "IRQueries.h"
#include "TensorCoreProducts.h"
#include "TileFootprint.h"
#include "TripCount.h"
#include "ir/IRRewrite.h"
#include "ir/IRWalk.h"

#include "analysis/IslToIR.h"
#include "ir/IRBuild.h"
#include "ir/IRPrinter.h"
#include "schedule/ScheduleCheck.h"
#include "target/OccupancyCore.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Casting.h"

#include <algorithm>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <set>

using namespace llvm;

namespace c2cuda {

namespace {

const char *const DimName[3] = {"x", "y", "z"};

/// The suffix of a tile dimension's generated names: x, y, z, then w0, w1
/// for folded band loops.
std::string dimSuffix(unsigned Dim) {
  return Dim < 3 ? DimName[Dim] : "w" + std::to_string(Dim - 3);
}
/// The most shared memory a block may use on the GPUs c2cuda compiles for
/// (sm_90: 227 KiB). Past the 48 KiB a kernel may declare statically the
/// tiles become dynamic shared memory, which the host enables per kernel
/// (codegen/SharedLayout.h).
const int64_t MaxSharedBytes = occupancy::findArch(9, 0)->SmemPerBlockOptin;

using namespace build;

StmtPtr barrier() { return std::make_shared<BarrierStmt>(); }

ExprPtr gridX() { return cast(builtin("gridDim", 0), ScalarKind::Long); }

SourceLoc clauseLoc(const NestStmt &Nest, const std::string &Clause) {
  auto It = Nest.Clauses.ClauseLocs.find(Clause);
  return It != Nest.Clauses.ClauseLocs.end() ? It->second : Nest.PragmaLoc;
}

std::string originText(const NestStmt &Nest) {
  return Nest.Clauses.Origin.empty() ? ""
                                     : " (from " + Nest.Clauses.Origin + ")";
}

/// One mapped loop of the tiled kernel.
struct TiledDim {
  const GridLoop *G;
  unsigned Dim;
  int64_t Block, Points, Vec, Tile;
  std::string Trip, Tile0, Base, Point, T, Left, Clamp;
};

/// The names generated for D's trip count, tile origin, base iterator,
/// point, local index, points left and clamped local indices.
void nameDim(TiledDim &D) {
  std::string Dn = dimSuffix(D.Dim);
  D.Trip = "c2c_trip_" + Dn;
  D.Tile0 = "c2c_tile0_" + Dn;
  D.Base = "c2c_base_" + D.G->Iter;
  D.Point = "c2c_p_" + Dn;
  D.T = "c2c_t_" + Dn;
  D.Left = "c2c_left_" + Dn;
  D.Clamp = "c2c_c_" + Dn;
}

class Tiler {
public:
  Tiler(Kernel &K, const NestStmt &Nest, const NestSchedule &S,
        const LoweringContext &Ctx)
      : K(K), Nest(Nest), S(S), Ctx(Ctx) {}
  bool run();

private:
  bool error(const std::string &Clause, const std::string &Msg,
             const std::string &Hint = "") {
    Ctx.Diags.error(clauseLoc(Nest, Clause), Msg + originText(Nest), Hint);
    return false;
  }
  bool checkDims();
  /// Band loops the grid left to each thread become tile dimensions of one
  /// thread each (Dim 3, 4, ...): every tile runs tile(n: T) iterations of
  /// them (default 1), so the blocks, not each thread, cover them.
  bool foldInThreadBand(std::set<std::string> &Mapped);
  bool findStrip();
  bool planShared();
  void planScaledTiles();
  /// Whether FP's loads are guarded per dimension in int: a pointer array
  /// whose reads are exactly a product of ranges, or an array declared with
  /// dimensions, when every tile loop counts in int (the C computes each
  /// subscript in int, so every element the nest reads has int
  /// coordinates). Else in long long (declared) or on the linear offset.
  bool intDimGuards(const TileFootprint &FP) const;
  std::vector<TileFootprint> referenceGroups(const std::string &A,
                                             const std::vector<TileVar> &Vars,
                                             std::string &Why);
  void planRegisterOperands();
  /// Mma when the strip's update can run on the tensor cores
  /// (TensorCoreProducts.h).
  void planTensorCores();
  std::optional<TensorCorePlan> Mma;
  /// Why a tile keeping double sums in registers does not (for a remark).
  std::string NoMmaWhy;
  using LoadMode = TileLoadMode;
  /// Cooperative loads of every shared tile (SharedTileCopy.h).
  StmtList loads(LoadMode Mode = LoadMode::Direct);
  /// The point loops around Body; with Guard, for a body with loops, split
  /// into an unguarded version for full tiles and a guarded one for edge
  /// tiles.
  StmtList points(const StmtList &Body, bool Guard);
  /// points(), sunk through the loops that wrap Body alone when their
  /// bounds are the same for every point (a convolution's r and s inside
  /// the strip of c): the points run innermost, so an operand the points
  /// share is loaded once per step for all of them. Legal: the points are
  /// iterations of parallel loops, in any order.
  StmtList pointsInside(const StmtList &Body, bool Guard);
  /// Whether the tile lies wholly inside the iteration space.
  ExprPtr fullTile() const;
  /// With Clamped, each point's local index along a dimension comes from
  /// the array c2c_c_<dim> (clampedIndices) and nothing is guarded.
  StmtList pointLoops(const StmtList &Body, bool Guard, bool Clamped = false);
  /// The point loops around B, already rewritten for points (pointLoops).
  StmtList pointNest(const StmtList &B, bool Guard, bool Clamped,
                     const ExprPtr &InBand);
  /// Register arrays made for reads evaluated ahead (c2c_ld<n>), so far.
  unsigned EarlyReads = 0;
  /// The local index of the current point of the thread along D.
  ExprPtr localIndex(const TiledDim &D) const;
  /// c2c_c_<dim>[point]: each point's local index, or the last one inside
  /// the iteration space for a point past it. A point outside runs as that
  /// point does: for bodies that write only the points' registers, whose
  /// values such points never store, so that the points' loads of shared
  /// operands stay unpredicated and load once for all of them.
  StmtList clampedIndices() const;
  ExprPtr pointIndexFlat() const;
  std::vector<ExprPtr> pointIndex() const;
  StmtList rewriteForPoints(const StmtList &L);

  /// Declarations every tile shares: the thread's index in the block, trip
  /// and tile counts, the shared tiles' load bounds, the shared, staging
  /// and register arrays, the register operands' loads. Light: the tiles
  /// need no loop over rounds (see run()).
  StmtList kernelPrologue(bool Light);
  /// c2c_rounds: how many tiles each block runs, one after another.
  StmtPtr roundsDecl() const;
  /// Where the tile starts along each dimension and how many of its points
  /// lie inside the iteration space.
  StmtList tileOrigin() const;
  /// For a triangular band's box: whether the tile holds a point of the
  /// band (each constraint holds somewhere in the tile's box); else null.
  ExprPtr tileInBand() const;
  /// One tile's work without a strip-mined loop: loads, barrier, points.
  StmtList unstrippedTile();
  /// One tile's work with one: the statements before the strip loop, the
  /// strips (loads or staged stores, barriers, the points of each
  /// iteration, full strips unguarded), the statements after it.
  StmtList stripMinedTile();
  /// The launch: a block per tile along x, the block shape.
  void setGridAndBlock();
  /// K.Schedule as applied, and a remark per decision.
  void recordAndExplain();

  Kernel &K;
  const NestStmt &Nest;
  const NestSchedule &S;
  const LoweringContext &Ctx;

  std::vector<TiledDim> Dims; ///< x, y, z order, then folded band loops.
  /// The grid loops of the folded band loops (TiledDim::G points here).
  std::deque<GridLoop> Folded;
  int64_t Threads = 1;
  // Strip-mined loop, if any.
  const ForStmt *Strip = nullptr;
  int64_t StripSize = 0;
  StmtList Pre, Post;
  // Register arrays for scalars declared before the strip loop.
  std::map<std::string, ScalarKind> Private;
  std::vector<int64_t> RegDims;
  // Shared tiles.
  std::vector<SharedTile> Tiles;
  /// Elements of T a thread loads at once: 16 bytes when the schedule asks
  /// for vector(...) and the box's rows (along the array's innermost
  /// dimension) are whole vectors; else 1.
  int64_t runWidth(const SharedTile &T) const;
  /// Whether a run of T goes to shared memory as one vector store: the
  /// tile keeps the array's layout and its rows are whole vectors.
  bool storesRuns(const SharedTile &T) const;
  /// Small read-only arrays every point reads whole (a convolution's
  /// mask): loaded once per thread into register arrays.
  std::vector<SharedTile> RegOperands;
  std::map<const Expr *, std::pair<const SharedTile *, const ArrayRef *>>
      SharedRefs;
  /// pipeline(2) or (3): the next strip is loaded into registers while
  /// this one computes.
  bool Pipelined = false;
  /// pipeline(3): each shared tile has two buffers, its first index.
  bool TwoBuffers = false;
  /// With TwoBuffers, the buffer that shared references built now index
  /// (set around each loads() and rewriteForPoints() call).
  ExprPtr SharedBuffer;

public:
  /// Arrays of shared(...) this kernel writes or does not read.
  std::set<std::string> Skipped;
};

bool Tiler::checkDims() {
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
    D.G = G;
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
    Threads *= D.Block;
    Dims.push_back(D);
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
  for (const TiledDim &D : Dims)
    Pts *= D.Points;
  if (Pts > 256)
    return error("thread",
                 std::to_string(Pts) +
                     " points per thread is more than the 256 "
                     "register tiling supports",
                 "use fewer points per thread");
  return true;
}

bool Tiler::foldInThreadBand(std::set<std::string> &Mapped) {
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
    Folded.push_back(gridLoopFor(*L, 3 + Folded.size()));
    const GridLoop &G = Folded.back();
    TiledDim D;
    D.G = &Folded.back();
    D.Dim = G.Dim;
    D.Block = 1;
    D.Vec = 1;
    auto T = S.Tile.find(It);
    D.Points = T == S.Tile.end() ? 1 : T->second;
    D.Tile = D.Points;
    nameDim(D);
    Dims.push_back(D);
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

bool Tiler::findStrip() {
  std::set<std::string> Mapped;
  for (const TiledDim &D : Dims)
    Mapped.insert(D.G->Iter);
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
    if (Strip)
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
    Strip = Found;
    StripSize = Size;
    Pre.assign(K.Body.begin(), K.Body.begin() + At);
    Post.assign(K.Body.begin() + At + 1, K.Body.end());
  }
  if (Strip)
    for (const StmtPtr &St : Pre)
      if (const auto *D = dyn_cast<DeclStmt>(St.get()))
        if (!D->isArray())
          Private[D->Name] = D->Type;
  for (const TiledDim &D : Dims)
    if (D.Points > 1)
      RegDims.insert(RegDims.begin(), D.Points);
  if (RegDims.empty())
    RegDims.push_back(1);
  return true;
}

/// A staged operand that every point multiplies by the same read-only
/// scalar before anything else (gemm's `alpha * A[i][k] * B[k][j]`) is
/// staged multiplied: one multiply per element loaded instead of one per
/// point and iteration. Exact: each product is the same float operation,
/// rounded once, wherever it is done. Not for tiles stored as whole vector
/// runs (the multiply needs the elements one by one).
void Tiler::planScaledTiles() {
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
      auto It = SharedRefs.find(X);
      const auto *V = dyn_cast<VarRef>(Y);
      if (It == SharedRefs.end() || !V)
        continue;
      const SharedTile *T = It->second.first;
      if (V->Type != T->FP.Elem || B->Type != T->FP.Elem ||
          Local.count(V->Name) || Private.count(V->Name) ||
          V->Name.find('.') != std::string::npos)
        continue;
      Names[T].insert(V->Name);
      ScaledRefs[T].insert(X);
    }
  });
  for (SharedTile &T : Tiles) {
    size_t Staged = 0;
    for (const auto &[Ref, P] : SharedRefs)
      Staged += P.first == &T;
    if (Staged && Names[&T].size() == 1 && ScaledRefs[&T].size() == Staged &&
        isFloating(T.FP.Elem) && !storesRuns(T))
      T.Scale = var(*Names[&T].begin(), T.FP.Elem);
  }
}

bool Tiler::intDimGuards(const TileFootprint &FP) const {
  if (FP.PointerArray)
    return FP.DimGuardsExact;
  auto IsInt = [](ScalarKind K) {
    return K == ScalarKind::Int || K == ScalarKind::Short ||
           K == ScalarKind::SChar;
  };
  for (const TiledDim &D : Dims)
    if (!IsInt(D.G->IterType))
      return false;
  return !Strip || IsInt(Strip->IterType);
}

/// The footprints that stage A: one for all its references, or else one
/// per group of references that differ by constants (syrk's A[i][k] and
/// A[j][k] are two tiles), grouped greedily in source order. Empty, with
/// Why, when some reference fits no tile.
std::vector<TileFootprint>
Tiler::referenceGroups(const std::string &A, const std::vector<TileVar> &Vars,
                       std::string &Why) {
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

bool Tiler::planShared() {
  std::vector<TileVar> Vars;
  for (const TiledDim &D : Dims) {
    TileVar V;
    V.Name = D.G->Iter;
    V.Type = D.G->IterType;
    V.Base = var(D.Base, D.G->IterType);
    V.Step = D.G->Step;
    V.Count = D.Tile;
    V.First = cast(D.G->Lower, ScalarKind::Long);
    V.Last =
        addL(D.G->Lower, mulL(addL(D.G->TripCount, llit(-1)), llit(D.G->Step)));
    Vars.push_back(V);
  }
  if (Strip) {
    TileVar V;
    V.Name = Strip->Iter;
    V.Type = Strip->IterType;
    V.Base = var("c2c_base_" + Strip->Iter, Strip->IterType);
    V.Step = Strip->Step;
    V.Count = StripSize;
    ExprPtr Trip = lvar("c2c_trip_" + Strip->Iter);
    V.First = cast(Strip->Lower, ScalarKind::Long);
    V.Last = addL(Strip->Lower, mulL(addL(Trip, llit(-1)), llit(Strip->Step)));
    Vars.push_back(V);
  }
  std::set<std::string> Written = collectWrittenArrays(K.Body);
  int64_t Bytes = 0;
  std::string XIter;
  for (const TiledDim &D : Dims)
    if (D.Dim == 0)
      XIter = D.G->Iter;
  std::set<std::string> ReadHere = collectArrayNames(K.Body);
  // With a strip-mined loop the tiles are loaded strip by strip inside it:
  // the references before and after that loop keep reading global memory.
  std::set<const ArrayRef *> InStrip;
  if (Strip)
    InStrip = collectArrayRefs(Strip->Body);
  for (const std::string &A : S.Shared) {
    // A nest split into several kernels (a scop with a time loop) stages A
    // in the kernels that only read it; tileForBlocks reports an array no
    // kernel of the nest could stage.
    if (Written.count(A) || !ReadHere.count(A)) {
      Skipped.insert(A);
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
      if (Strip && std::none_of(T.FP.BoxIndex.begin(), T.FP.BoxIndex.end(),
                                [&](const auto &R) {
                                  return InStrip.count(R.first) != 0;
                                }))
        return error("shared",
                     "shared(" + A + "): '" + A +
                         "' is read only outside the strip-mined loop '" +
                         Strip->Iter + "', where its tiles are loaded",
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
          for (const TiledDim &D : Dims)
            if (D.Vec > 1 && Has(0, D.G->Iter) && !Has(1, D.G->Iter))
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
      Tiles.push_back(std::move(T));
    }
  }
  // pipeline(3): two buffers of each tile, the first index choosing one.
  TwoBuffers = S.Pipeline == 3 && Strip && !Tiles.empty();
  if (TwoBuffers) {
    Bytes *= 2;
    for (SharedTile &T : Tiles)
      T.SharedDims.insert(T.SharedDims.begin(), 2);
  }
  if (Bytes > MaxSharedBytes)
    return error(
        "shared",
        "the shared tiles need " + std::to_string(Bytes) + " bytes per block" +
            (TwoBuffers ? " (two buffers each, pipeline(3))" : "") +
            ", more than the " + std::to_string(MaxSharedBytes) +
            " a block may use (sm_90)",
        TwoBuffers ? "use smaller tiles or pipeline(2)" : "use smaller tiles");
  for (const SharedTile &T : Tiles)
    for (const auto &[Ref, Idx] : T.FP.BoxIndex)
      if (!Strip || InStrip.count(Ref))
        SharedRefs[Ref] = {&T, Ref};
  planScaledTiles();
  return true;
}

/// Scalar replacement of reused operands: a read-only array whose
/// subscripts use only inner loops with literal bounds (no mapped or
/// strip-mined iterator, no local) has the same small box for every point;
/// each thread loads it once into a register array (fully unrolled loops
/// keep it in registers) instead of reloading it for every point.
void Tiler::planRegisterOperands() {
  std::set<std::string> TileIters;
  for (const TiledDim &D : Dims)
    TileIters.insert(D.G->Iter);
  if (Strip)
    TileIters.insert(Strip->Iter);
  RegOperands = findRegisterOperands(K.Body, TileIters, S.Shared, Ctx.F);
  for (const SharedTile &T : RegOperands)
    for (const auto &[Ref, Idx] : T.FP.BoxIndex)
      SharedRefs[Ref] = {&T, Ref};
}

int64_t Tiler::runWidth(const SharedTile &T) const {
  const TileFootprint &FP = T.FP;
  // float4, double2, and 16 chars or 8 shorts as one int4.
  if (S.Vector.empty() ||
      (FP.Elem != ScalarKind::Float && FP.Elem != ScalarKind::Double &&
       !isNarrowInteger(FP.Elem)))
    return 1;
  int64_t V = 16 / sizeInBytes(FP.Elem);
  return FP.Size.back() % V == 0 ? V : 1;
}

bool Tiler::storesRuns(const SharedTile &T) const {
  int64_t W = runWidth(T);
  bool Identity = true;
  for (unsigned I = 0; I < T.Perm.size(); ++I)
    Identity &= T.Perm[I] == I;
  return W > 1 && Identity && T.SharedDims.back() % W == 0;
}

StmtList Tiler::loads(LoadMode Mode) {
  StmtList Out;
  for (const SharedTile &T : Tiles) {
    TileCopyOptions O;
    O.Threads = Threads;
    O.RunWidth = runWidth(T);
    O.VectorStore = storesRuns(T);
    O.IntGuards = intDimGuards(T.FP);
    O.InBandBox = !K.BandGuard.empty();
    O.Buffer = SharedBuffer;
    O.F = &Ctx.F;
    Out.push_back(copySharedTile(T, Mode, O));
  }
  return Out;
}

std::vector<ExprPtr> Tiler::pointIndex() const {
  std::vector<ExprPtr> Idx;
  for (auto It = Dims.rbegin(); It != Dims.rend(); ++It)
    if (It->Points > 1)
      Idx.push_back(ivar(It->Point));
  if (Idx.empty())
    Idx.push_back(ilit(0));
  return Idx;
}

StmtList Tiler::rewriteForPoints(const StmtList &L) {
  // Declarations of private scalars become stores to their register array.
  StmtList In;
  for (const StmtPtr &St : L) {
    const auto *D = dyn_cast<DeclStmt>(St.get());
    if (D && Private.count(D->Name)) {
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
      for (auto [X, Y] :
           {std::make_pair(B->LHS, B->RHS), std::make_pair(B->RHS, B->LHS)}) {
        auto It = SharedRefs.find(X.get());
        const auto *V = dyn_cast<VarRef>(Y.get());
        if (It != SharedRefs.end() && V && It->second.first->Scale &&
            llvm::cast<VarRef>(It->second.first->Scale.get())->Name == V->Name)
          return Rewrite(X);
      }
    if (const auto *V = dyn_cast<VarRef>(E.get())) {
      auto It = Private.find(V->Name);
      if (It != Private.end())
        return localRef("c2c_reg_" + V->Name, PIdx, It->second);
      return nullptr;
    }
    auto It = SharedRefs.find(E.get());
    if (It == SharedRefs.end())
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
StmtList Tiler::points(const StmtList &Body, bool Guard) {
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

ExprPtr Tiler::fullTile() const {
  ExprPtr Full;
  for (const TiledDim &D : Dims)
    Full = andE(Full, bin(BinaryOpKind::EQ, ivar(D.Left), ilit(D.Tile),
                          ScalarKind::Int));
  return Full;
}

StmtList Tiler::pointsInside(const StmtList &Body, bool Guard) {
  auto Declared = [](const StmtList &L) {
    std::set<std::string> Names;
    forEachStmt(L, [&](const Stmt &St) {
      if (const auto *D = dyn_cast<DeclStmt>(&St))
        Names.insert(D->Name);
    });
    return Names;
  };
  std::set<std::string> PerPoint = Declared(K.Body);
  for (const TiledDim &D : Dims)
    PerPoint.insert(D.G->Iter);
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
  bool OnlyRegisters = W.Arrays.empty() &&
                       std::all_of(W.Scalars.begin(), W.Scalars.end(),
                                   [&](const std::string &N) {
                                     return Private.count(N) || Local.count(N);
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

ExprPtr Tiler::localIndex(const TiledDim &D) const {
  auto IBin = [](BinaryOpKind Op, ExprPtr A, ExprPtr B) {
    return bin(Op, A, B, ScalarKind::Int);
  };
  if (Mma && D.Dim < 2)
    return tensorCoreLocalIndex(*Mma, D.Dim == 1, ivar(D.Point));
  // (p / V) * blockDim * V + t * V + p % V
  ExprPtr Tid =
      D.Dim < 3 ? cast(builtin("threadIdx", D.Dim), ScalarKind::Int) : ilit(0);
  ExprPtr Local = D.Vec > 1 ? IBin(BinaryOpKind::Mul, Tid, ilit(D.Vec)) : Tid;
  if (D.Points > 1) {
    ExprPtr P = ivar(D.Point);
    ExprPtr Run = D.Vec > 1 ? IBin(BinaryOpKind::Div, P, ilit(D.Vec)) : P;
    Local = IBin(BinaryOpKind::Add, Local,
                 IBin(BinaryOpKind::Mul, Run, ilit(D.Block * D.Vec)));
    if (D.Vec > 1)
      Local = IBin(BinaryOpKind::Add, Local,
                   IBin(BinaryOpKind::Rem, P, ilit(D.Vec)));
  }
  return Local;
}

StmtList Tiler::clampedIndices() const {
  StmtList Out;
  for (const TiledDim &D : Dims) {
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
    ExprPtr P = D.Points > 1 ? ivar(D.Point) : ilit(0);
    StmtList Set = {std::make_shared<AssignStmt>(
        localRef(Name, {P}, ScalarKind::Int), AssignOpKind::Set, Clamped)};
    if (D.Points > 1)
      Out.push_back(countLoop(D.Point, D.Points, Set, -1));
    else
      Out.insert(Out.end(), Set.begin(), Set.end());
  }
  return Out;
}

StmtList Tiler::pointLoops(const StmtList &Body, bool Guard, bool Clamped) {
  StmtList B = rewriteForPoints(Body);
  // A guarded point outside a triangular band skips the body too.
  ExprPtr InBand;
  if (Guard && !K.BandGuard.empty()) {
    std::map<std::string, ScalarKind> Types;
    for (const TiledDim &D : Dims)
      Types[D.G->Iter] = D.G->IterType;
    InBand = analysis::constraintsHold(K.BandGuard, Types);
  }
  int64_t Points = 1;
  for (const TiledDim &D : Dims)
    Points *= D.Points;
  // Several points of a straight-line body that writes arrays: their reads
  // first, for every point, into registers c2c_ld<n>[point]; then the
  // bodies (ReadsBeforeWrites.h).
  std::vector<const ArrayRef *> Early;
  if (Points > 1 && !Clamped && !InBand)
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
  for (const auto &[Name, T] : Private)
    Words += (sizeInBytes(T) + 3) / 4;
  if (!Private.empty() && Points * Words > 64)
    Early.clear();
  if (Early.empty())
    return pointNest(B, Guard, Clamped, InBand);
  ExprPtr PointIdx;
  for (const TiledDim &D : Dims)
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

StmtList Tiler::pointNest(const StmtList &B, bool Guard, bool Clamped,
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
  for (const TiledDim &D : Dims) {
    if (!Guard && !Used.count(D.G->Iter))
      continue; // Declared but unused is a warning nvcc -Werror rejects.
    ExprPtr Local = localIndex(D);
    if (Clamped)
      Local = localRef(D.Clamp, {D.Points > 1 ? ivar(D.Point) : ilit(0)},
                       ScalarKind::Int);
    Inner.push_back(decl(D.T, ScalarKind::Int, Local));
    Cond = andE(Cond, IBin(BinaryOpKind::LT, ivar(D.T), ivar(D.Left)));
  }
  StmtList Run;
  for (const TiledDim &D : Dims) {
    if (!Used.count(D.G->Iter))
      continue;
    ScalarKind T = D.G->IterType;
    Run.push_back(
        decl(D.G->Iter, T,
             bin(BinaryOpKind::Add, var(D.Base, T),
                 bin(BinaryOpKind::Mul, ivar(D.T), ilit(D.G->Step), T), T)));
  }
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
  for (const TiledDim &D : Dims)
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

bool Tiler::run() {
  if (K.Grid.empty())
    return error(S.Tile.empty() ? "shared" : "tile",
                 "tiling needs a parallel loop to map, and this kernel runs "
                 "as a single thread",
                 "leave out the tiling clauses for this nest");
  if (!checkDims() || !findStrip() || !planShared())
    return false;
  planRegisterOperands();
  Pipelined = S.Pipeline > 1;
  if (Pipelined && (!Strip || Tiles.empty()))
    return error("pipeline",
                 "pipeline(" + std::to_string(S.Pipeline) +
                     ") overlaps the loads of the next strip with the "
                     "computation of this one, and this kernel has " +
                     (Strip ? "no shared tile" : "no strip-mined loop"),
                 Strip ? "add shared(...) or leave out pipeline(...)"
                       : "strip-mine a loop inside the mapped loops with "
                         "tile(k: ...) or leave out pipeline(...)");

  planTensorCores();
  bool Light = !Strip && Tiles.empty();
  StmtList Body = kernelPrologue(Light);
  StmtList Tile = tileOrigin();
  ExprPtr InBand = tileInBand();
  StmtList Work = Strip ? stripMinedTile() : unstrippedTile();
  if (InBand)
    Tile.push_back(std::make_shared<IfStmt>(InBand, Work, StmtList{}));
  else
    Tile.insert(Tile.end(), Work.begin(), Work.end());
  auto TileAt = [&](ExprPtr Index) {
    StmtList Round;
    Round.push_back(decl("c2c_tile", ScalarKind::Long, std::move(Index)));
    Round.push_back(std::make_shared<IfStmt>(
        cmpL(BinaryOpKind::LT, lvar("c2c_tile"), lvar("c2c_ntiles")), Tile,
        StmtList{}));
    return Round;
  };
  ExprPtr GridX = gridX();
  ExprPtr BlockX = cast(builtin("blockIdx", 0), ScalarKind::Long);
  StmtPtr Loop = std::make_shared<ForStmt>(
      "c2c_round", ScalarKind::Long, llit(0), LoopCmp::LT, lvar("c2c_rounds"),
      1, TileAt(addL(BlockX, mulL(lvar("c2c_round"), GridX))));
  if (Light)
    Body.push_back(std::make_shared<IfStmt>(
        cmpL(BinaryOpKind::LE, lvar("c2c_ntiles"), GridX), TileAt(BlockX),
        StmtList{roundsDecl(), Loop}));
  else
    Body.push_back(Loop);

  setGridAndBlock();
  recordAndExplain();
  K.Body = std::move(Body);
  K.Grid.clear();
  K.ExplicitThreads = true;
  K.BandGuard.clear(); // In the tiles now.
  return true;
}

StmtList Tiler::kernelPrologue(bool Light) {
  StmtList Body;
  // Thread index in the block, for cooperative loads.
  ExprPtr Tid = cast(builtin("threadIdx", 0), ScalarKind::Int);
  int64_t Stride = 1;
  for (const TiledDim &D : Dims) {
    if (D.Dim > 0 && D.Dim < 3)
      Tid = bin(BinaryOpKind::Add, Tid,
                bin(BinaryOpKind::Mul,
                    cast(builtin("threadIdx", D.Dim), ScalarKind::Int),
                    ilit(Stride), ScalarKind::Int),
                ScalarKind::Int);
    Stride *= D.Block;
  }
  if (!Tiles.empty())
    Body.push_back(decl("c2c_tid", ScalarKind::Int, Tid));
  ExprPtr NTiles;
  for (const TiledDim &D : Dims) {
    Body.push_back(decl(D.Trip, ScalarKind::Long, D.G->TripCount));
    std::string NT = "c2c_ntiles_" + dimSuffix(D.Dim);
    Body.push_back(decl(NT, ScalarKind::Long, ceilDivL(lvar(D.Trip), D.Tile)));
    NTiles = NTiles ? mulL(NTiles, lvar(NT)) : lvar(NT);
  }
  Body.push_back(decl("c2c_ntiles", ScalarKind::Long, NTiles));
  // A tile without strips or shared tiles is light work, and the loop over
  // rounds slows it (H100, a 7-point 3-D stencil at 512^3 in tiles of one
  // point per thread 1.28 -> 1.08 ms with this path, eight points 0.61 ->
  // 0.59 ms, RESULTS.md 2026-11-25). Such kernels take a path without it
  // when the host launched a block per tile, which it does up to 2^31 - 1
  // tiles; the loop stays for more, and for heavy tiles, whose code it
  // would double.
  if (!Light)
    Body.push_back(roundsDecl());
  if (Strip)
    Body.push_back(decl("c2c_trip_" + Strip->Iter, ScalarKind::Long,
                        buildTripCount(*Strip)));
  // Load guards: over the parameters only, so computed once.
  for (const SharedTile &T : Tiles) {
    const std::string &A = T.Key;
    if (intDimGuards(T.FP)) {
      for (size_t D = 0; D < T.FP.Size.size(); ++D) {
        std::string Sfx = std::to_string(D) + "_" + A;
        Body.push_back(decl("c2c_lo" + Sfx, ScalarKind::Int, T.FP.MinDim[D]));
        Body.push_back(decl("c2c_hi" + Sfx, ScalarKind::Int, T.FP.MaxDim[D]));
      }
    } else if (T.FP.PointerArray) {
      Body.push_back(decl("c2c_lo_" + A, ScalarKind::Long, T.FP.MinLinear));
      Body.push_back(decl("c2c_hi_" + A, ScalarKind::Long, T.FP.MaxLinear));
    } else {
      for (size_t D = 0; D < T.FP.Size.size(); ++D) {
        std::string Sfx = std::to_string(D) + "_" + A;
        Body.push_back(decl("c2c_lo" + Sfx, ScalarKind::Long, T.FP.MinDim[D]));
        Body.push_back(decl("c2c_hi" + Sfx, ScalarKind::Long, T.FP.MaxDim[D]));
      }
    }
  }
  // In a triangular band's box, a tile's box may reach past anything the
  // band reads (B[j - i] for j > i + 2): loads also stay inside the
  // elements the nests touch.
  if (!K.BandGuard.empty())
    for (const SharedTile &T : Tiles)
      Body.push_back(
          decl("c2c_last_" + T.Key, ScalarKind::Long,
               addL(Ctx.Facts.Extents.at(T.FP.Array).Elements, llit(-1))));
  for (const SharedTile &T : Tiles) {
    auto D = std::make_shared<DeclStmt>(T.Name, T.FP.Elem, nullptr);
    D->Dims = T.SharedDims;
    D->Storage = StorageKind::Shared;
    Body.push_back(D);
  }
  // Staging registers: a thread's runs of a pipelined tile's next strip, or
  // the run of a transposed tile read as one vector.
  for (const SharedTile &T : Tiles) {
    int64_t Elems = 1;
    for (int64_t Sz : T.FP.Size)
      Elems *= Sz;
    int64_t W = runWidth(T);
    if (!Pipelined && (W == 1 || storesRuns(T)))
      continue;
    auto D = std::make_shared<DeclStmt>("c2c_pf_" + T.Key, T.FP.Elem, nullptr);
    D->Dims = {(Elems / W + Threads - 1) / Threads};
    if (W > 1) {
      D->Dims.push_back(W);
      D->AlignBytes = unsigned(W * sizeInBytes(T.FP.Elem));
    }
    Body.push_back(D);
  }
  for (const auto &[N, Ty] : Private) {
    auto D = std::make_shared<DeclStmt>("c2c_reg_" + N, Ty, nullptr);
    D->Dims = RegDims;
    Body.push_back(D);
  }
  StmtList RL = registerOperandLoads(RegOperands);
  Body.insert(Body.end(), RL.begin(), RL.end());

  return Body;
}

StmtPtr Tiler::roundsDecl() const {
  return decl("c2c_rounds", ScalarKind::Long,
              bin(BinaryOpKind::Div,
                  addL(lvar("c2c_ntiles"), addL(gridX(), llit(-1))), gridX(),
                  ScalarKind::Long));
}

StmtList Tiler::tileOrigin() const {
  StmtList Tile;
  ExprPtr Rest = lvar("c2c_tile");
  for (size_t I = 0; I < Dims.size(); ++I) {
    const TiledDim &D = Dims[I];
    std::string NT = "c2c_ntiles_" + dimSuffix(D.Dim);
    ExprPtr Idx = I + 1 == Dims.size() ? Rest
                                       : bin(BinaryOpKind::Rem, Rest, lvar(NT),
                                             ScalarKind::Long);
    Tile.push_back(decl(D.Tile0, ScalarKind::Long, mulL(Idx, llit(D.Tile))));
    Rest = bin(BinaryOpKind::Div, Rest, lvar(NT), ScalarKind::Long);
    Tile.push_back(
        decl(D.Base, D.G->IterType,
             addL(D.G->Lower, mulL(lvar(D.Tile0), llit(D.G->Step)))));
    // Points of this tile inside the iteration space: min(trip - t0, T).
    ExprPtr Left =
        bin(BinaryOpKind::Sub, lvar(D.Trip), lvar(D.Tile0), ScalarKind::Long);
    Tile.push_back(decl(
        D.Left, ScalarKind::Int,
        std::make_shared<SelectExpr>(cmpL(BinaryOpKind::LT, Left, llit(D.Tile)),
                                     Left, llit(D.Tile), ScalarKind::Long)));
  }
  return Tile;
}

ExprPtr Tiler::tileInBand() const {
  // A tile of a triangular band's box with no point in the band does
  // nothing: each constraint must hold somewhere in the tile's box.
  ExprPtr TileInBand;
  std::map<std::string, std::pair<ExprPtr, ExprPtr>> TileBox;
  for (const TiledDim &D : Dims) {
    ExprPtr First = var(D.Base, D.G->IterType);
    ExprPtr Last = addL(First, mulL(bin(BinaryOpKind::Sub, ivar(D.Left),
                                        ilit(1), ScalarKind::Int),
                                    llit(D.G->Step)));
    // A loop counting down runs from its largest value.
    TileBox[D.G->Iter] = D.G->Step > 0 ? std::make_pair(First, Last)
                                       : std::make_pair(Last, First);
  }
  for (const LinearForm &C : K.BandGuard)
    TileInBand =
        andE(TileInBand,
             cmpL(BinaryOpKind::GE, analysis::maxOverBox(C, TileBox), llit(0)));
  return TileInBand;
}

StmtList Tiler::unstrippedTile() {
  StmtList Work;
  StmtList L = loads();
  Work.insert(Work.end(), L.begin(), L.end());
  if (!Tiles.empty())
    Work.push_back(barrier());
  StmtList P = points(K.Body, true);
  Work.insert(Work.end(), P.begin(), P.end());
  if (!Tiles.empty())
    Work.push_back(barrier());
  return Work;
}

StmtList Tiler::stripMinedTile() {
  StmtList Work;
  // The accumulators' starts: a full tile loads them unguarded, so that
  // the points' guards are not computed before the strip loop and kept
  // live across it for the stores after it (gemm's `C[i][j] * beta` start
  // spilled 40 bytes at 128 registers, 4 so).
  bool ReadsArrays = false;
  forEachExprIn(Pre, [&](const Expr &E) { ReadsArrays |= isa<ArrayRef>(E); });
  StmtList P;
  if (ReadsArrays && K.BandGuard.empty())
    P = {std::make_shared<IfStmt>(fullTile(), pointLoops(Pre, false),
                                  pointLoops(Pre, true))};
  else
    P = pointLoops(Pre, true);
  Work.insert(Work.end(), P.begin(), P.end());
  std::string TripK = "c2c_trip_" + Strip->Iter, SV = "c2c_s_" + Strip->Iter,
              QV = "c2c_q_" + Strip->Iter;
  std::string BaseK = "c2c_base_" + Strip->Iter;
  auto StripBase = [&](ExprPtr Start) {
    return decl(BaseK, Strip->IterType,
                addL(Strip->Lower, mulL(Start, llit(Strip->Step))));
  };
  // Prefetch of the strip starting at Start into the staging registers.
  auto Prefetch = [&](ExprPtr Start) {
    StmtList P = {StripBase(Start)};
    StmtList L = loads(LoadMode::ToRegs);
    P.insert(P.end(), L.begin(), L.end());
    return std::make_shared<IfStmt>(cmpL(BinaryOpKind::LT, Start, lvar(TripK)),
                                    P, StmtList{});
  };
  if (Pipelined)
    Work.push_back(Prefetch(llit(0)));
  // Stores of the staged strip into buffer Buf, when Start < trip.
  auto StoreStaged = [&](ExprPtr Start, ExprPtr Buf) {
    SharedBuffer = std::move(Buf);
    StmtList L = loads(LoadMode::FromRegs);
    SharedBuffer = nullptr;
    return std::make_shared<IfStmt>(
        cmpL(BinaryOpKind::LT, std::move(Start), lvar(TripK)), L, StmtList{});
  };
  std::string BufV = "c2c_buf_" + Strip->Iter;
  StmtList StripBody;
  if (TwoBuffers) {
    // Two buffers: the first strip is stored before the loop; each step
    // computes from one buffer while the next strip goes to the other,
    // so one barrier per strip suffices (the other buffer was last read
    // before the previous step's barrier).
    Work.push_back(StoreStaged(llit(0), ilit(0)));
    Work.push_back(barrier());
    StripBody.push_back(decl(BufV, ScalarKind::Int,
                             cast(bin(BinaryOpKind::Rem,
                                      bin(BinaryOpKind::Div, lvar(SV),
                                          llit(StripSize), ScalarKind::Long),
                                      llit(2), ScalarKind::Long),
                                  ScalarKind::Int)));
    StripBody.push_back(StripBase(lvar(SV)));
  } else {
    if (!Tiles.empty()) // Only the loads' boxes start there.
      StripBody.push_back(StripBase(lvar(SV)));
    StmtList L = loads(Pipelined ? LoadMode::FromRegs : LoadMode::Direct);
    StripBody.insert(StripBody.end(), L.begin(), L.end());
    if (!Tiles.empty())
      StripBody.push_back(barrier());
  }
  // The next strip's global loads are in flight while this one computes.
  if (Pipelined)
    StripBody.push_back(Prefetch(addL(lvar(SV), llit(StripSize))));
  if (TwoBuffers)
    SharedBuffer = ivar(BufV);
  StmtList KBody = rewriteForPoints(Strip->Body);
  bool Guard = touchesGlobal(KBody);
  StmtList Q;
  Q.push_back(decl(
      Strip->Iter, Strip->IterType,
      addL(Strip->Lower, mulL(addL(lvar(SV), ivar(QV)), llit(Strip->Step)))));
  StmtList PK = pointsInside(Strip->Body, Guard);
  SharedBuffer = nullptr;
  Q.insert(Q.end(), PK.begin(), PK.end());
  auto UIt = S.Unroll.find(Strip->Iter);
  int Unroll =
      UIt != S.Unroll.end() ? int(UIt->second) : (StripSize <= 32 ? -1 : 0);
  if (Unroll == 1)
    Unroll = 0;
  // A full strip runs its iterations unguarded, so the unrolled
  // iterations can be scheduled together; the last, partial strip checks
  // each one.
  StripBody.push_back(std::make_shared<IfStmt>(
      cmpL(BinaryOpKind::LE, addL(lvar(SV), llit(StripSize)), lvar(TripK)),
      Mma ? tensorCoreStrip(*Mma)
          : StmtList{countLoop(QV, StripSize, Q, Unroll)},
      StmtList{countLoop(
          QV, StripSize,
          {std::make_shared<IfStmt>(
              cmpL(BinaryOpKind::LT, addL(lvar(SV), ivar(QV)), lvar(TripK)), Q,
              StmtList{})},
          Unroll)}));
  if (TwoBuffers)
    StripBody.push_back(StoreStaged(
        addL(lvar(SV), llit(StripSize)),
        bin(BinaryOpKind::Sub, ilit(1), ivar(BufV), ScalarKind::Int)));
  if (!Tiles.empty())
    StripBody.push_back(barrier());
  Work.push_back(std::make_shared<ForStmt>(SV, ScalarKind::Long, llit(0),
                                           LoopCmp::LT, lvar(TripK), StripSize,
                                           StripBody));
  StmtList PP = pointLoops(Post, true);
  Work.insert(Work.end(), PP.begin(), PP.end());
  return Work;
}

void Tiler::planTensorCores() {
  const TiledDim *X = nullptr, *Y = nullptr;
  for (const TiledDim &D : Dims) {
    if (D.Dim == 0)
      X = &D;
    if (D.Dim == 1)
      Y = &D;
  }
  if (!Ctx.TensorCores || !Strip || TwoBuffers || Tiles.empty() ||
      Dims.size() != 2 || !X || !Y || !K.BandGuard.empty() || tileInBand())
    return;
  TensorCoreTile T;
  for (auto [From, To] :
       {std::make_pair(X, &T.Cols), std::make_pair(Y, &T.Rows)})
    *To = {From->G->Iter, From->Point,  From->G->IterType,
           From->G->Step, From->Points, From->Tile};
  T.Threads = Threads;
  T.StripIter = Strip->Iter;
  T.StripCounter = "c2c_s_" + Strip->Iter;
  T.StripType = Strip->IterType;
  T.StripLower = Strip->Lower;
  T.StripStep = Strip->Step;
  T.StripSize = StripSize;
  T.Body = rewriteForPoints(Strip->Body);
  for (const TiledDim &D : Dims)
    T.PointNames.insert({D.Point, D.T, D.Clamp});
  Mma = planTensorCoreProduct(T, NoMmaWhy);
  bool DoubleSum = std::any_of(Private.begin(), Private.end(), [](auto &P) {
    return P.second == ScalarKind::Double;
  });
  if (Mma || !DoubleSum)
    NoMmaWhy.clear();
}

void Tiler::setGridAndBlock() {
  // Grid: every tile a block, as far as the x dimension reaches.
  ExprPtr HostTiles;
  for (const TiledDim &D : Dims) {
    ExprPtr N = ceilDivL(D.G->TripCount, D.Tile);
    HostTiles = HostTiles ? mulL(HostTiles, N) : N;
  }
  K.GridDims[0] = HostTiles;
  K.GridDims[1] = llit(1);
  K.GridDims[2] = llit(1);
  unsigned Block[3] = {1, 1, 1};
  for (const TiledDim &D : Dims)
    if (D.Dim < 3)
      Block[D.Dim] = D.Block;
  std::copy(Block, Block + 3, K.Block);
}

void Tiler::recordAndExplain() {
  NestSchedule &Used = K.Schedule;
  Used.Thread.clear();
  std::string TileText;
  for (const TiledDim &D : Dims) {
    Used.Tile[D.G->Iter] = D.Tile;
    if (D.Points > 1)
      Used.Thread[D.G->Iter] = D.Points;
    if (D.Vec > 1)
      Used.Vector[D.G->Iter] = D.Vec;
    TileText += (TileText.empty() ? "" : " x ") + std::to_string(D.Tile) +
                " (" + D.G->Iter + ")";
  }
  if (Strip)
    Used.Tile[Strip->Iter] = StripSize;
  for (const SharedTile &T : Tiles)
    if (T.Key == T.FP.Array) // Once per array, not per reference group.
      Used.Shared.push_back(T.FP.Array);
  Used.Pad = S.Pad;
  Used.Pipeline = Pipelined ? S.Pipeline : 0;
  K.Remarks.push_back(
      "tiled: blocks run tiles of " + TileText + ", " +
      std::to_string(Threads) + " threads each" +
      (Strip ? ", " + Strip->Iter + " in strips of " + std::to_string(StripSize)
             : std::string()));
  for (const SharedTile &T : Tiles) {
    std::string Shape;
    for (int64_t D : T.SharedDims)
      Shape += "[" + std::to_string(D) + "]";
    K.Remarks.push_back(
        "'" + T.FP.Array + "' staged in shared memory as " + T.Name + Shape +
        (T.Perm.size() == 2 && T.Perm[0] == 1 ? " (transposed)" : "") +
        (T.Scale ? ", multiplied by '" + exprToString(*T.Scale) +
                       "' as it is loaded (every point reads it so)"
                 : ""));
  }
  for (const SharedTile &T : RegOperands) {
    std::string Shape;
    for (int64_t D : T.SharedDims)
      Shape += "[" + std::to_string(D) + "]";
    K.Remarks.push_back("'" + T.FP.Array +
                        "' (the same elements for every "
                        "point) loaded once per thread into registers as " +
                        T.Name + Shape);
  }
  if (!Private.empty())
    K.Remarks.push_back(
        "register tile: " +
        llvm::join(
            llvm::map_range(Private, [](const auto &P) { return P.first; }),
            ", ") +
        " kept per point in registers");
  if (Mma)
    K.Remarks.push_back(
        "full strips on the FP64 tensor cores: each warp's " +
        std::to_string(Mma->WarpRows) + " (" + Mma->Tile.Rows.Iter + ") x " +
        std::to_string(Mma->WarpCols) + " (" + Mma->Tile.Cols.Iter +
        ") points as blocks of 16 x 8, one mma.sync.m16n8k4 per block and 4 " +
        "iterations of '" + Strip->Iter + "' (each sum still in order)");
  else if (!NoMmaWhy.empty())
    K.Remarks.push_back("full strips on FP64 FMA, not the tensor cores: " +
                        NoMmaWhy);
}

/// K tiled by the default schedule S, or nothing when the Tiler refuses S
/// (its errors go to a scratch list).
std::optional<Kernel> tileWith(const Kernel &K, const NestStmt &Nest,
                               const NestSchedule &S,
                               const LoweringContext &Ctx) {
  // The values, by the rules every producer's schedules follow.
  if (checkScheduleValues(S, clausesSetIn(S)))
    return std::nullopt;
  Kernel Try = K;
  for (GridLoop &G : Try.Grid)
    G.Coarsen = 1;
  Try.Block[0] = S.Block[0];
  Try.Block[1] = S.Block.size() > 1 ? S.Block[1] : 1;
  Try.Block[2] = S.Block.size() > 2 ? S.Block[2] : 1;
  Try.Schedule.Block = S.Block;
  Try.Schedule.Thread.clear();
  Try.Schedule.MaxRegCount = S.MaxRegCount;
  DiagnosticList Scratch;
  LoweringContext TryCtx(Ctx.F, Ctx.Facts, Scratch, Ctx.AllowReassociation);
  TryCtx.TensorCores = Ctx.TensorCores;
  if (!Tiler(Try, Nest, S, TryCtx).run() || Scratch.hasErrors())
    return std::nullopt;
  return Try;
}

/// A schedule's tile sizes along z, y, then x: "128x64", or with Iters
/// "128 (i) x 64 (j)".
std::string tileShape(const NestSchedule &S, bool Iters = false) {
  std::string Out;
  for (unsigned D : {2u, 1u, 0u})
    for (const auto &[It, Dim] : S.Map)
      if (Dim == D && S.Tile.count(It))
        Out += (Out.empty() ? ""
                : Iters     ? " x "
                            : "x") +
               std::to_string(S.Tile.at(It)) + (Iters ? " (" + It + ")" : "");
  return Out;
}

/// The points of a tile of S over S's rate.
double blockTime(const RatedSchedule &S) {
  double Points = 1;
  for (const auto &[It, Dim] : S.Schedule.Map)
    if (S.Schedule.Tile.count(It))
      Points *= static_cast<double>(S.Schedule.Tile.at(It));
  return Points / S.Rate;
}

/// Tiles K with the first default candidate TileForBlocks accepts; errors
/// of the candidates that do not fit go to a scratch list. Returns K tiled
/// by that candidate's smaller schedules for small problems, those the
/// Tiler accepts, largest first.
std::vector<Kernel> tileByDefault(Kernel &K, const NestStmt &Nest,
                                  const LoweringContext &Ctx) {
  for (const DefaultTiling &C : defaultTilingCandidates(K, Ctx.F)) {
    std::optional<Kernel> Tiled = tileWith(K, Nest, C.Schedule.Schedule, Ctx);
    if (!Tiled)
      continue;
    Tiled->Remarks.push_back("no schedule clauses: tiled by default (the "
                             "schedule atop the kernel; --no-default-tiling "
                             "keeps the untiled mapping)");
    Tiled->BlockTime = blockTime(C.Schedule);
    std::vector<Kernel> Few;
    for (const RatedSchedule &S : C.FewBlocks) {
      std::optional<Kernel> Small = tileWith(K, Nest, S.Schedule, Ctx);
      if (!Small)
        continue;
      Small->Name = K.Name + "_" + tileShape(S.Schedule);
      Small->IsAlternative = true;
      Small->Remarks.push_back("runs in place of " + K.Name +
                               " where its blocks take less time (smaller "
                               "tiles for small problems)");
      Small->BlockTime = blockTime(S);
      Few.push_back(std::move(*Small));
    }
    if (!Few.empty())
      Tiled->MinBlocksPerSm = C.MinBlocksPerSm;
    for (size_t I = 0; I < Few.size(); ++I)
      (I ? Few[I - 1] : *Tiled)
          .Remarks.push_back(
              "when its blocks would take longer (the busiest "
              "multiprocessor's share of them, at the rate of their tile "
              "shape)" +
              (I == 0 && Tiled->MinBlocksPerSm
                   ? " or its grid has fewer than " +
                         std::to_string(Tiled->MinBlocksPerSm) +
                         " blocks per multiprocessor"
                   : std::string()) +
              ", " + Few[I].Name + " (tiles of " +
              tileShape(Few[I].Schedule, /*Iters=*/true) + ") runs instead");
    K = std::move(*Tiled);
    return Few;
  }
  return {};
}

} // namespace

LoweredFunction tileForBlocks(LoweredFunction LF, const LoweringContext &Ctx,
                              bool TileByDefault) {
  if (TileByDefault) {
    // Alternatives go after every kernel the host body launches.
    std::vector<Kernel> Alternatives;
    size_t Launched = LF.Kernels.size();
    for (size_t I = 0; I < Launched; ++I) {
      Kernel &K = LF.Kernels[I];
      const NestStmt *Nest = Ctx.nest(K.NestId);
      if (!Nest ||
          !static_cast<const NestSchedule &>(Nest->Clauses).isDefault() ||
          !Nest->Clauses.Origin.empty())
        continue;
      std::vector<Kernel> Few = tileByDefault(K, *Nest, Ctx);
      int Next = static_cast<int>(Launched + Alternatives.size());
      if (!Few.empty())
        K.FewBlocksAlternative = Next;
      for (size_t J = 0; J < Few.size(); ++J) {
        if (J + 1 < Few.size())
          Few[J].FewBlocksAlternative = Next + static_cast<int>(J) + 1;
        Alternatives.push_back(std::move(Few[J]));
      }
    }
    for (Kernel &A : Alternatives)
      LF.Kernels.push_back(std::move(A));
  }
  // Per nest: arrays of shared(...) some kernel staged, and all of them.
  std::map<unsigned, std::set<std::string>> Staged;
  std::map<unsigned, const NestStmt *> Nests;
  for (Kernel &K : LF.Kernels) {
    const NestStmt *Nest = Ctx.nest(K.NestId);
    if (!Nest || !Nest->Clauses.isTiled())
      continue;
    Nests[Nest->Id] = Nest;
    Tiler T(K, *Nest, Nest->Clauses, Ctx);
    if (!T.run())
      continue;
    for (const std::string &A : Nest->Clauses.Shared)
      if (!T.Skipped.count(A))
        Staged[Nest->Id].insert(A);
  }
  if (Ctx.Diags.hasErrors())
    return LF;
  for (const auto &[Id, Nest] : Nests)
    for (const std::string &A : Nest->Clauses.Shared)
      if (!Staged[Id].count(A))
        Ctx.Diags.error(clauseLoc(*Nest, "shared"),
                        "shared(" + A + ")" + originText(*Nest) +
                            ": no kernel of this nest only reads '" + A +
                            "'; only arrays a kernel reads and does not "
                            "write can be staged in shared memory",
                        "leave '" + A + "' out of shared(...)");
  return LF;
}

} // namespace c2cuda
