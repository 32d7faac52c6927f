//===- ReduceAcrossLanes.cpp - A reduction loop over a warp's lanes -------===//

#include "ReduceAcrossLanes.h"

#include "IRQueries.h"
#include "LaneReductions.h"
#include "ReductionPolicy.h"
#include "TripCount.h"
#include "WarpShuffle.h"

#include "ir/IRBuild.h"
#include "ir/IRPrinter.h"
#include "ir/IRRewrite.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Casting.h"

#include <algorithm>
#include <map>
#include <optional>

using namespace llvm;

namespace c2cuda {

namespace {

using namespace build;

constexpr int64_t Lanes = 32;
/// Warps sharing the reduction loop of one point read along it, and for
/// short rows fewer (RowWarpsByLength).
constexpr int64_t WarpsPerRow = 8;
/// Row lengths up to which fewer warps take a row: about one thread per 32
/// elements. H100, float row sums (benchmarks/lanes): 65536 rows of 1024
/// ran 1.27x faster in 2 warps than in 8 and of 4096 1.04x faster in 4;
/// from 16384 up 8 warps were as fast or faster (RESULTS.md, sixteenth
/// session).
constexpr std::pair<int64_t, int64_t> RowWarpsByLength[] = {{2048, 2},
                                                            {8192, 4}};
/// Points per block and threads sharing the reduction loop of one point in
/// the other form (32 x 32 threads).
constexpr int64_t PointsPerColumnBlock = 32, SlicesPerColumn = 32;
/// Columns up to which blocks take fewer of them, each over more slices
/// (blocks stay 1024 threads): the number of points per block for each
/// limit. 32 per block left SMs idle; 64 to 128 blocks ran best (H100,
/// transposed matrix-vector products of 2^26 to 2^27 elements, against
/// cuBLAS SGEMV: 128 columns 0.05x in 32 per block, 0.31x in 2; 256 and
/// 512 columns 0.10x and 0.19x in 32, 0.50x and 0.68x in 4; 1024 0.36x in
/// 32, 0.83x in 8; 2048 0.63x in 32, 0.86x in 16; from 4096 columns 32 per
/// block was fastest; RESULTS.md, nineteenth session).
constexpr std::pair<int64_t, int64_t> ColumnPointsByCount[] = {
    {128, 2}, {512, 4}, {1024, 8}, {2048, 16}};
constexpr int64_t ColumnBlockThreads = PointsPerColumnBlock * SlicesPerColumn;

/// The threads of a default split: warps per point along rows, points per
/// block and slices per point across them.
struct LaneShape {
  int64_t RowWarps = WarpsPerRow;
  int64_t ColumnPoints = PointsPerColumnBlock, Slices = SlicesPerColumn;
};

/// A lanes(loop: N) clause: the loop it names and its threads per point.
struct LanesRequest {
  std::string Loop;
  int64_t Threads = 0;
};

class LaneReducer {
public:
  LaneReducer(Kernel &K, const NestStmt &Nest, const LoweringContext &Ctx,
              std::optional<LanesRequest> Asked = std::nullopt,
              LaneShape Shape = LaneShape())
      : K(K), Nest(Nest), Ctx(Ctx), Asked(std::move(Asked)), Shape(Shape) {}

  /// Why a requested split could not be made, and what to do instead.
  std::string Why, Hint;
  /// The loop split over the threads, after run(), and whether along rows.
  std::string SplitLoop;
  bool SplitRows = false;
  /// After a default split along rows: the split loop's trip count where
  /// the host can evaluate it at the launch (its bounds read no array and
  /// nothing the kernel declares), else null.
  ExprPtr HostTrip;

  bool run() {
    X = lanePoint(K, Nest, Ctx);
    if (!X)
      return refuse(pointWhy(), K.Grid.empty()
                                    ? "the points need a parallel loop "
                                      "mapped to the grid"
                                    : "map one parallel loop, e.g. 'map(" +
                                          K.Grid[0].Iter + ": x)'");
    size_t At = 0;
    std::set<std::string> Declared;
    // Elements set before L from no array (`y[i] = 0`), and their values:
    // a later read of one gets the value (`float acc = y[i]` is `= 0`), so
    // that the write may move after L.
    std::vector<std::pair<ExprPtr, ExprPtr>> Known;
    for (; At < K.Body.size(); ++At) {
      StmtPtr SP = rewriteStmts({K.Body[At]}, [&](const ExprPtr &E) {
                     for (const auto &[Elem, Val] : Known)
                       if (sameExpr(*E, *Elem))
                         return cast(Val, E->Type);
                     return ExprPtr();
                   }).front();
      const Stmt &S = *SP;
      if (isa<ForStmt>(S))
        break;
      if (const auto *A = dyn_cast<AssignStmt>(&S)) {
        // What the statement changes is no longer known.
        std::set<std::string> Changed;
        if (const auto *R = dyn_cast<ArrayRef>(A->LHS.get()))
          Changed.insert(R->Array);
        else if (const auto *V = dyn_cast<VarRef>(A->LHS.get()))
          Changed.insert(V->Name);
        llvm::erase_if(Known, [&](const auto &KV) {
          std::set<std::string> Names;
          collectVarNames(*KV.first, Names);
          collectVarNames(*KV.second, Names);
          Names.insert(llvm::cast<ArrayRef>(KV.first.get())->Array);
          for (const std::string &N : Changed)
            if (Names.count(N))
              return true;
          return false;
        });
        if (isa<ArrayRef>(A->LHS.get()) && A->Op == AssignOpKind::Set &&
            A->Atomic == AtomicKind::None && A->Width == 1 &&
            !readsArray(*A->RHS))
          Known.push_back({A->LHS, A->RHS});
      }
      if (const auto *D = dyn_cast<DeclStmt>(&S)) {
        if (D->isArray())
          return refuse("the point declares the local array '" + D->Name +
                        "' before it");
        Declared.insert(D->Name);
        Kept.push_back(SP);
        continue;
      }
      const auto *A = dyn_cast<AssignStmt>(&S);
      if (A && isa<ArrayRef>(A->LHS.get())) {
        Deferred.push_back(SP);
        continue;
      }
      const auto *V = A ? dyn_cast<VarRef>(A->LHS.get()) : nullptr;
      if (!V || !Declared.count(V->Name))
        return refuse(V ? "the statement before it assigns '" + V->Name +
                              "', which the point does not declare"
                        : "a statement before it is neither a declaration "
                          "nor an assignment");
      Kept.push_back(SP);
    }
    if (At == K.Body.size())
      return refuse("no loop is at the top of each point");
    L = llvm::cast<ForStmt>(K.Body[At].get());
    if (Asked && L->Iter != Asked->Loop)
      return refuse("the first loop of each point is '" + L->Iter + "'",
                    "name the loop that comes first in the point, after its "
                    "declarations and assignments");
    std::optional<std::vector<LaneReduction>> Found =
        laneReductions(*L, Nest, Ctx, Declared, /*Elements=*/true,
                       /*WritesArrays=*/false);
    if (!Found)
      return refuse(reductionsWhy());
    Reds = std::move(*Found);
    if (!deferrable())
      return refuse("a statement before it writes an array that it or the "
                    "statements before it read");
    for (const LaneReduction &R : Reds)
      if (!R.Identity)
        return refuse("the reduction into '" + R.Shown +
                      "' has no identity for the partial results to start "
                      "from");
    // The default leaves short windows and points with more loops to a
    // thread each; a clause asks for the split anyway.
    if (!Asked) {
      // A loop with literal bounds is a short window (a stencil's taps):
      // hundreds of threads would share a handful of iterations.
      if (isIntLiteral(*L->Lower) && isIntLiteral(*L->Upper))
        return false;
      // Loops after L would run in one thread of the block per point
      // (softmax's three row loops: 2x slower than a thread per row).
      for (size_t I = At + 1; I < K.Body.size(); ++I)
        if (holdsLoop({K.Body[I]}))
          return false;
    }
    // The accumulators' elements are touched once per point afterwards.
    std::set<const ArrayRef *> Targets;
    for (const LaneReduction &R : Reds)
      Targets.insert(R.Refs.begin(), R.Refs.end());
    int Along = rowsAlong({L}, *X, Nest, Ctx, Targets);
    if (Along == 0 && !Asked)
      return false;
    bool Rows = Along >= 0;
    if (Asked && !threadsFit(Rows))
      return false;
    SplitLoop = L->Iter;
    SplitRows = Rows;
    if (Rows && !Asked)
      HostTrip = hostTrip(Declared);
    SplitAt = At;
    rewriteSplit(At, Rows);
    return true;
  }

  /// After run() split K by default: Into, a copy of K as it was before,
  /// split the same way in Shape's threads (the analysis is not repeated).
  void splitCopy(Kernel &Into, LaneShape Shape) const {
    LaneReducer C(Into, Nest, Ctx, std::nullopt, Shape);
    C.X = &Into.Grid[0];
    C.L = L;
    C.Reds = Reds;
    C.Kept = Kept;
    C.Deferred = Deferred;
    C.rewriteSplit(SplitAt, SplitRows);
  }

private:
  bool refuse(std::string W, std::string H = "") {
    if (Asked) {
      Why = std::move(W);
      Hint = std::move(H);
    }
    return false;
  }

  /// The split loop's unroll factor: a clause's unroll(k: U) with lanes,
  /// else 4.
  int unrollOfSplit() const {
    auto U = Nest.Clauses.Unroll.find(L->Iter);
    return Asked && U != Nest.Clauses.Unroll.end() ? int(U->second) : 4;
  }

  /// Why lanePoint found no point for threads of its own.
  std::string pointWhy() const {
    if (K.Grid.size() != 1) {
      std::vector<std::string> Loops;
      for (const GridLoop &G : K.Grid)
        Loops.push_back("'" + G.Iter + "'");
      return K.Grid.empty()
                 ? "no loop of the kernel is mapped to the grid"
                 : "the kernel maps " + std::to_string(K.Grid.size()) +
                       " loops (" + llvm::join(Loops, ", ") +
                       ") and the points of one loop get the "
                       "threads";
    }
    if (!K.BandGuard.empty())
      return "the mapped loop's bounds depend on an outer loop";
    return "the mapped loop '" + K.Grid[0].Iter + "' is itself a reduction";
  }

  /// Why laneReductions declined L.
  std::string reductionsWhy() const {
    std::string W;
    const LoopFacts *LF = Ctx.loopFacts(&Nest, L);
    if (!LF || LF->Class != LoopClass::Reduction || LF->Reductions.empty())
      return "it is not a reduction loop";
    if (!canRunReductionInParallel(Ctx, &Nest, L, W) && !W.empty())
      return W;
    return "each of its reductions must target a scalar the point declares "
           "or one element it does not move, as 'acc op= e' on a 4- or "
           "8-byte type, and it may write nothing else";
  }

  /// L's trip count if its bounds read no array, no grid iterator and
  /// nothing the point declares (Declared), else null.
  ExprPtr hostTrip(const std::set<std::string> &Declared) const {
    if (readsArray(*L->Lower) || readsArray(*L->Upper))
      return nullptr;
    std::set<std::string> Names;
    collectVarNames(*L->Lower, Names);
    collectVarNames(*L->Upper, Names);
    for (const std::string &N : Names)
      if (Declared.count(N) || N == X->Iter)
        return nullptr;
    return buildTripCount(*L);
  }

  /// Whether the requested threads suit the form: whole warps along rows,
  /// at most 32 slices across them (32 points share a block).
  bool threadsFit(bool Rows) {
    std::string N = std::to_string(Asked->Threads);
    if (Rows && Asked->Threads % Lanes != 0)
      return refuse("'" + L->Iter +
                        "' reads along rows of its arrays, so its threads are "
                        "whole warps of consecutive iterations; " +
                        N + " is not a multiple of 32",
                    "e.g. 'lanes(" + L->Iter + ": 256)'");
    if (!Rows && Asked->Threads > Lanes)
      return refuse("consecutive points read consecutive elements, so 32 "
                    "points share a block and each gets at most 32 slices of "
                    "threads, not " +
                        N,
                    "e.g. 'lanes(" + L->Iter + ": 16)'");
    uint64_t Threads = Rows ? Asked->Threads : Lanes * Asked->Threads;
    if (unsigned R = Nest.Clauses.MaxRegCount; R && Threads * R > 65536)
      return refuse("with maxrregcount(" + std::to_string(R) +
                        ") its blocks of " + std::to_string(Threads) +
                        " threads need " + std::to_string(Threads * R) +
                        " registers, more than the 65536 an SM has",
                    "lower the limit or the threads");
    return true;
  }

  /// Whether the array writes before L (`y[i] = 0`) may run on the first
  /// thread of a point after L instead of before it: nothing else before L and
  /// nothing in L reads those arrays (besides the accumulators, which lanes
  /// keep apart in their partials), and no scalar they read is assigned
  /// after them.
  bool deferrable() {
    if (Deferred.empty())
      return true;
    std::set<std::string> Written = collectWrittenArrays(Deferred);
    std::set<const ArrayRef *> Reads = collectArrayRefs(L->Body);
    for (const LaneReduction &R : Reds)
      for (const ArrayRef *T : R.Refs)
        Reads.erase(T);
    for (const ArrayRef *Ref : collectArrayRefs(Kept))
      Reads.insert(Ref);
    for (const ArrayRef *Ref : Reads)
      if (Written.count(Ref->Array))
        return false;
    // Kept statements run first now: none may assign what a deferred one
    // reads.
    std::set<std::string> Used;
    collectVarNames(Deferred, Used);
    for (const std::string &N : collectAssignedScalars(Kept))
      if (Used.count(N))
        return false;
    return true;
  }

  /// The point of the mapped loop for grid index c2c_t_x.
  StmtPtr pointDecl() const {
    return decl(X->Iter, X->IterType,
                addL(X->Lower, mulL(lvar("c2c_t_x"), llit(X->Step))));
  }

  /// Lane 0's (or slice 0's) part: the warp's or block's total into each
  /// accumulator, then the array writes before L and the rest of the point.
  StmtList finishPoint(size_t At) const {
    StmtList Out = Deferred, Elements;
    for (const LaneReduction &R : Reds)
      (R.Refs.empty() ? Out : Elements)
          .push_back(
              assign(R.Target, combineReduction(R.Kind, R.Target,
                                                var(R.Part, R.Type), R.Type)));
    // The C touches an element accumulator only inside L: where L runs no
    // iteration, neither may the point (the caller's array need not hold
    // the element; fuzz seed 9303, p02057).
    if (!Elements.empty()) {
      std::string Trip = loopTripName(L->Iter);
      Out.push_back(decl(Trip, ScalarKind::Long, buildTripCount(*L)));
      Out.push_back(
          std::make_shared<IfStmt>(cmpL(BinaryOpKind::GT, lvar(Trip), llit(0)),
                                   std::move(Elements), StmtList{}));
    }
    Out.insert(Out.end(), K.Body.begin() + At + 1, K.Body.end());
    return Out;
  }

  /// The statements of Kept that Uses needs (they declare or assign what
  /// Uses or a needed statement after them reads), in order: a scope that
  /// runs them again declares nothing it does not use.
  StmtList keptFor(const StmtList &Uses) const {
    std::set<std::string> Needed;
    collectVarNames(Uses, Needed);
    StmtList Out;
    for (auto It = Kept.rbegin(); It != Kept.rend(); ++It) {
      std::string Defines;
      if (const auto *D = dyn_cast<DeclStmt>(It->get()))
        Defines = D->Name;
      else if (const auto *A = dyn_cast<AssignStmt>(It->get()))
        if (const auto *V = dyn_cast<VarRef>(A->LHS.get()))
          Defines = V->Name;
      if (!Needed.count(Defines))
        continue;
      Out.insert(Out.begin(), *It);
      collectVarNames(StmtList{*It}, Needed);
    }
    return Out;
  }

  ExprPtr inRange() const {
    return cmpL(BinaryOpKind::LT, lvar("c2c_t_x"), lvar("c2c_trip_x"));
  }

  /// Rows: a block of 32 x Shape.RowWarps threads per point, L over all
  /// of them (consecutive threads on consecutive iterations), each warp's
  /// partials combined with shuffles, the warps' through shared memory.
  /// Columns (!Rows): Shape.ColumnPoints points per block along
  /// threadIdx.x, L split over Shape.Slices rows of threads, the slices'
  /// partials combined through shared memory. (A lanes clause: its threads,
  /// 32 points per block across rows.) Either way thread (0, 0) of a point
  /// combines in order and finishes the point.
  void rewriteSplit(size_t At, bool Rows) {
    int64_t Ways = Rows ? (Asked ? Asked->Threads / Lanes : Shape.RowWarps)
                        : (Asked ? Asked->Threads : Shape.Slices);
    // Points per block: one along rows, Cols across them.
    int64_t Cols = Asked ? PointsPerColumnBlock : Shape.ColumnPoints;
    ExprPtr Tx = builtin("threadIdx", 0), Ty = builtin("threadIdx", 1);
    auto Slot = [&](const LaneReduction &R, ExprPtr Way, ExprPtr Col) {
      auto Ref = std::make_shared<ArrayRef>(
          "c2c_red_" + R.Acc,
          std::vector<ExprPtr>{cast(Way, ScalarKind::Int),
                               cast(Col, ScalarKind::Int)},
          R.Type);
      Ref->Local = true;
      return ExprPtr(Ref);
    };
    auto IsZero = [](ExprPtr E) {
      return bin(BinaryOpKind::EQ, E,
                 std::make_shared<IntLit>(0, ScalarKind::UInt),
                 ScalarKind::Int);
    };
    StmtList Round;
    for (const LaneReduction &R : Reds)
      Round.push_back(decl(R.Part, R.Type, R.Identity));
    StmtList Mine;
    Mine.push_back(pointDecl());
    ExprPtr First = Rows ? addL(mulL(cast(Ty, ScalarKind::Long), llit(Lanes)),
                                cast(Tx, ScalarKind::Long))
                         : Ty;
    StmtList Loop = {
        decl(loopTripName(L->Iter), ScalarKind::Long, buildTripCount(*L)),
        splitLoopOver(*L, First, Rows ? Lanes * Ways : Ways, Reds,
                      unrollOfSplit())};
    StmtList Pre = keptFor(Loop);
    Mine.insert(Mine.end(), Pre.begin(), Pre.end());
    Mine.insert(Mine.end(), Loop.begin(), Loop.end());
    // Five butterfly steps leave every lane with its warp's total.
    if (Rows)
      for (const LaneReduction &R : Reds)
        appendWarpButterfly(Mine, R.Part, R.Acc, R.Kind, R.Type);
    Round.push_back(
        std::make_shared<IfStmt>(inRange(), std::move(Mine), StmtList{}));
    for (const LaneReduction &R : Reds)
      Round.push_back(assign(Slot(R, Ty, Tx), var(R.Part, R.Type)));
    Round.push_back(std::make_shared<BarrierStmt>());
    // The point's first thread combines the others' partials in order and
    // finishes the point; the statements before L it needs run again there
    // (declarations and scalar assignments: no writes).
    StmtList Finish;
    StmtList Combine;
    for (const LaneReduction &R : Reds)
      Combine.push_back(
          assign(var(R.Part, R.Type),
                 combineReduction(R.Kind, var(R.Part, R.Type),
                                  Slot(R, ivar("c2c_s"), Rows ? ilit(0) : Tx),
                                  R.Type)));
    Finish.push_back(std::make_shared<ForStmt>("c2c_s", ScalarKind::Int,
                                               ilit(1), LoopCmp::LT, ilit(Ways),
                                               1, std::move(Combine)));
    Finish.push_back(pointDecl());
    StmtList Rest = finishPoint(At);
    StmtList Before = keptFor(Rest);
    Finish.insert(Finish.end(), Before.begin(), Before.end());
    Finish.insert(Finish.end(), Rest.begin(), Rest.end());
    ExprPtr Leader = IsZero(Ty);
    if (Rows)
      Leader = andE(IsZero(Tx), Leader);
    Round.push_back(std::make_shared<IfStmt>(andE(Leader, inRange()),
                                             std::move(Finish), StmtList{}));
    // The next round writes the slots again.
    Round.push_back(std::make_shared<BarrierStmt>());
    StmtList New;
    for (const LaneReduction &R : Reds) {
      auto D = std::make_shared<DeclStmt>("c2c_red_" + R.Acc, R.Type, nullptr);
      D->Dims = {Ways, Rows ? Lanes : Cols};
      D->Storage = StorageKind::Shared;
      New.push_back(D);
    }
    StmtList Body =
        pointRounds(*X, Rows ? 1 : Cols, Rows ? llit(0) : Tx, std::move(Round));
    New.insert(New.end(), Body.begin(), Body.end());
    std::string N = std::to_string(Ways);
    if (Rows)
      finish(std::move(New), Ways, 1,
             "mapped " + X->Iter + " -> blocks (one block of 32x" + N +
                 " threads per " + X->Iter + "), '" + L->Iter +
                 "' over its threads: consecutive threads read consecutive "
                 "elements; the partial results combined with warp shuffles" +
                 (Ways > 1 ? ", then across the " + N +
                                 " warps in shared memory, into "
                           : " into "));
    else
      finish(std::move(New), Ways, Cols,
             "mapped " + X->Iter + " -> x (" + std::to_string(Cols) +
                 " per block), '" + L->Iter + "' split over " + N +
                 " slices of threads (threadIdx.y; slice s runs iterations s, "
                 "s + " +
                 N +
                 ", ...): the slices' partial results combined "
                 "through shared memory into ");
  }

  /// K becomes an explicit-thread kernel taking PerBlock points per block:
  /// 32 x BlockY threads along rows (PerBlock 1), PerBlock x BlockY across
  /// them.
  void finish(StmtList New, int64_t BlockY, int64_t PerBlock,
              const std::string &Remark) {
    const GridLoop G = *X;
    std::string What;
    for (const LaneReduction &R : Reds)
      What += (What.empty() ? "" : ", ") + R.Shown + " (allowed by " +
              R.Permission + ")";
    // MapToGrid said L runs in each thread; no longer.
    std::string Seq = L->Iter + " runs sequentially in each thread";
    std::string Mapped = "mapped " + G.Iter + " -> x";
    auto Stale = [&](const std::string &Rm) {
      return Rm.compare(0, Seq.size(), Seq) == 0 ||
             Rm.compare(0, Mapped.size(), Mapped) == 0;
    };
    llvm::erase_if(K.Remarks, Stale);
    K.Remarks.push_back(Remark + What);
    // A clause's schedule is the one used: map, unroll and maxrregcount
    // as MapToGrid took them, the block lanes' own.
    NestSchedule Used;
    if (Asked) {
      Used = K.Schedule;
      Used.Block.clear();
      Used.Lanes = {{Asked->Loop, static_cast<unsigned>(Asked->Threads)}};
    }
    makeLaneKernel(K, std::move(New), G, BlockY, PerBlock, Used,
                   PerBlock > 1 ? PerBlock : Lanes);
  }

  Kernel &K;
  const NestStmt &Nest;
  const LoweringContext &Ctx;
  std::optional<LanesRequest> Asked;
  LaneShape Shape;
  const GridLoop *X = nullptr;
  const ForStmt *L = nullptr;
  /// L's place in the point's statements.
  size_t SplitAt = 0;
  std::vector<LaneReduction> Reds;
  /// The statements before L: run by every lane (declarations and scalar
  /// assignments), or by lane 0 after L (array writes).
  StmtList Kept, Deferred;
};

/// K split by default, and copies of K as it was in fewer threads, each
/// with the host's test for it (a trip count at most a limit): along rows
/// whose trip count the host knows, fewer warps per point
/// (RowWarpsByLength); across rows, fewer points per block over more
/// slices (ColumnPointsByCount, on the mapped loop's trip count).
std::vector<std::pair<ExprPtr, Kernel>>
splitByDefault(Kernel &K, const NestStmt &Nest, const LoweringContext &Ctx) {
  Kernel Original = K;
  LaneReducer R(K, Nest, Ctx);
  std::vector<std::pair<ExprPtr, Kernel>> Copies;
  if (!R.run())
    return Copies;
  // The mapped loop (run() split only kernels with one), named in remarks.
  const std::string &Point = Original.Grid[0].Iter;
  // Rows: the split loop's trip count where the host knows it; columns:
  // the mapped loop's (the host sizes the grid by it).
  ExprPtr Trip = R.SplitRows ? R.HostTrip : Original.Grid[0].TripCount;
  if (!Trip)
    return Copies;
  // Each copy: the limit, its threads, its name's suffix and how the
  // remark shows them.
  struct SmallerShape {
    int64_t Limit;
    LaneShape Shape;
    std::string Suffix, Shown;
  };
  std::vector<SmallerShape> Shapes;
  if (R.SplitRows)
    for (const auto &[Length, Warps] : RowWarpsByLength) {
      LaneShape S;
      S.RowWarps = Warps;
      std::string N = std::to_string(Warps);
      Shapes.push_back({Length, S, N + "warps", N + " warps per " + Point});
    }
  else
    for (const auto &[Count, Points] : ColumnPointsByCount) {
      LaneShape S;
      S.ColumnPoints = Points;
      S.Slices = ColumnBlockThreads / Points;
      std::string N = std::to_string(Points);
      Shapes.push_back({Count, S, N + "points",
                        N + " per block, '" + R.SplitLoop + "' over " +
                            std::to_string(S.Slices) + " slices"});
    }
  std::string Shown;
  for (const SmallerShape &Sm : Shapes) {
    Kernel C = Original;
    R.splitCopy(C, Sm.Shape);
    C.Name = K.Name + "_" + Sm.Suffix;
    C.IsAlternative = true;
    Shown += std::string(Shown.empty() ? "" : ", at most ") +
             std::to_string(Sm.Limit) + " " + C.Name + " (" + Sm.Shown + ")";
    Copies.push_back(
        {build::cmpL(BinaryOpKind::LE, freshCopy(Trip), build::llit(Sm.Limit)),
         std::move(C)});
  }
  if (!Copies.empty())
    K.Remarks.push_back("where '" + (R.SplitRows ? R.SplitLoop : Point) +
                        "' runs at most " + Shown +
                        " runs instead: the host tests its trip count at "
                        "the launch");
  return Copies;
}

/// LF with the copies Smaller holds for kernel I appended as alternatives,
/// and each launch of I replaced by the host's tests choosing among them
/// and I.
void launchBySize(
    LoweredFunction &LF,
    std::map<size_t, std::vector<std::pair<ExprPtr, Kernel>>> Smaller) {
  std::map<size_t, std::vector<std::pair<ExprPtr, size_t>>> Tests;
  for (auto &[I, Copies] : Smaller)
    for (auto &[Test, C] : Copies) {
      Tests[I].push_back({Test, LF.Kernels.size()});
      LF.Kernels.push_back(std::move(C));
    }
  if (Tests.empty())
    return;
  LF.HostBody = rewriteHostLists(LF.HostBody, [&](const StmtList &List) {
    StmtList Out;
    for (const StmtPtr &S : List) {
      const auto *A = dyn_cast<LaunchStmt>(S.get());
      auto T = A ? Tests.find(A->KernelIndex) : Tests.end();
      if (T == Tests.end()) {
        Out.push_back(S);
        continue;
      }
      // if (trip <= 2048) launch the 2-warp copy; else if ... else S.
      StmtList Chain{S};
      for (auto It = T->second.rbegin(); It != T->second.rend(); ++It)
        Chain = {std::make_shared<IfStmt>(
            It->first,
            StmtList{std::make_shared<LaunchStmt>(It->second, A->Loc)},
            std::move(Chain), A->Loc)};
      Out.insert(Out.end(), Chain.begin(), Chain.end());
    }
    return Out;
  });
}

} // namespace

LoweredFunction reduceAcrossLanes(LoweredFunction LF,
                                  const LoweringContext &Ctx, bool ByDefault) {
  // Nests with a lanes clause, and whether a kernel took it or said why not.
  std::map<unsigned, bool> Handled;
  // Loops run inside each thread of those nests, and mapped ones, for
  // messages.
  std::map<unsigned, std::set<std::string>> InThread, Mapped;
  // Kernels split along rows by default whose row length the host knows:
  // the copies in fewer warps, and the test that launches each.
  std::map<size_t, std::vector<std::pair<ExprPtr, Kernel>>> Smaller;
  for (size_t I = 0; I < LF.Kernels.size(); ++I) {
    Kernel &K = LF.Kernels[I];
    const NestStmt *Nest = Ctx.nest(K.NestId);
    if (!Nest)
      continue;
    if (Nest->scheduledByDefault()) {
      if (ByDefault)
        if (auto Copies = splitByDefault(K, *Nest, Ctx); !Copies.empty())
          Smaller[I] = std::move(Copies);
      continue;
    }
    if (Nest->Clauses.Lanes.empty())
      continue;
    const auto &[Loop, Threads] = *Nest->Clauses.Lanes.begin();
    bool Holds = false;
    for (const GridLoop &G : K.Grid)
      Mapped[Nest->Id].insert(G.Iter);
    forEachStmt(K.Body, [&](const Stmt &S) {
      if (const auto *F = dyn_cast<ForStmt>(&S)) {
        InThread[Nest->Id].insert(F->Iter);
        Holds |= F->Iter == Loop;
      }
    });
    Handled.emplace(Nest->Id, false);
    if (!Holds)
      continue;
    LaneReducer R(K, *Nest, Ctx, LanesRequest{Loop, Threads});
    Handled[Nest->Id] = true;
    if (R.run())
      continue;
    Ctx.Diags.error(Nest->clauseLoc("lanes"),
                    "clause 'lanes(" + Loop + ": " + std::to_string(Threads) +
                        ")'" + Nest->originText() + " cannot split loop '" +
                        Loop + "' over threads: " + R.Why,
                    R.Hint.empty() ? "leave the clause out to run '" + Loop +
                                         "' in one thread per point"
                                   : R.Hint);
  }
  launchBySize(LF, std::move(Smaller));
  for (const auto &[Id, Done] : Handled) {
    if (Done)
      continue;
    const NestStmt *Nest = Ctx.nest(Id);
    const std::string &Loop = Nest->Clauses.Lanes.begin()->first;
    if (Mapped[Id].count(Loop)) {
      std::string Other;
      for (const std::string &N : Mapped[Id])
        if (N != Loop && Other.empty())
          Other = N;
      Ctx.Diags.error(Nest->clauseLoc("lanes"),
                      "loop '" + Loop + "' in clause 'lanes'" +
                          Nest->originText() + " is mapped to the grid",
                      Other.empty()
                          ? "lanes splits a loop inside each point"
                          : "lanes splits a loop inside each point; map "
                            "another loop alone, e.g. 'map(" +
                                Other + ": x)'");
      continue;
    }
    Ctx.Diags.error(
        Nest->clauseLoc("lanes"),
        "loop '" + Loop + "' in clause 'lanes'" + Nest->originText() +
            " is not a loop run inside each thread",
        "lanes splits a reduction loop inside each point; here: " +
            (InThread[Id].empty() ? std::string("none")
                                  : llvm::join(InThread[Id], ", ")));
  }
  return LF;
}

} // namespace c2cuda
