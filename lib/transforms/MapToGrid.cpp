//===- MapToGrid.cpp - Parallel loops onto the CUDA grid ------------------===//

#include "MapToGrid.h"

#include "analysis/BandBox.h"
#include "schedule/ScheduleCheck.h"

#include "llvm/ADT/StringExtras.h"

#include "IRQueries.h"
#include "TripCount.h"

#include <algorithm>
#include <map>
#include <set>

using namespace llvm;

namespace c2cuda {

namespace {

const char *const DimName[3] = {"x", "y", "z"};

std::string join(const std::vector<std::string> &Parts, const char *Sep) {
  return llvm::join(Parts, Sep);
}

std::string blockText(const std::vector<unsigned> &B, const char *Sep) {
  std::vector<std::string> Parts;
  for (unsigned V : B)
    Parts.push_back(std::to_string(V));
  return join(Parts, Sep);
}

std::vector<unsigned> defaultBlock(size_t Rank) {
  switch (Rank) {
  case 1:
    return {256};
  case 2:
    return {32, 8};
  default:
    return {32, 4, 2};
  }
}

bool boundsRead(const ForStmt &For, const std::set<std::string> &Names,
                std::string &Which) {
  std::set<std::string> Used;
  collectVarNames(*For.Lower, Used);
  collectVarNames(*For.Upper, Used);
  for (const std::string &N : Names)
    if (Used.count(N)) {
      Which = N;
      return true;
    }
  return false;
}

bool boundsReadArray(const ForStmt &For) {
  return readsArray(*For.Lower) || readsArray(*For.Upper);
}

/// The three loops of a band of more than three to map, as positions in
/// Band, taken from Preferred (the band's loops best first). The first is
/// Preferred's; each other is the best loop that reads a different set of
/// read-only arrays than the loops taken so far, when there is one. Loops
/// reading the same arrays are alike for reuse: in a convolution n, p and q
/// all index only the input and k only the filter, so the grid keeps k
/// (and with it the filter shared by a block's threads along the others)
/// wherever the source wrote it, rather than two or three loops of one
/// kind. Positions come back in Preferred's order.
std::vector<size_t> chooseThreeForGrid(const Kernel &K,
                                       const std::vector<const ForStmt *> &Band,
                                       const std::vector<size_t> &Preferred) {
  std::map<std::string, std::set<std::string>> Uses =
      readOnlyIterators(K.Body, collectWrittenArrays(K.Body));
  auto ReadBy = [&](size_t L) {
    std::set<std::string> Arrays;
    for (const auto &[Array, Iters] : Uses)
      if (Iters.count(Band[L]->Iter))
        Arrays.insert(Array);
    return Arrays;
  };
  std::vector<size_t> Taken{Preferred.front()};
  std::set<std::set<std::string>> Kinds{ReadBy(Preferred.front())};
  while (Taken.size() < 3) {
    size_t Pick = Band.size();
    for (size_t L : Preferred) {
      if (std::find(Taken.begin(), Taken.end(), L) != Taken.end())
        continue;
      if (Pick == Band.size())
        Pick = L;
      if (!Kinds.count(ReadBy(L))) {
        Pick = L;
        break;
      }
    }
    Taken.push_back(Pick);
    Kinds.insert(ReadBy(Pick));
  }
  std::vector<size_t> Out;
  for (size_t L : Preferred)
    if (std::find(Taken.begin(), Taken.end(), L) != Taken.end())
      Out.push_back(L);
  return Out;
}

/// Per band loop: how many references are contiguous along it (writes
/// count twice) and which arrays they are.
struct BandContiguity {
  std::vector<int> Score;
  std::vector<std::vector<std::string>> Arrays;
};

/// What map() decided, for its remarks.
struct MappingDone {
  const std::vector<size_t> &Order; ///< Band positions on x, y, z.
  const std::vector<const ForStmt *> &Unmapped;
  const std::set<std::string> &Clipped; ///< Loops run over the band's box.
  const std::set<std::string> &BandIters;
  const std::vector<std::string> &Mapped; ///< "j -> x", ...
  const std::vector<std::vector<std::string>> &Contiguous;
  const std::vector<unsigned> &Block;
  bool UserMap;
};

class Mapper {
public:
  explicit Mapper(const LoweringContext &Ctx) : Ctx(Ctx) {}
  std::vector<const ForStmt *> findBand(const Kernel &K) const;
  void map(Kernel &K, const std::vector<const ForStmt *> &Band);
  void mapSingleThread(Kernel &K);
  /// Band ranks of the kernels of each nest, for the block clause.
  std::map<unsigned, std::set<size_t>> NestRanks;
  /// Applies thread(...), unroll(...) and maxrregcount(...) to a mapped or
  /// single-thread kernel and records the schedule used in K.Schedule.
  void finishSchedule(Kernel &K);
  /// Errors for schedule clauses that named loops no kernel could use.
  void checkUnused(const NestStmt &Nest) const;
  /// Per nest: the loops of map/thread/unroll clauses some kernel used.
  std::map<unsigned, std::set<std::string>> UsedMap, UsedThread, UsedUnroll;
  /// Per nest: in-thread and mapped loops of its kernels, for messages.
  std::map<unsigned, std::set<std::string>> InThreadLoops, MappedLoops;
  /// Per nest: kernels whose band holds part of the map clause's loops.
  std::map<unsigned, std::string> PartialMap;

private:
  const LoweringContext &Ctx;
  std::set<unsigned> BlockDiagnosed; ///< Nests whose clause was diagnosed.

  std::vector<unsigned> chooseBlock(Kernel &K,
                                    const std::vector<const ForStmt *> &Band);
  BandContiguity contiguity(const Kernel &K,
                            const std::vector<const ForStmt *> &Band) const;
  /// map(...) clause: the named loops, in dimension order, replace Order
  /// when this band holds all of them (true); else Order stays.
  bool applyMapClause(const Kernel &K, const std::vector<const ForStmt *> &Band,
                      std::vector<size_t> &Order,
                      std::vector<const ForStmt *> &Unmapped);
  /// The remarks on a mapped kernel: the mapping, the loop on x and why
  /// each loop left in the body runs sequentially.
  void explain(Kernel &K, const std::vector<const ForStmt *> &Band,
               const MappingDone &M) const;
};

SourceLoc blockClauseLoc(const NestStmt &Nest) {
  return Nest.clauseLoc("block");
}

/// The loop of the nest with iterator Name (first in source order), or null.
const ForStmt *findLoop(const NestStmt &Nest, const std::string &Name) {
  const ForStmt *Found = nullptr;
  forEachStmt(Nest.Body, [&](const Stmt &S) {
    const auto *L = dyn_cast<ForStmt>(&S);
    if (L && !Found && L->Iter == Name)
      Found = L;
  });
  return Found;
}

std::string listText(const std::set<std::string> &S) {
  if (S.empty())
    return "none";
  return join(std::vector<std::string>(S.begin(), S.end()), ", ");
}

void Mapper::finishSchedule(Kernel &K) {
  const NestStmt *Nest = Ctx.nest(K.NestId);
  NestSchedule &Used = K.Schedule;
  Used = NestSchedule();
  for (const GridLoop &G : K.Grid)
    Used.Map.emplace_back(G.Iter, G.Dim);
  std::sort(Used.Map.begin(), Used.Map.end(),
            [](const auto &A, const auto &B) { return A.second < B.second; });
  for (size_t D = 0; D < K.Grid.size(); ++D)
    Used.Block.push_back(K.Block[D]);
  if (!Nest)
    return;
  const NestSchedule &S = Nest->Clauses;
  unsigned Id = Nest->Id;
  for (GridLoop &G : K.Grid) {
    MappedLoops[Id].insert(G.Iter);
    auto It = S.Thread.find(G.Iter);
    if (It == S.Thread.end())
      continue;
    G.Coarsen = It->second;
    Used.Thread[G.Iter] = It->second;
    UsedThread[Id].insert(G.Iter);
  }
  forEachStmt(K.Body, [&](const Stmt &St) {
    const auto *L = dyn_cast<ForStmt>(&St);
    if (!L)
      return;
    InThreadLoops[Id].insert(L->Iter);
    auto It = S.Unroll.find(L->Iter);
    if (It == S.Unroll.end())
      return;
    Used.Unroll[L->Iter] = It->second;
    UsedUnroll[Id].insert(L->Iter);
  });
  if (S.MaxRegCount) {
    uint64_t Threads = 1;
    for (size_t D = 0; D < K.Grid.size(); ++D)
      Threads *= K.Block[D];
    if (Threads * S.MaxRegCount > 65536) {
      Ctx.Diags.error(Nest->clauseLoc("maxrregcount"),
                      "maxrregcount(" + std::to_string(S.MaxRegCount) + ")" +
                          Nest->originText() + " with blocks of " +
                          std::to_string(Threads) + " threads needs " +
                          std::to_string(Threads * S.MaxRegCount) +
                          " registers per block, more than the 65536 an SM "
                          "has",
                      "lower the limit or the block size");
      return;
    }
    Used.MaxRegCount = S.MaxRegCount;
  }
}

void Mapper::checkUnused(const NestStmt &Nest) const {
  unsigned Id = Nest.Id;
  auto Get = [](const std::map<unsigned, std::set<std::string>> &M,
                unsigned Id) {
    auto It = M.find(Id);
    return It == M.end() ? std::set<std::string>() : It->second;
  };
  const NestSchedule &S = Nest.Clauses;
  std::string From = Nest.originText();
  if (!S.Map.empty()) {
    // Dimensions must be x, x y or x y z: the grid has no holes.
    std::vector<bool> Has(3, false);
    for (const auto &[L, D] : S.Map)
      Has[D] = true;
    bool Holes = false;
    for (size_t D = 0; D < S.Map.size(); ++D)
      Holes |= !Has[D];
    std::set<std::string> Used = Get(UsedMap, Id);
    if (Holes) {
      Ctx.Diags.error(Nest.clauseLoc("map"),
                      "clause '" + S.str().substr(0, S.str().find(')') + 1) +
                          "'" + From +
                          " leaves a grid dimension out: map loops to x, "
                          "then y, then z",
                      "e.g. 'map(j: x, i: y)'");
    } else if (Used.empty()) {
      for (const auto &[Name, D] : S.Map) {
        const ForStmt *L = findLoop(Nest, Name);
        std::string Why;
        if (!L)
          Why = "it is not a loop of this nest";
        else if (!Ctx.isMappable(&Nest, L))
          Why = "it is not parallel: " + Ctx.notParallelReason(&Nest, L);
        else
          Why = "it is not in the nest's mappable band (parallel loops "
                "perfectly nested at the top of a kernel, with bounds that "
                "read no array and are affine in the outer band loops)";
        auto P = PartialMap.find(Id);
        if (L && Ctx.isMappable(&Nest, L) && P != PartialMap.end())
          Why = P->second;
        Ctx.Diags.error(Nest.clauseLoc("map"),
                        "loop '" + Name + "' in clause 'map'" + From +
                            " cannot be mapped to the grid: " + Why,
                        "map loops of the band: " +
                            listText(Get(MappedLoops, Id)));
        break;
      }
    }
  }
  std::set<std::string> UsedT = Get(UsedThread, Id);
  for (const auto &[Name, E] : S.Thread)
    if (!UsedT.count(Name))
      Ctx.Diags.error(Nest.clauseLoc("thread"),
                      "loop '" + Name + "' in clause 'thread'" + From +
                          " is not mapped to the grid",
                      "thread coarsening applies to mapped loops; mapped "
                      "here: " +
                          listText(Get(MappedLoops, Id)));
  std::set<std::string> UsedU = Get(UsedUnroll, Id);
  for (const auto &[Name, F] : S.Unroll)
    if (!UsedU.count(Name))
      Ctx.Diags.error(Nest.clauseLoc("unroll"),
                      "loop '" + Name + "' in clause 'unroll'" + From +
                          " is not a loop run inside each thread",
                      "unroll applies to loops in each thread; here: " +
                          listText(Get(InThreadLoops, Id)));
}

void Mapper::mapSingleThread(Kernel &K) {
  const NestStmt *Nest = Ctx.nest(K.NestId);
  K.Grid.clear();
  std::string Why;
  // The first loop at the top of the kernel says why nothing is mapped.
  const ForStmt *Outer = nullptr;
  for (const StmtPtr &S : K.Body)
    if ((Outer = dyn_cast<ForStmt>(S.get())))
      break;
  // For a reduction loop: how to allow it, or what stops it.
  std::string ReductionWhy;
  if (Outer && !Ctx.isMappable(Nest, Outer))
    Ctx.reductionParallel(Nest, Outer, &ReductionWhy);
  if (!ReductionWhy.empty()) {
    Why = ReductionWhy;
  } else if (Outer && !Ctx.isMappable(Nest, Outer)) {
    Why = "no parallel loop: " + Ctx.notParallelReason(Nest, Outer);
    // A scalar declared outside the nest: say how to make it private.
    const LoopFacts *LF = Ctx.loopFacts(Nest, Outer);
    const NestFacts *NF = Ctx.nestFacts(Nest);
    if (LF && NF && LF->Blocking &&
        LF->Blocking->SourceRef == LF->Blocking->SinkRef &&
        NF->ScalarsWritten.count(LF->Blocking->SourceRef)) {
      const std::string &V = LF->Blocking->SourceRef;
      Why += "; '" + V +
             "' is one variable for all iterations: if each iteration "
             "writes it before reading it, declare it inside the loop (c2cuda "
             "does so itself only when nothing else reads the value it leaves)";
    }
  } else if (Outer && K.Body.size() == 1) {
    Why = "'" + Outer->Iter +
          "' is parallel but its bounds read an array, so the grid cannot "
          "be sized before the launch";
  } else if (Outer) {
    Why = "'" + Outer->Iter +
          "' is parallel but shares its kernel with other statements that "
          "declare or use a local scalar";
  } else {
    bool AnyLoop = false;
    forEachStmt(K.Body, [&](const Stmt &S) { AnyLoop |= isa<ForStmt>(S); });
    Why = AnyLoop ? "no loop to map: the loops are under an 'if' that must "
                    "run in the kernel"
                  : "no parallel loop: the statements are not in a loop";
  }
  K.RemarkGroups[K.Remarks.size()] = "serial-kernel";
  K.Remarks.push_back(Why + "; runs as a single thread");
  if (Nest && !Nest->Clauses.Block.empty() && NestRanks[Nest->Id].empty() &&
      BlockDiagnosed.insert(Nest->Id).second)
    Ctx.Diags.warning(
        blockClauseLoc(*Nest),
        "block(" + blockText(Nest->Clauses.Block, ", ") +
            ") is ignored: no loop of this nest is mapped to the grid",
        "remove the clause, or make the outer loop parallel");
}

std::vector<unsigned>
Mapper::chooseBlock(Kernel &K, const std::vector<const ForStmt *> &Band) {
  std::vector<unsigned> Default = defaultBlock(Band.size());
  const NestStmt *Nest = Ctx.nest(K.NestId);
  if (!Nest || Nest->Clauses.Block.empty())
    return Default;
  const std::vector<unsigned> &B = Nest->Clauses.Block;
  SourceLoc Loc = blockClauseLoc(*Nest);
  std::string Clause = "block(" + blockText(B, ", ") + ")";
  std::string Example = "block(" + blockText(Default, ", ") + ")";
  // Report a bad clause once per nest, not once per kernel.
  auto Error = [&](const std::string &Msg, const std::string &Hint) {
    if (BlockDiagnosed.insert(Nest->Id).second)
      Ctx.Diags.error(Loc, Msg, Hint);
    return Default;
  };

  // The producers checked the sizes already (schedule/ScheduleCheck.h);
  // IR built otherwise meets the same rule here.
  NestSchedule Sizes;
  Sizes.Block = B;
  if (auto P = checkScheduleValues(Sizes, {"block"}))
    return Error(P->Message, P->Hint);
  if (B.size() == Band.size())
    return B;
  if (NestRanks[Nest->Id].count(B.size())) {
    // The clause fits other kernels of this nest; this one keeps the default.
    K.Remarks.push_back(Clause + " applies to the " + std::to_string(B.size()) +
                        "-D kernels of this nest; this one uses the default");
    return Default;
  }
  std::vector<std::string> Iters;
  for (const ForStmt *L : Band)
    Iters.push_back("'" + L->Iter + "'");
  return Error(Clause + " has " + std::to_string(B.size()) +
                   (B.size() == 1 ? " size" : " sizes") +
                   " but this nest maps " + std::to_string(Band.size()) +
                   (Band.size() == 1 ? " loop" : " loops") + " to the grid (" +
                   join(Iters, ", ") + ")",
               "give one size per mapped loop, e.g. " + Example);
}

std::vector<const ForStmt *> Mapper::findBand(const Kernel &K) const {
  const NestStmt *Nest = Ctx.nest(K.NestId);
  const auto *Outer =
      K.Body.size() == 1 ? dyn_cast<ForStmt>(K.Body.front().get()) : nullptr;
  if (!Outer || !Ctx.isMappable(Nest, Outer) || boundsReadArray(*Outer))
    return {};
  // Perfectly nested parallel loops with rectangular bounds. A band that
  // starts with a reduction loop may take further reduction loops (their
  // statements become atomic too) but no more than the grid maps, so that
  // every reduction loop of the band runs in parallel; one that starts with
  // a parallel loop takes parallel loops only, leaving reductions in each
  // thread without atomics.
  //
  // A loop whose bounds read earlier band iterators (a triangle) joins when
  // BandBox handles its bounds; the band then stops at three loops, so that
  // every loop of it is mapped (unless a map(...) clause leaves some out)
  // and the box and its guard are the grid's.
  bool ReductionBand = !Ctx.isParallel(Nest, Outer);
  bool Rectangular = true;
  std::vector<const ForStmt *> Band{Outer};
  std::set<std::string> BandIters{Outer->Iter};
  std::string Dummy;
  for (;;) {
    const ForStmt *Cur = Band.back();
    const auto *Next = Cur->Body.size() == 1
                           ? dyn_cast<ForStmt>(Cur->Body.front().get())
                           : nullptr;
    if (!Next ||
        !(ReductionBand ? Ctx.isMappable(Nest, Next)
                        : Ctx.isParallel(Nest, Next)) ||
        boundsReadArray(*Next) || (ReductionBand && Band.size() == 3) ||
        (!Rectangular && Band.size() == 3))
      break;
    if (boundsRead(*Next, BandIters, Dummy)) {
      if (Band.size() == 3 || !analysis::bandBoundsOK(*Next, BandIters))
        break;
      Rectangular = false;
    }
    Band.push_back(Next);
    BandIters.insert(Next->Iter);
  }
  return Band;
}

BandContiguity
Mapper::contiguity(const Kernel &K,
                   const std::vector<const ForStmt *> &Band) const {
  const NestStmt *Nest = Ctx.nest(K.NestId);
  std::set<const ArrayRef *> Refs = collectArrayRefs(K.Body);
  BandContiguity C;
  C.Score.assign(Band.size(), 0);
  C.Arrays.resize(Band.size());
  if (const NestFacts *NF = Ctx.nestFacts(Nest)) {
    for (const RefFacts &R : NF->Refs) {
      if (!R.Ref || !Refs.count(R.Ref))
        continue;
      for (size_t L = 0; L < Band.size(); ++L) {
        auto It = R.ConstStride.find(Band[L]->Iter);
        if (It == R.ConstStride.end() || (It->second != 1 && It->second != -1))
          continue;
        C.Score[L] += R.IsWrite ? 2 : 1;
        auto &A = C.Arrays[L];
        if (std::find(A.begin(), A.end(), R.Ref->Array) == A.end())
          A.push_back(R.Ref->Array);
      }
    }
  }
  return C;
}

bool Mapper::applyMapClause(const Kernel &K,
                            const std::vector<const ForStmt *> &Band,
                            std::vector<size_t> &Order,
                            std::vector<const ForStmt *> &Unmapped) {
  // map(...) clause: the named loops, in dimension order, replace the
  // choice above when this band holds all of them (any permutation of the
  // band is legal, see MapToGrid.h); the band's other loops run in each
  // thread. A band holding only some of them is an error.
  const NestStmt *Nest = Ctx.nest(K.NestId);
  if (!Nest || Nest->Clauses.Map.empty())
    return false;
  std::vector<std::pair<unsigned, size_t>> ByDim;
  std::vector<std::string> Missing;
  for (const auto &[Name, D] : Nest->Clauses.Map) {
    size_t Found = Band.size();
    for (size_t L = 0; L < Band.size(); ++L)
      if (Band[L]->Iter == Name)
        Found = L;
    if (Found == Band.size())
      Missing.push_back(Name);
    else
      ByDim.emplace_back(D, Found);
  }
  if (Missing.empty()) {
    std::sort(ByDim.begin(), ByDim.end());
    Order.clear();
    for (const auto &[D, L] : ByDim)
      Order.push_back(L);
    Unmapped.clear();
    for (size_t L = 0; L < Band.size(); ++L)
      if (std::find(Order.begin(), Order.end(), L) == Order.end())
        Unmapped.push_back(Band[L]);
    for (const auto &[Name, D] : Nest->Clauses.Map)
      UsedMap[Nest->Id].insert(Name);
    return true;
  }
  if (!ByDim.empty()) {
    std::vector<std::string> Iters;
    for (const ForStmt *L : Band)
      Iters.push_back(L->Iter);
    PartialMap[Nest->Id] = "the band of one kernel of this nest is (" +
                           join(Iters, ", ") + ") and lacks '" +
                           Missing.front() + "'";
  }
  return false;
}

void Mapper::map(Kernel &K, const std::vector<const ForStmt *> &Band) {
  std::set<std::string> BandIters;
  for (const ForStmt *L : Band)
    BandIters.insert(L->Iter);

  BandContiguity C = contiguity(K, Band);
  std::vector<int> &Score = C.Score;
  // Innermost first, so that ties keep C's innermost loop on x.
  std::vector<size_t> Order;
  for (size_t L = Band.size(); L-- > 0;)
    Order.push_back(L);
  std::stable_sort(Order.begin(), Order.end(),
                   [&](size_t A, size_t B) { return Score[A] > Score[B]; });
  // The grid has three dimensions: three band loops are mapped, the others
  // run in each thread, in their original order around the body.
  std::vector<const ForStmt *> Unmapped;
  if (Order.size() > 3) {
    Order = chooseThreeForGrid(K, Band, Order);
    std::vector<bool> IsMapped(Band.size(), false);
    for (size_t D = 0; D < 3; ++D)
      IsMapped[Order[D]] = true;
    for (size_t L = 0; L < Band.size(); ++L)
      if (!IsMapped[L])
        Unmapped.push_back(Band[L]);
    Order.resize(3);
  }
  bool UserMap = applyMapClause(K, Band, Order, Unmapped);
  std::vector<const ForStmt *> MappedBand;
  for (size_t L = 0; L < Band.size(); ++L)
    if (std::find(Order.begin(), Order.end(), L) != Order.end())
      MappedBand.push_back(Band[L]);

  std::vector<unsigned> Block = chooseBlock(K, MappedBand);
  // A triangular band: its loops with bounds reading band iterators run
  // their range over the whole band, and BandGuard keeps the band's points.
  analysis::BandBox Box = analysis::bandBox(Band);
  std::set<std::string> Earlier, Clipped;
  for (const ForStmt *L : Band) {
    if (analysis::boundsReadAny(*L, Earlier))
      Clipped.insert(L->Iter);
    Earlier.insert(L->Iter);
  }
  K.BandGuard = Box.Constraints;
  K.Grid.clear();
  std::vector<std::string> Mapped;
  for (size_t D = 0; D < Order.size(); ++D) {
    const ForStmt *L = Band[Order[D]];
    GridLoop G = gridLoopFor(*L, D);
    if (Clipped.count(L->Iter)) {
      G.Lower = Box.Lo[Order[D]];
      G.TripCount =
          buildTripCount(Box.Lo[Order[D]], LoopCmp::LE, Box.Hi[Order[D]], 1);
    }
    K.Grid.push_back(std::move(G));
    K.Block[D] = Block[D];
    Mapped.push_back(L->Iter + " -> " + DimName[D]);
  }
  K.FitBlockToTrip = K.Grid.size() == 1 && K.Grid[0].Coarsen == 1;
  K.Body = Band.back()->Body;
  // With band loops in each thread (a map clause leaves them out), the
  // guard may read their iterators: it goes inside them.
  if (!Unmapped.empty() && !K.BandGuard.empty()) {
    std::map<std::string, ScalarKind> Types;
    for (const ForStmt *L : Band)
      Types[L->Iter] = L->IterType;
    K.Body = {std::make_shared<IfStmt>(
        analysis::constraintsHold(K.BandGuard, Types), K.Body, StmtList{})};
    K.BandGuard.clear();
  }
  K.InThreadBand.clear();
  for (const ForStmt *L : Unmapped)
    K.InThreadBand.push_back(L->Iter);
  for (auto It = Unmapped.rbegin(); It != Unmapped.rend(); ++It) {
    const ForStmt *L = *It;
    K.Body = {std::make_shared<ForStmt>(L->Iter, L->IterType, L->Lower, L->Cmp,
                                        L->Upper, L->Step, K.Body, L->Loc)};
  }

  explain(
      K, Band,
      {Order, Unmapped, Clipped, BandIters, Mapped, C.Arrays, Block, UserMap});
}

void Mapper::explain(Kernel &K, const std::vector<const ForStmt *> &Band,
                     const MappingDone &M) const {
  const NestStmt *Nest = Ctx.nest(K.NestId);
  const std::vector<size_t> &Order = M.Order;
  const std::vector<const ForStmt *> &Unmapped = M.Unmapped;
  const std::set<std::string> &Clipped = M.Clipped;
  const std::set<std::string> &BandIters = M.BandIters;
  bool UserMap = M.UserMap;
  if (UserMap)
    K.Remarks.push_back("map clause" + Nest->originText() + ": " +
                        join(M.Mapped, ", "));
  K.Remarks.push_back("mapped " + join(M.Mapped, ", ") + " (" +
                      std::to_string(Order.size()) + "-D grid, block " +
                      blockText(M.Block, "x") + ")");
  for (const ForStmt *L : Band)
    if (Clipped.count(L->Iter)) {
      std::set<std::string> Read;
      collectVarNames(*L->Lower, Read);
      collectVarNames(*L->Upper, Read);
      std::vector<std::string> Outer;
      for (const ForStmt *E : Band)
        if (E != L && Read.count(E->Iter))
          Outer.push_back("'" + E->Iter + "'");
      K.Remarks.push_back("the bounds of '" + L->Iter + "' read " +
                          join(Outer, ", ") +
                          ": the grid covers the band's bounding box and "
                          "threads outside the band do nothing");
    }
  const ForStmt *X = Band[Order[0]];
  K.ContiguousOnX = !M.Contiguous[Order[0]].empty();
  if (K.ContiguousOnX)
    K.Remarks.push_back(X->Iter + " is contiguous in " +
                        join(M.Contiguous[Order[0]], ", ") + "; on x");
  else if (const NestStmt *N = Ctx.nest(K.NestId);
           N && N->ResidueLoops.count(X->Iter))
    // Every other element (or every m-th) is what the branch as written
    // selected: the layout, not the mapping, decides the sectors.
    K.Remarks.push_back(X->Iter + " counts one iteration in " +
                        std::to_string(N->ResidueLoops.at(X->Iter)) +
                        " of the loop as written, those its residue test or "
                        "step selects; on x");
  else {
    K.RemarkGroups[K.Remarks.size()] = "uncoalesced";
    K.Remarks.push_back("no reference is contiguous along a mapped loop; " +
                        X->Iter + " on x");
  }

  // Loops left inside the kernel body run sequentially in each thread.
  std::set<std::string> UnmappedIters;
  for (const ForStmt *L : Unmapped) {
    UnmappedIters.insert(L->Iter);
    K.Remarks.push_back(L->Iter + (UserMap ? " runs sequentially in each "
                                             "thread: the map clause leaves "
                                             "it out"
                                           : " runs sequentially in each "
                                             "thread: the grid has at most 3 "
                                             "dimensions and the other band "
                                             "loops map better"));
  }
  const auto *AfterBand =
      Band.back()->Body.size() == 1
          ? dyn_cast<ForStmt>(Band.back()->Body.front().get())
          : nullptr;
  forEachStmt(K.Body, [&](const Stmt &S) {
    const auto *L = dyn_cast<ForStmt>(&S);
    if (!L || UnmappedIters.count(L->Iter))
      return;
    std::string Why, Iter;
    if (!Ctx.isParallel(Nest, L))
      Why = Ctx.notParallelReason(Nest, L);
    else if (boundsReadArray(*L))
      Why = "its bounds read an array";
    else if (L == AfterBand && Band.size() < 3 &&
             boundsRead(*L, BandIters, Iter))
      Why = "its bounds depend on '" + Iter +
            "' in a form the grid cannot cover (a bounding box needs bounds "
            "that add literal multiples of outer iterators, and a step of 1)";
    else if (L == AfterBand)
      Why = "the grid has at most 3 dimensions";
    else
      Why = "it is not perfectly nested in the mapped loops";
    K.Remarks.push_back(L->Iter + " runs sequentially in each thread: " + Why);
  });
}

} // namespace

LoweredFunction mapToGrid(LoweredFunction LF, const LoweringContext &Ctx) {
  Mapper M(Ctx);
  std::vector<std::vector<const ForStmt *>> Bands;
  for (const Kernel &K : LF.Kernels) {
    Bands.push_back(M.findBand(K));
    if (Bands.back().empty())
      continue;
    // A map(...) clause this band holds sets the number of mapped loops.
    size_t Rank = std::min<size_t>(Bands.back().size(), 3);
    const NestStmt *N = Ctx.nest(K.NestId);
    if (N && !N->Clauses.Map.empty()) {
      bool All = true;
      for (const auto &[Name, D] : N->Clauses.Map)
        All &= std::any_of(Bands.back().begin(), Bands.back().end(),
                           [&](const ForStmt *L) { return L->Iter == Name; });
      if (All)
        Rank = N->Clauses.Map.size();
    }
    M.NestRanks[K.NestId].insert(Rank);
  }
  std::set<unsigned> Nests;
  for (size_t I = 0; I < LF.Kernels.size(); ++I) {
    if (Bands[I].empty())
      M.mapSingleThread(LF.Kernels[I]);
    else
      M.map(LF.Kernels[I], Bands[I]);
    M.finishSchedule(LF.Kernels[I]);
    Nests.insert(LF.Kernels[I].NestId);
  }
  for (unsigned Id : Nests)
    if (const NestStmt *N = Ctx.nest(Id))
      M.checkUnused(*N);
  return LF;
}

} // namespace c2cuda
