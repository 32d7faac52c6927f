//===- TilePlan.h - A kernel's tiling, decided stage by stage ---*- C++ -*-===//
//
// Tiling a kernel (schedule clauses tile, thread, shared, pad, vector,
// pipeline; NestSchedule::isTiled) is a chain of passes, each deciding one
// transform and recording it in the kernel's TilePlan:
//
//   DefaultTiles           a nest without clauses: the first default
//                          schedule every stage accepts (DefaultTiles.h)
//   TileBands              block tiles and points per thread (TileBands.h)
//   StripMine              a loop inside the band in strips, scalars
//                          before it as register arrays (StripMine.h)
//   PromoteToShared        shared(...) arrays staged per tile and strip
//   StageRegisterOperands  small read-only arrays in registers per thread
//   PipelineStrips         the next strip loaded while this one computes
//   CopyAsync              shared tiles filled by cp.async, N buffers
//   PrescaleOperands       tiles scaled in place: the array scaled once
//                          before the launch instead
//   UseTensorCores         double products on the FP64 tensor cores
//   LowerTiles             the plan -> the per-thread program (LowerTiles.h)
//
// A stage that refuses the schedule reports an error at its clause and
// drops the kernel's plan; the kernel then keeps MapToGrid's form. Until
// LowerTiles the kernel itself is unchanged (but for the band loops
// TileBands folds into the tiles), so any prefix of the chain is a valid
// pipeline: the plan is printed after each stage (--print-after).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_TILEPLAN_H
#define C2CUDA_TRANSFORMS_TILEPLAN_H

#include "LoweringContext.h"
#include "SharedTileCopy.h"
#include "TensorCoreProducts.h"

#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace c2cuda {

/// One tiled loop of the kernel: a mapped loop (Dim 0-2: x, y, z) or a band
/// loop folded into the tiles (Dim 3, 4, ...: one thread each).
struct TiledDim {
  GridLoop G;
  unsigned Dim = 0;
  int64_t Block = 1, Points = 1, Vec = 1, Tile = 1;
  /// Generated names: trip count, tile origin, base iterator, point, local
  /// index, points left, clamped local indices.
  std::string Trip, Tile0, Base, Point, T, Left, Clamp;
};

/// What the stages decided for one kernel.
struct TilePlan {
  const NestStmt *Nest = nullptr;
  NestSchedule S; ///< The clauses, or the default schedule chosen.
  /// Remarks of the default tiling, after the tiling's own (DefaultTiles).
  std::vector<std::string> LaterRemarks;

  // TileBands.
  std::vector<TiledDim> Dims; ///< x, y, z order, then folded band loops.
  int64_t Threads = 1;
  // StripMine: the loop in strips, and the statements around it.
  const ForStmt *Strip = nullptr;
  int64_t StripSize = 0;
  StmtList Pre, Post;
  /// A barrier between the strip loop and Post (FuseEpilogues: Post writes
  /// what the strips read).
  bool BarrierBeforePost = false;
  /// Post runs after the tile's points for every element of the tile,
  /// reading the register tile through shared memory (StagedEpilogue.h;
  /// FuseEpilogues sets it for tiles of many points per thread).
  bool StagedPost = false;
  /// Non-null: the strip loop's range is split into this many chunks of
  /// whole strips (Long, over the host's names; the grid's y dimension),
  /// each block running one and Post adding its partial sums atomically
  /// (SplitReductions.h).
  ExprPtr SplitCount;
  // Scalars declared before the strip loop, as register arrays of RegDims
  // (points per thread, outermost dimension first).
  std::map<std::string, ScalarKind> Private;
  std::vector<int64_t> RegDims;
  // PromoteToShared.
  std::vector<SharedTile> Tiles;
  /// Arrays of shared(...) this kernel writes or does not read.
  std::set<std::string> Skipped;
  // StageRegisterOperands.
  std::vector<SharedTile> RegOperands;
  /// Each staged reference (a shared tile's or a register operand's).
  std::map<const Expr *, std::pair<const SharedTile *, const ArrayRef *>>
      SharedRefs;
  // PipelineStrips: pipeline(2) or (3) loads the next strip into registers
  // while this one computes; pipeline(3) gives each shared tile two
  // buffers, its first index.
  bool Pipelined = false;
  bool TwoBuffers = false;
  // CopyAsync: async(N) fills N buffers of each shared tile (its first
  // index) by asynchronous copies; 0: synchronous loads.
  unsigned AsyncStages = 0;
  // UseTensorCores.
  std::optional<TensorCorePlan> Mma;
  /// Why a tile keeping double sums in registers does not (for a remark).
  std::string NoMmaWhy;
};

/// One stage's view of a kernel and its plan, with the queries several
/// stages share.
struct TileStage {
  TileStage(Kernel &K, TilePlan &P, const LoweringContext &Ctx)
      : K(K), P(P), Ctx(Ctx), Nest(*P.Nest), S(P.S) {}
  Kernel &K;
  TilePlan &P;
  const LoweringContext &Ctx;
  const NestStmt &Nest;
  const NestSchedule &S;

  /// Reports an error at Clause (the nest's pragma where it has none);
  /// false.
  bool error(const std::string &Clause, const std::string &Msg,
             const std::string &Hint = "") const;
  /// Elements of T a thread loads at once: 16 bytes when the schedule asks
  /// for vector(...) and the box's rows (along the array's innermost
  /// dimension) are whole vectors; else 1.
  int64_t runWidth(const SharedTile &T) const;
  /// Whether a run of T goes to shared memory as one vector store: the
  /// tile keeps the array's layout and its rows are whole vectors.
  bool storesRuns(const SharedTile &T) const;
  /// Whether FP's loads are guarded per dimension in int: a pointer array
  /// whose reads are exactly a product of ranges, or an array declared with
  /// dimensions, when every tile loop counts in int (the C computes each
  /// subscript in int, so every element the nest reads has int
  /// coordinates). Else in long long (declared) or on the linear offset.
  bool intDimGuards(const TileFootprint &FP) const;
  /// Whether the tile lies wholly inside the iteration space.
  ExprPtr fullTile() const;
  /// For a triangular band's box: whether the tile holds a point of the
  /// band (each constraint holds somewhere in the tile's box); else null.
  ExprPtr tileInBand() const;
  /// The local index of the current point of the thread along D.
  ExprPtr localIndex(const TiledDim &D) const;
  /// The index of the current point in the register arrays.
  std::vector<ExprPtr> pointIndex() const;
  /// The shared buffer the current strip computes from (pipeline(3),
  /// async(N)): the strip loop's c2c_buf_<iter>.
  std::string stripBufferName() const;
};

/// The declaration of D's iterator at the local index D.T of its tile
/// (`i = c2c_base_i + c2c_t_y * step`).
StmtPtr iteratorAtLocalIndex(const TiledDim &D);

/// The number of P's tiles (Long, over the host's names: the blocks the host
/// launches along x).
ExprPtr hostTileCount(const TilePlan &P);

/// The suffix of a tile dimension's generated names: x, y, z, then w0, w1
/// for folded band loops.
std::string tileDimSuffix(unsigned Dim);

/// Runs Stage on the plan of every kernel that has one; a plan the stage
/// refuses (false) is dropped.
void forEachTilePlan(LoweredFunction &LF, LoweringContext &Ctx,
                     const std::function<bool(Kernel &, TilePlan &,
                                              const LoweringContext &)> &Stage);

/// Prints every kernel's plan (after the IR, for --print-after).
void printTilePlans(llvm::raw_ostream &OS, const LoweredFunction &LF,
                    const LoweringContext &Ctx);

/// A copy of P whose staged references point into the copy's own tiles
/// (a plain copy's would point into P's).
std::shared_ptr<TilePlan> copyPlan(const TilePlan &P);

} // namespace c2cuda

#endif // C2CUDA_TRANSFORMS_TILEPLAN_H
