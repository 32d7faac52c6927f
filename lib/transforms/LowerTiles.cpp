//===- LowerTiles.cpp - A kernel's tile plan as its per-thread program ----===//

#include "LowerTiles.h"

#include "IRQueries.h"
#include "PointLoops.h"
#include "RegisterOperands.h"
#include "StagedEpilogue.h"
#include "TripCount.h"

#include "ir/IRBuild.h"
#include "ir/IRPrinter.h"
#include "ir/IRWalk.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Casting.h"

using namespace llvm;

namespace c2cuda {

using namespace build;

namespace {

StmtPtr barrier() { return std::make_shared<BarrierStmt>(); }

ExprPtr gridX() { return cast(builtin("gridDim", 0), ScalarKind::Long); }

class TileLowering : TileStage {
public:
  TileLowering(Kernel &K, TilePlan &P, const LoweringContext &Ctx)
      : TileStage(K, P, Ctx), Pts(K, P, Ctx) {}
  bool run();

private:
  using LoadMode = TileLoadMode;
  /// Cooperative loads of every shared tile (SharedTileCopy.h).
  StmtList loads(LoadMode Mode = LoadMode::Direct);
  /// The options of T's copy in Mode.
  TileCopyOptions copyOptions(const SharedTile &T, LoadMode Mode) const;
  /// T's prefetch of a strip into the staging registers: without unguarded
  /// copies, from coordinates clamped into the box the nest reads where T
  /// has such a copy (clampedTileCopy), under its test c2c_clamped_<key>
  /// where its runs need one; else guarded.
  StmtPtr prefetch(const SharedTile &T);
  /// T's clamped prefetch (clampedTileCopy).
  ClampedTileCopy clampedPrefetch(const SharedTile &T) const;
  /// Declares into Work the tests of the clamped prefetches.
  void clampTests(StmtList &Work);
  /// The prefetches of a strip after the first without guards where every
  /// tile has such a copy (unguardedTileCopy): declares the per-tile test
  /// into Work and returns the strip's test (null: none needed) and the
  /// copies; no copies where some tile has none.
  std::pair<ExprPtr, StmtList> unguardedPrefetch(StmtList &Work);
  /// Declarations every tile shares: the thread's index in the block, trip
  /// and tile counts, the shared tiles' load bounds, the shared, staging
  /// and register arrays, the register operands' loads. Light: the tiles
  /// need no loop over rounds (see run()).
  StmtList kernelPrologue(bool Light);
  /// The thread's index in the block (x fastest), as an expression.
  ExprPtr threadInBlock() const;
  /// c2c_rounds: how many tiles each block runs, one after another.
  StmtPtr roundsDecl() const;
  /// Where the tile starts along each dimension and how many of its points
  /// lie inside the iteration space.
  StmtList tileOrigin() const;
  /// One tile's work without a strip-mined loop: loads, barrier, points.
  StmtList unstrippedTile();
  /// One tile's work with one: the statements before the strip loop, the
  /// strips (loads or staged stores, barriers, the points of each
  /// iteration, full strips unguarded), the statements after it.
  StmtList stripMinedTile();
  /// The accumulators' starts before the strip loop.
  StmtList accumulatorStarts();
  /// The strip loop's trip count and the variable of a strip's start.
  /// With a split reduction, the end and start of the block's chunk.
  ExprPtr stripTrip() const;
  ExprPtr stripStart() const;
  ExprPtr stripBegin() const;
  /// The start of the block's strip Strips after its first one.
  ExprPtr stripAfterBegin(int64_t Strips) const;
  /// c2c_base_<k>: the first iteration of the strip starting at Start.
  StmtPtr stripBase(ExprPtr Start) const;
  /// The prefetch of the strip starting at Start into the staging
  /// registers, when Start < trip; after the First, where Unguarded has
  /// copies, those where its test holds.
  StmtPtr prefetchStrip(ExprPtr Start, bool First = false);
  /// Asynchronous copies of the strip starting at Start into buffer Buf,
  /// when Start < trip, and the commit of their group (a group even when
  /// empty, so that every step waits for the same count).
  void copyStripAsync(ExprPtr Start, ExprPtr Buf, StmtList &To);
  /// Stores of the staged strip into buffer Buf, when Start < trip.
  StmtPtr storeStaged(ExprPtr Start, ExprPtr Buf);
  /// The buffer the current strip computes from, of Buffers.
  StmtPtr bufferOfStrip(int64_t Buffers) const;
  /// A strip's loads (or waits and stores) before its points; the copies
  /// that precede the strip loop go to Work.
  StmtList stripLoads(StmtList &Work);
  /// The points of a strip's iterations: a full strip unguarded, the last
  /// one checking each iteration.
  StmtPtr stripPoints();
  /// The launch: a block per tile along x, the block shape.
  void setGridAndBlock();
  /// K.Schedule as applied, and a remark per decision.
  void recordAndExplain();

  PointLoops Pts;
  /// The unguarded prefetch of a strip after the first: its test (null:
  /// none needed) and copies (none: not available).
  std::pair<ExprPtr, StmtList> Unguarded;
  /// The same for rows that need not be whole aligned runs (none: not
  /// built): each array's runs as vectors where its own test
  /// (c2c_runs_<key>, once per tile) says they are aligned, else element
  /// by element. A second strip loop uses them where Unguarded's test
  /// fails, so that the first loop stays as it was.
  std::pair<ExprPtr, StmtList> OddRows;
  /// OddRows for the tiles of Unguarded, whose vector copies are Runs (one
  /// per tile) and strip test PerStrip; the once-per-tile tests go to Work.
  std::pair<ExprPtr, StmtList>
  oddRowsPrefetch(const std::vector<UnguardedTileCopy> &Runs,
                  const ExprPtr &PerStrip, StmtList &Work);
  /// The loop over strips, prefetching as Unguarded says.
  StmtPtr stripLoop(StmtList &Work);
};

bool TileLowering::run() {
  bool Light = !P.Strip && P.Tiles.empty();
  StmtList Body = kernelPrologue(Light);
  StmtList Tile = tileOrigin();
  ExprPtr InBand = tileInBand();
  StmtList Work = P.Strip ? stripMinedTile() : unstrippedTile();
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
  for (std::string &R : P.LaterRemarks)
    K.Remarks.push_back(std::move(R));
  K.Body = std::move(Body);
  K.Grid.clear();
  K.ExplicitThreads = true;
  K.BandGuard.clear(); // In the tiles now.
  return true;
}

ExprPtr TileLowering::threadInBlock() const {
  ExprPtr Tid = cast(builtin("threadIdx", 0), ScalarKind::Int);
  int64_t Stride = 1;
  for (const TiledDim &D : P.Dims) {
    if (D.Dim > 0 && D.Dim < 3)
      Tid = bin(BinaryOpKind::Add, Tid,
                bin(BinaryOpKind::Mul,
                    cast(builtin("threadIdx", D.Dim), ScalarKind::Int),
                    ilit(Stride), ScalarKind::Int),
                ScalarKind::Int);
    Stride *= D.Block;
  }
  return Tid;
}

StmtList TileLowering::kernelPrologue(bool Light) {
  StmtList Body;
  // Thread index in the block, for cooperative loads.
  if (!P.Tiles.empty())
    Body.push_back(decl("c2c_tid", ScalarKind::Int, threadInBlock()));
  ExprPtr NTiles;
  for (const TiledDim &D : P.Dims) {
    Body.push_back(decl(D.Trip, ScalarKind::Long, D.G.TripCount));
    std::string NT = "c2c_ntiles_" + tileDimSuffix(D.Dim);
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
  if (P.Strip)
    Body.push_back(decl(loopTripName(P.Strip->Iter), ScalarKind::Long,
                        buildTripCount(*P.Strip)));
  if (P.SplitCount) {
    // This block's chunk of whole strips: gridDim.y chunks, the last one
    // possibly shorter (or empty).
    const std::string &It = P.Strip->Iter;
    ExprPtr Trip = lvar(loopTripName(It));
    ExprPtr Chunks = cast(builtin("gridDim", 1), ScalarKind::Long);
    Body.push_back(
        decl("c2c_chunk_" + It, ScalarKind::Long,
             mulL(bin(BinaryOpKind::Div,
                      addL(ceilDivL(Trip, P.StripSize), addL(Chunks, llit(-1))),
                      Chunks, ScalarKind::Long),
                  llit(P.StripSize))));
    Body.push_back(decl("c2c_begin_" + It, ScalarKind::Long,
                        mulL(cast(builtin("blockIdx", 1), ScalarKind::Long),
                             lvar("c2c_chunk_" + It))));
    ExprPtr End = addL(lvar("c2c_begin_" + It), lvar("c2c_chunk_" + It));
    Body.push_back(
        decl("c2c_end_" + It, ScalarKind::Long,
             std::make_shared<SelectExpr>(cmpL(BinaryOpKind::LT, Trip, End),
                                          Trip, End, ScalarKind::Long)));
  }
  // Load guards: over the parameters only, so computed once.
  for (const SharedTile &T : P.Tiles) {
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
    for (const SharedTile &T : P.Tiles)
      Body.push_back(
          decl("c2c_last_" + T.Key, ScalarKind::Long,
               addL(Ctx.Facts.Extents.at(T.FP.Array).Elements, llit(-1))));
  for (const SharedTile &T : P.Tiles) {
    auto D = std::make_shared<DeclStmt>(T.Name, T.FP.Elem, nullptr);
    D->Dims = T.SharedDims;
    D->Storage = StorageKind::Shared;
    Body.push_back(D);
  }
  // Staging registers: a thread's runs of a pipelined tile's next strip, or
  // the run of a transposed tile read as one vector.
  for (const SharedTile &T : P.Tiles) {
    int64_t Elems = 1;
    for (int64_t Sz : T.FP.Size)
      Elems *= Sz;
    int64_t W = runWidth(T);
    // (A tile async(N) does not copy is loaded through them as a vector.)
    bool Runs = W == 1 || storesRuns(T);
    if (P.AsyncStages ? T.Async || Runs : !P.Pipelined && Runs)
      continue;
    auto D = std::make_shared<DeclStmt>("c2c_pf_" + T.Key, T.FP.Elem, nullptr);
    D->Dims = {(Elems / W + P.Threads - 1) / P.Threads};
    if (W > 1) {
      D->Dims.push_back(W);
      D->AlignBytes = unsigned(W * sizeInBytes(T.FP.Elem));
    }
    Body.push_back(D);
  }
  if (P.StagedPost) {
    StmtList SD = stagedEpilogueDecls(P);
    Body.insert(Body.end(), SD.begin(), SD.end());
  }
  for (const auto &[N, Ty] : P.Private) {
    auto D = std::make_shared<DeclStmt>("c2c_reg_" + N, Ty, nullptr);
    D->Dims = P.RegDims;
    Body.push_back(D);
  }
  StmtList RL = registerOperandLoads(P.RegOperands);
  Body.insert(Body.end(), RL.begin(), RL.end());

  return Body;
}

StmtPtr TileLowering::roundsDecl() const {
  return decl("c2c_rounds", ScalarKind::Long,
              bin(BinaryOpKind::Div,
                  addL(lvar("c2c_ntiles"), addL(gridX(), llit(-1))), gridX(),
                  ScalarKind::Long));
}

StmtList TileLowering::tileOrigin() const {
  StmtList Tile;
  ExprPtr Rest = lvar("c2c_tile");
  for (size_t I = 0; I < P.Dims.size(); ++I) {
    const TiledDim &D = P.Dims[I];
    std::string NT = "c2c_ntiles_" + tileDimSuffix(D.Dim);
    ExprPtr Idx = I + 1 == P.Dims.size() ? Rest
                                         : bin(BinaryOpKind::Rem, Rest,
                                               lvar(NT), ScalarKind::Long);
    Tile.push_back(decl(D.Tile0, ScalarKind::Long, mulL(Idx, llit(D.Tile))));
    Rest = bin(BinaryOpKind::Div, Rest, lvar(NT), ScalarKind::Long);
    Tile.push_back(decl(D.Base, D.G.IterType,
                        addL(D.G.Lower, mulL(lvar(D.Tile0), llit(D.G.Step)))));
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

StmtList TileLowering::unstrippedTile() {
  StmtList Work;
  StmtList L = loads();
  Work.insert(Work.end(), L.begin(), L.end());
  if (!P.Tiles.empty())
    Work.push_back(barrier());
  StmtList Points = Pts.points(K.Body, true);
  Work.insert(Work.end(), Points.begin(), Points.end());
  if (!P.Tiles.empty())
    Work.push_back(barrier());
  return Work;
}

StmtList TileLowering::accumulatorStarts() {
  // The accumulators' starts: a full tile loads them unguarded, so that
  // the points' guards are not computed before the strip loop and kept
  // live across it for the stores after it (gemm's `C[i][j] * beta` start
  // spilled 40 bytes at 128 registers, 4 so).
  // Starts that touch no array and call nothing (`acc = 0`) run unguarded:
  // a point past a partial tile sets a register it never stores, and the
  // guards around them cost the double products on the tensor cores 0.69x
  // -> 1.0x cuBLAS DGEMM at 4096^3 (H200).
  bool ReadsArrays = false, Calls = false;
  forEachExprIn(P.Pre, [&](const Expr &E) {
    ReadsArrays |= isa<ArrayRef>(E);
    Calls |= isa<CallExpr>(E);
  });
  if (!ReadsArrays && !Calls)
    return Pts.pointLoops(P.Pre, false);
  if (ReadsArrays && K.BandGuard.empty())
    return {std::make_shared<IfStmt>(fullTile(), Pts.pointLoops(P.Pre, false),
                                     Pts.pointLoops(P.Pre, true))};
  return Pts.pointLoops(P.Pre, true);
}

ExprPtr TileLowering::stripTrip() const {
  return lvar(P.SplitCount ? "c2c_end_" + P.Strip->Iter
                           : loopTripName(P.Strip->Iter));
}

ExprPtr TileLowering::stripBegin() const {
  return P.SplitCount ? lvar("c2c_begin_" + P.Strip->Iter) : llit(0);
}

ExprPtr TileLowering::stripStart() const {
  return lvar("c2c_s_" + P.Strip->Iter);
}

StmtPtr TileLowering::stripBase(ExprPtr Start) const {
  return decl(
      "c2c_base_" + P.Strip->Iter, P.Strip->IterType,
      addL(P.Strip->Lower, mulL(std::move(Start), llit(P.Strip->Step))));
}

StmtPtr TileLowering::prefetchStrip(ExprPtr Start, bool First) {
  StmtList Fetch = {stripBase(Start)};
  StmtList L = loads(LoadMode::ToRegs);
  if (First || Unguarded.second.empty())
    Fetch.insert(Fetch.end(), L.begin(), L.end());
  else if (!Unguarded.first)
    Fetch.insert(Fetch.end(), Unguarded.second.begin(), Unguarded.second.end());
  else
    Fetch.push_back(
        std::make_shared<IfStmt>(Unguarded.first, Unguarded.second, L));
  return std::make_shared<IfStmt>(cmpL(BinaryOpKind::LT, Start, stripTrip()),
                                  Fetch, StmtList{});
}

void TileLowering::copyStripAsync(ExprPtr Start, ExprPtr Buf, StmtList &To) {
  StmtList Fetch = {stripBase(Start)};
  Pts.SharedBuffer = std::move(Buf);
  StmtList L = loads(LoadMode::Async);
  Pts.SharedBuffer = nullptr;
  Fetch.insert(Fetch.end(), L.begin(), L.end());
  To.push_back(std::make_shared<IfStmt>(
      cmpL(BinaryOpKind::LT, Start, stripTrip()), Fetch, StmtList{}));
  To.push_back(std::make_shared<AsyncFenceStmt>(AsyncFenceStmt::Op::Commit));
}

StmtPtr TileLowering::storeStaged(ExprPtr Start, ExprPtr Buf) {
  Pts.SharedBuffer = std::move(Buf);
  StmtList L = loads(LoadMode::FromRegs);
  Pts.SharedBuffer = nullptr;
  return std::make_shared<IfStmt>(
      cmpL(BinaryOpKind::LT, std::move(Start), stripTrip()), L, StmtList{});
}

StmtPtr TileLowering::bufferOfStrip(int64_t Buffers) const {
  // Counted from the block's first strip (its chunk's, where the strips are
  // split among blocks), which goes to buffer 0.
  ExprPtr Done = P.SplitCount ? bin(BinaryOpKind::Sub, stripStart(),
                                    stripBegin(), ScalarKind::Long)
                              : stripStart();
  return decl(stripBufferName(), ScalarKind::Int,
              cast(bin(BinaryOpKind::Rem,
                       bin(BinaryOpKind::Div, Done, llit(P.StripSize),
                           ScalarKind::Long),
                       llit(Buffers), ScalarKind::Long),
                   ScalarKind::Int));
}

ExprPtr TileLowering::stripAfterBegin(int64_t Strips) const {
  ExprPtr Offset = llit(Strips * P.StripSize);
  return P.SplitCount ? (Strips ? addL(stripBegin(), Offset) : stripBegin())
                      : Offset;
}

StmtList TileLowering::stripLoads(StmtList &Work) {
  StmtList StripBody;
  ExprPtr SV = stripStart();
  unsigned Stages = P.AsyncStages;
  if (Stages) {
    for (unsigned B = 0; B + 1 < Stages; ++B)
      copyStripAsync(stripAfterBegin(B), ilit(B), Work);
    // Strip s computes from buffer s % N once its copies have landed
    // (every thread's: the barrier); the copies of strip s + N - 1 then go
    // to the buffer strip s - 1 used, which every thread has left.
    StripBody.push_back(bufferOfStrip(Stages));
    StripBody.push_back(stripBase(SV));
    StripBody.push_back(
        std::make_shared<AsyncFenceStmt>(AsyncFenceStmt::Op::Wait, Stages - 2));
    // Tiles staged scaled: each thread scales what it copied, now landed.
    ExprPtr Buf = ivar(stripBufferName());
    Pts.SharedBuffer = Buf;
    StmtList Scale = loads(LoadMode::ScaleInPlace);
    Pts.SharedBuffer = nullptr;
    StripBody.insert(StripBody.end(), Scale.begin(), Scale.end());
    StripBody.push_back(barrier());
    copyStripAsync(
        addL(SV, llit(int64_t(Stages - 1) * P.StripSize)),
        bin(BinaryOpKind::Rem,
            bin(BinaryOpKind::Add, Buf, ilit(Stages - 1), ScalarKind::Int),
            ilit(Stages), ScalarKind::Int),
        StripBody);
  } else if (P.TwoBuffers) {
    // Two buffers: the first strip is stored before the loop; each step
    // computes from one buffer while the next strip goes to the other,
    // so one barrier per strip suffices (the other buffer was last read
    // before the previous step's barrier).
    Work.push_back(storeStaged(stripAfterBegin(0), ilit(0)));
    Work.push_back(barrier());
    StripBody.push_back(bufferOfStrip(2));
    StripBody.push_back(stripBase(SV));
  } else {
    if (!P.Tiles.empty()) // Only the loads' boxes start there.
      StripBody.push_back(stripBase(SV));
    StmtList L = loads(P.Pipelined ? LoadMode::FromRegs : LoadMode::Direct);
    StripBody.insert(StripBody.end(), L.begin(), L.end());
    if (!P.Tiles.empty())
      StripBody.push_back(barrier());
  }
  return StripBody;
}

StmtPtr TileLowering::stripPoints() {
  std::string QV = "c2c_q_" + P.Strip->Iter;
  ExprPtr SV = stripStart();
  if (P.TwoBuffers || P.AsyncStages)
    Pts.SharedBuffer = ivar(stripBufferName());
  StmtList KBody = Pts.rewriteForPoints(P.Strip->Body);
  bool Guard = touchesGlobal(KBody);
  StmtList Q;
  Q.push_back(decl(
      P.Strip->Iter, P.Strip->IterType,
      addL(P.Strip->Lower, mulL(addL(SV, ivar(QV)), llit(P.Strip->Step)))));
  StmtList PK = Pts.pointsInside(P.Strip->Body, Guard);
  Pts.SharedBuffer = nullptr;
  Q.insert(Q.end(), PK.begin(), PK.end());
  auto UIt = S.Unroll.find(P.Strip->Iter);
  int Unroll =
      UIt != S.Unroll.end() ? int(UIt->second) : (P.StripSize <= 32 ? -1 : 0);
  if (Unroll == 1)
    Unroll = 0;
  // A full strip runs its iterations unguarded, so the unrolled
  // iterations can be scheduled together; the last, partial strip checks
  // each one.
  return std::make_shared<IfStmt>(
      cmpL(BinaryOpKind::LE, addL(SV, llit(P.StripSize)), stripTrip()),
      P.Mma ? tensorCoreStrip(*P.Mma)
            : StmtList{countLoop(QV, P.StripSize, Q, Unroll)},
      StmtList{
          countLoop(QV, P.StripSize,
                    {std::make_shared<IfStmt>(
                        cmpL(BinaryOpKind::LT, addL(SV, ivar(QV)), stripTrip()),
                        Q, StmtList{})},
                    Unroll)});
}

StmtList TileLowering::stripMinedTile() {
  StmtList Work = accumulatorStarts();
  if (P.Pipelined) {
    StmtList Tests;
    Unguarded = unguardedPrefetch(Tests);
    if (Unguarded.second.empty())
      clampTests(Work);
    Work.push_back(prefetchStrip(stripBegin(), /*First=*/true));
    Work.insert(Work.end(), Tests.begin(), Tests.end());
  }
  StmtPtr Loop = stripLoop(Work);
  if (OddRows.second.empty()) {
    Work.push_back(Loop);
  } else {
    // Loop versioning: a third copy inside the one loop cost the tiles
    // with aligned rows 1-3.5% (1000^3, 1024^3; H200).
    std::swap(Unguarded, OddRows);
    StmtPtr Odd = stripLoop(Work);
    std::swap(Unguarded, OddRows);
    Work.push_back(std::make_shared<IfStmt>(
        ivar("c2c_unguarded_" + P.Strip->Iter), StmtList{Loop}, StmtList{Odd}));
  }
  if (P.StagedPost) {
    StmtList PP = stagedEpilogue(
        P, Ctx, Pts, P.Tiles.empty() ? threadInBlock() : ivar("c2c_tid"));
    Work.insert(Work.end(), PP.begin(), PP.end());
    return Work;
  }
  // The block's next tile refills the buffers only after every thread
  // has left this one's last strip.
  if (P.AsyncStages || P.BarrierBeforePost)
    Work.push_back(barrier());
  StmtList PP = Pts.pointLoops(P.Post, true);
  Work.insert(Work.end(), PP.begin(), PP.end());
  return Work;
}

StmtPtr TileLowering::stripLoop(StmtList &Work) {
  StmtList StripBody = stripLoads(Work);
  ExprPtr SV = stripStart();
  // The next strip's global loads are in flight while this one computes.
  if (P.Pipelined)
    StripBody.push_back(prefetchStrip(addL(SV, llit(P.StripSize))));
  StripBody.push_back(stripPoints());
  if (P.TwoBuffers)
    StripBody.push_back(
        storeStaged(addL(SV, llit(P.StripSize)),
                    bin(BinaryOpKind::Sub, ilit(1), ivar(stripBufferName()),
                        ScalarKind::Int)));
  if (!P.Tiles.empty() && !P.AsyncStages)
    StripBody.push_back(barrier());
  return std::make_shared<ForStmt>("c2c_s_" + P.Strip->Iter, ScalarKind::Long,
                                   stripBegin(), LoopCmp::LT, stripTrip(),
                                   P.StripSize, StripBody);
}

TileCopyOptions TileLowering::copyOptions(const SharedTile &T,
                                          LoadMode Mode) const {
  TileCopyOptions O;
  O.Threads = P.Threads;
  O.RunWidth = Mode != LoadMode::Async || storesRuns(T) ? runWidth(T) : 1;
  O.VectorStore = storesRuns(T);
  O.IntGuards = intDimGuards(T.FP);
  O.InBandBox = !K.BandGuard.empty();
  O.Buffer = Pts.SharedBuffer;
  O.F = &Ctx.F;
  return O;
}

StmtList TileLowering::loads(LoadMode Mode) {
  StmtList Out;
  for (const SharedTile &T : P.Tiles) {
    if (Mode == LoadMode::ScaleInPlace && !(T.Async && T.Scale && !T.Prescaled))
      continue;
    // A tile the copies cannot fill is loaded into the same buffers; an
    // asynchronous copy writes a run only where it lies whole in shared
    // memory.
    LoadMode TileMode =
        Mode == LoadMode::Async && !T.Async ? LoadMode::Direct : Mode;
    Out.push_back(TileMode == LoadMode::ToRegs
                      ? prefetch(T)
                      : copySharedTile(T, TileMode, copyOptions(T, TileMode)));
  }
  return Out;
}

ClampedTileCopy TileLowering::clampedPrefetch(const SharedTile &T) const {
  return clampedTileCopy(T, LoadMode::ToRegs, copyOptions(T, LoadMode::ToRegs),
                         "c2c_base_" + P.Strip->Iter, P.Strip->Lower,
                         P.StripSize * P.Strip->Step);
}

StmtPtr TileLowering::prefetch(const SharedTile &T) {
  // Without unguarded copies (a vector x[k], whose every dimension moves
  // with the strips), clamping costs less than guarding: a float matvec
  // 0.60 -> 0.40 ms, a double one 2.21 -> 0.99 ms (loop-order benchmark,
  // H200; RESULTS.md, 2026-11-29 fourteenth session).
  auto Guarded = [&] {
    return copySharedTile(T, LoadMode::ToRegs,
                          copyOptions(T, LoadMode::ToRegs));
  };
  if (!Unguarded.second.empty())
    return Guarded();
  ClampedTileCopy C = clampedPrefetch(T);
  if (!C.Copy)
    return Guarded();
  if (!C.Aligned)
    return C.Copy;
  return std::make_shared<IfStmt>(ivar("c2c_clamped_" + T.Key),
                                  StmtList{C.Copy}, StmtList{Guarded()});
}

void TileLowering::clampTests(StmtList &Work) {
  // Once per tile: nvcc keeps a test of the tile's own variables rather
  // than recompute it per strip.
  for (const SharedTile &T : P.Tiles)
    if (ExprPtr Aligned = clampedPrefetch(T).Aligned)
      Work.push_back(decl("c2c_clamped_" + T.Key, ScalarKind::Int, Aligned));
}

std::pair<ExprPtr, StmtList> TileLowering::unguardedPrefetch(StmtList &Work) {
  // The guards cost more than the loads they guard: a float product's
  // prefetch spends about 100 instructions per strip on them against 512
  // multiply-adds (4096^3, H200, without them: 0.79x -> 0.81x SGEMM in the
  // exact order, 0.84x -> 0.86x with a scalar accumulator). The part of the
  // test a tile's strips share is made once per tile, and cheap (nvcc
  // recomputes it in the loop rather than keep it): tested per strip in
  // full, it cost more than the guards it saved. Partial tiles take the
  // same copies, their rows past the array clamped: the guarded blocks set
  // the time of a grid of one wave (1000^3: 0.67x -> 0.79x SGEMM).
  std::string Base = "c2c_base_" + P.Strip->Iter;
  ExprPtr Hoisted, PerStrip;
  StmtList Copies;
  std::vector<UnguardedTileCopy> Runs;
  for (const SharedTile &T : P.Tiles) {
    UnguardedTileCopy U =
        unguardedTileCopy(T, LoadMode::ToRegs, copyOptions(T, LoadMode::ToRegs),
                          Base, P.Strip->Lower, P.StripSize * P.Strip->Step);
    if (!U.Copy)
      return {};
    Hoisted = andE(Hoisted, U.Hoisted);
    PerStrip = andE(PerStrip, U.PerStrip);
    Copies.push_back(U.Copy);
    Runs.push_back(std::move(U));
  }
  if (!Hoisted)
    return {PerStrip, Copies};
  std::string Flag = "c2c_unguarded_" + P.Strip->Iter;
  Work.push_back(decl(Flag, ScalarKind::Int, Hoisted));
  // Only where the strip loop alone reads the staged strips.
  if (!P.AsyncStages && !P.TwoBuffers)
    OddRows = oddRowsPrefetch(Runs, PerStrip, Work);
  return {andE(ivar(Flag), PerStrip), Copies};
}

std::pair<ExprPtr, StmtList>
TileLowering::oddRowsPrefetch(const std::vector<UnguardedTileCopy> &Runs,
                              const ExprPtr &PerStrip, StmtList &Work) {
  // Rows that are not whole aligned runs (1001 floats) fail the vector
  // copy's test in every tile and took the guarded copy: element by
  // element, clamped, is cheaper (RESULTS.md, 2026-11-29 fifteenth
  // session). Each array chooses for itself: one with aligned rows keeps
  // its vector loads (copying both element by element when only B's rows
  // were odd took 1023x1025x1024 from 0.63x to 0.52x SGEMM). The second
  // loop costs registers: only threads of at most 32 accumulators take it
  // (with 64, 128x128 tiles, a third copy in the loop took 4096^3 from
  // 0.89x to 0.83x).
  int64_t Accumulators =
      std::max<int64_t>(1, static_cast<int64_t>(P.Private.size()));
  for (int64_t D : P.RegDims)
    Accumulators *= D;
  if (Accumulators > 32)
    return {};
  std::string Base = "c2c_base_" + P.Strip->Iter;
  int64_t Shift = P.StripSize * P.Strip->Step;
  ExprPtr Hoisted;
  StmtList Copies, Flags;
  for (size_t I = 0; I < P.Tiles.size(); ++I) {
    const SharedTile &T = P.Tiles[I];
    TileCopyOptions O = copyOptions(T, LoadMode::ToRegs);
    const UnguardedTileCopy &Vector = Runs[I];
    if (O.RunWidth == 1 || !Vector.Hoisted) {
      Hoisted = andE(Hoisted, Vector.Hoisted);
      Copies.push_back(Vector.Copy);
      continue;
    }
    UnguardedTileCopy Elems =
        unguardedTileCopy(T, LoadMode::ToRegs, O, Base, P.Strip->Lower, Shift,
                          /*ElementWise=*/true);
    if (!Elems.Copy)
      return {};
    std::string RunsFlag = "c2c_runs_" + T.Key;
    Flags.push_back(decl(RunsFlag, ScalarKind::Int, Vector.Hoisted));
    Hoisted = andE(Hoisted, Elems.Hoisted);
    Copies.push_back(std::make_shared<IfStmt>(
        ivar(RunsFlag), StmtList{Vector.Copy}, StmtList{Elems.Copy}));
  }
  if (Flags.empty() || !Hoisted)
    return {}; // No array has runs: the copies are Unguarded's.
  Work.insert(Work.end(), Flags.begin(), Flags.end());
  std::string Flag = "c2c_odd_rows_" + P.Strip->Iter;
  Work.push_back(decl(Flag, ScalarKind::Int, Hoisted));
  return {andE(ivar(Flag), PerStrip), Copies};
}

void TileLowering::setGridAndBlock() {
  // Grid: every tile a block, as far as the x dimension reaches.
  K.GridDims[0] = hostTileCount(P);
  // A split reduction: a row of blocks per chunk of its strips.
  K.GridDims[1] = P.SplitCount ? P.SplitCount : llit(1);
  K.GridDims[2] = llit(1);
  unsigned Block[3] = {1, 1, 1};
  for (const TiledDim &D : P.Dims)
    if (D.Dim < 3)
      Block[D.Dim] = D.Block;
  std::copy(Block, Block + 3, K.Block);
}

void TileLowering::recordAndExplain() {
  NestSchedule &Used = K.Schedule;
  Used.Thread.clear();
  std::string TileText;
  for (const TiledDim &D : P.Dims) {
    Used.Tile[D.G.Iter] = D.Tile;
    if (D.Points > 1)
      Used.Thread[D.G.Iter] = D.Points;
    if (D.Vec > 1)
      Used.Vector[D.G.Iter] = D.Vec;
    TileText += (TileText.empty() ? "" : " x ") + std::to_string(D.Tile) +
                " (" + D.G.Iter + ")";
  }
  if (P.Strip)
    Used.Tile[P.Strip->Iter] = P.StripSize;
  for (const SharedTile &T : P.Tiles)
    if (T.Key == T.FP.Array) // Once per array, not per reference group.
      Used.Shared.push_back(T.FP.Array);
  Used.Pad = S.Pad;
  Used.Pipeline = P.Pipelined ? S.Pipeline : 0;
  Used.Async = P.AsyncStages;
  // A count chosen at run time (the default's split) has no clause.
  Used.Split.clear();
  if (const auto *N = dyn_cast_or_null<IntLit>(P.SplitCount.get()))
    Used.Split[P.Strip->Iter] = static_cast<unsigned>(N->Value);
  K.Remarks.push_back("tiled: blocks run tiles of " + TileText + ", " +
                      std::to_string(P.Threads) + " threads each" +
                      (P.Strip ? ", " + P.Strip->Iter + " in strips of " +
                                     std::to_string(P.StripSize)
                               : std::string()));
  for (const SharedTile &T : P.Tiles) {
    std::string Scaled;
    if (T.Scale)
      Scaled = ", multiplied by '" + exprToString(*T.Scale) +
               (T.Prescaled ? "' once per element before the launch"
                            : "' as it is loaded") +
               " (every point reads it so)";
    K.Remarks.push_back(
        "'" + T.FP.Array + "' staged in shared memory as " + sharedTileText(T) +
        (T.Perm.size() == 2 && T.Perm[0] == 1 ? " (transposed)" : "") + Scaled);
  }
  if (P.AsyncStages)
    K.Remarks.push_back(
        "shared tiles filled by asynchronous copies (cp.async) into " +
        std::to_string(P.AsyncStages) + " buffers: the copies of the next " +
        (P.AsyncStages == 2 ? std::string("strip")
                            : std::to_string(P.AsyncStages - 1) + " strips") +
        " in flight while one computes, one barrier per strip");
  for (const SharedTile &T :
       P.AsyncStages ? P.Tiles : std::vector<SharedTile>{})
    if (!T.Async)
      K.Remarks.push_back(
          "'" + T.FP.Array +
          "' loaded into its buffers by the threads, not copied "
          "asynchronously: " +
          (sizeInBytes(T.FP.Elem) < 4
               ? std::string("its elements are narrower than 4 bytes")
               : std::string("its tile is transposed for the points' vector "
                             "reads")));
  for (const SharedTile &T : P.RegOperands)
    K.Remarks.push_back("'" + T.FP.Array +
                        "' (the same elements for every "
                        "point) loaded once per thread into registers as " +
                        sharedTileText(T));
  if (!P.Private.empty())
    K.Remarks.push_back(
        "register tile: " +
        llvm::join(
            llvm::map_range(P.Private, [](const auto &P) { return P.first; }),
            ", ") +
        " kept per point in registers");
  // A tile off the tensor cores says why for its double sums, else (with
  // --allow-tf32x3) its float ones.
  bool Tf32 = P.Mma ? P.Mma->Tf32x3
                    : std::none_of(P.Private.begin(), P.Private.end(),
                                   [](const auto &Reg) {
                                     return Reg.second == ScalarKind::Double;
                                   });
  if (P.Mma)
    K.Remarks.push_back(
        std::string("full strips on the ") + (Tf32 ? "TF32" : "FP64") +
        " tensor cores: each warp's " + std::to_string(P.Mma->WarpRows) + " (" +
        P.Mma->Tile.Rows.Iter + ") x " + std::to_string(P.Mma->WarpCols) +
        " (" + P.Mma->Tile.Cols.Iter + ") points as blocks of 16 x 8, " +
        (Tf32 ? "three mma.sync.m16n8k8 per block (3xTF32, --allow-tf32x3) "
                "and 8 iterations of '" +
                    P.Strip->Iter + "'"
              : "one mma.sync.m16n8k4 per block and 4 iterations of '" +
                    P.Strip->Iter + "' (each sum still in order)"));
  else if (!P.NoMmaWhy.empty())
    K.Remarks.push_back(std::string("full strips on ") +
                        (Tf32 ? "FP32" : "FP64") +
                        " FMA, not the tensor cores: " + P.NoMmaWhy);
}

} // namespace

bool lowerTile(Kernel &K, TilePlan &P, const LoweringContext &Ctx) {
  // A plan TileBands never filled in (DefaultTiles alone) tiles nothing.
  return P.Dims.empty() || TileLowering(K, P, Ctx).run();
}

LoweredFunction lowerTiles(LoweredFunction LF, LoweringContext &Ctx) {
  forEachTilePlan(LF, Ctx, lowerTile);
  Ctx.TilePlans.clear();
  return LF;
}

} // namespace c2cuda
