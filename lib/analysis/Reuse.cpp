//===- Reuse.cpp - Data reuse and promotion candidates of a nest ----------===//

#include "analysis/Reuse.h"

#include <algorithm>
#include <functional>

using namespace c2cuda;
using namespace c2cuda::analysis;

namespace {

struct Interval {
  int64_t Lo = 0, Hi = 0;
};

int64_t ceilDiv(int64_t A, int64_t B) { return B <= 0 ? A : (A + B - 1) / B; }

/// The depth of the iterator variable "itD", or -1.
int depthOf(const std::string &V) {
  if (V.rfind("it", 0) != 0)
    return -1;
  return std::stoi(V.substr(2));
}

/// Interval of an affine subscript over the tile box of R's loops.
std::optional<Interval> subInterval(const Poly &P,
                                    const std::vector<Interval> &Box,
                                    SizeEvaluator &Ev) {
  Interval Out;
  for (auto &[Mono, C] : P.Terms) {
    int64_t F = C;
    int Depth = -1;
    for (const std::string &V : Mono) {
      if (isParamName(V)) {
        F *= Ev.outside(V.substr(2));
        continue;
      }
      int D = depthOf(V);
      if (D < 0 || D >= (int)Box.size() || Depth >= 0)
        return std::nullopt; // A quotient or a product of iterators.
      Depth = D;
    }
    if (Depth < 0) {
      Out.Lo += F;
      Out.Hi += F;
      continue;
    }
    int64_t A = F * Box[Depth].Lo, B = F * Box[Depth].Hi;
    Out.Lo += std::min(A, B);
    Out.Hi += std::max(A, B);
  }
  return Out;
}

class ReuseAnalysis {
public:
  ReuseAnalysis(const NestModel &M, const ThreadMapping &TM,
                const SizeMap &Sizes, const ReuseOptions &O)
      : M(M), TM(TM), O(O), Roles(resolveMapping(M, TM)), Ev(*M.Fn, Sizes) {}

  NestReuse run();

private:
  const NestModel &M;
  const ThreadMapping &TM;
  const ReuseOptions &O;
  MappingRoles Roles;
  SizeEvaluator Ev;
  NestReuse NR;
  /// Per loop: the lower bound and trip count at the first point.
  std::map<const ForStmt *, int64_t> Lower, Trip;

  bool evaluateLoops();
  void tiles();
  std::vector<Interval> box(const RefSite &R) const;
  void refReuse();
  void groups();
  void arrays();
  void sharedCandidates();
  void registerCandidates();

  bool usesMapped(const RefSite &R, const std::optional<Poly> &Sub) const;
  bool usesInThread(const RefSite &R, const Poly &Sub) const;
};

bool ReuseAnalysis::evaluateLoops() {
  for (const RefSite &R : M.Refs) {
    std::vector<int64_t> Vals;
    for (size_t D = 0; D < R.Loops.size(); ++D) {
      const ForStmt *L = R.Loops[D];
      auto Lo = Ev.eval(*L->Lower, *R.LoopScopes[D], Vals);
      auto N = Ev.tripCount(*L, *R.LoopScopes[D], Vals);
      if (!Lo || !N) {
        NR.Why = "the bounds of loop '" + L->Iter + "' cannot be evaluated";
        return false;
      }
      Lower.emplace(L, *Lo);
      Trip.emplace(L, *N);
      Vals.push_back(*Lo);
    }
  }
  return true;
}

void ReuseAnalysis::tiles() {
  for (auto &[L, N] : Trip) {
    int64_t Iters = 1, Tile = 1;
    switch (Roles.roleOf(L)) {
    case LoopRole::Mapped: {
      unsigned D = Roles.Dim.at(L);
      int64_t B = TM.Block[D], E = std::max(1u, TM.Elems[D]);
      Iters = std::min(B * E, N);
      Tile = TM.Coarsen == Coarsening::Blocked ? B * E : B;
      break;
    }
    case LoopRole::InThread:
      Iters = N;
      Tile = std::min(N, O.SeqTileCap);
      break;
    case LoopRole::Outer:
      break;
    }
    auto It = O.TileSizes.find(L->Iter);
    if (It != O.TileSizes.end() && It->second > 0)
      Tile = It->second;
    NR.ItersPerBlock[L] = Iters;
    NR.Tile[L] = std::max<int64_t>(1, std::min(Tile, Iters));
  }
}

/// The tile's iterator intervals for R's loops.
std::vector<Interval> ReuseAnalysis::box(const RefSite &R) const {
  std::vector<Interval> B;
  for (const ForStmt *L : R.Loops) {
    int64_t Lo = Lower.at(L), Last = Lo + L->Step * (NR.Tile.at(L) - 1);
    B.push_back({std::min(Lo, Last), std::max(Lo, Last)});
  }
  return B;
}

bool ReuseAnalysis::usesMapped(const RefSite &R,
                               const std::optional<Poly> &Sub) const {
  for (size_t D = 0; D < R.Loops.size(); ++D)
    if (Roles.roleOf(R.Loops[D]) == LoopRole::Mapped &&
        (Sub ? R.Quot->baseVars(*Sub).count("it" + std::to_string(D)) > 0
             : R.usesDepth(D)))
      return true;
  return false;
}

bool ReuseAnalysis::usesInThread(const RefSite &R, const Poly &Sub) const {
  for (size_t D = 0; D < R.Loops.size(); ++D)
    if (Roles.roleOf(R.Loops[D]) == LoopRole::InThread &&
        R.Quot->baseVars(Sub).count("it" + std::to_string(D)))
      return true;
  return false;
}

void ReuseAnalysis::refReuse() {
  for (size_t I = 0; I < M.Refs.size(); ++I) {
    const RefSite &R = M.Refs[I];
    RefReuse RR;
    RR.RefIndex = I;
    RR.Ref = R.Ref;
    RR.ExecutionsPerBlock = 1;
    for (size_t D = 0; D < R.Loops.size(); ++D) {
      RR.ExecutionsPerBlock *= NR.ItersPerBlock.at(R.Loops[D]);
      if (!R.usesDepth(D)) {
        RR.InvariantLoops.push_back(R.Loops[D]);
        RR.InvariantIters.push_back(R.Loops[D]->Iter);
      }
    }
    // Threads along a mapped dimension whose loop the index ignores (or
    // that does not enclose the reference) read one element.
    for (auto &[L, Dim] : Roles.Dim) {
      auto It = std::find(R.Loops.begin(), R.Loops.end(), L);
      if (It != R.Loops.end() && R.usesDepth(It - R.Loops.begin()))
        continue;
      int64_t E = std::max(1u, TM.Elems[Dim]);
      auto T = Trip.find(L);
      RR.ThreadsSharing *=
          T == Trip.end()
              ? int64_t(TM.Block[Dim])
              : std::min<int64_t>(TM.Block[Dim], ceilDiv(T->second, E));
    }
    for (const auto &S : R.Subs)
      if (S && usesMapped(R, S) && usesInThread(R, *S))
        RR.SlidingWindow = true;
    NR.Refs.push_back(RR);
  }
}

void ReuseAnalysis::groups() {
  // Key: the array and the subscripts without their constant terms.
  std::map<
      std::pair<std::string, std::vector<Poly>>, std::vector<size_t>,
      std::function<bool(const std::pair<std::string, std::vector<Poly>> &,
                         const std::pair<std::string, std::vector<Poly>> &)>>
      ByKey([](auto &A, auto &B) {
        if (A.first != B.first)
          return A.first < B.first;
        if (A.second.size() != B.second.size())
          return A.second.size() < B.second.size();
        for (size_t K = 0; K < A.second.size(); ++K)
          if (A.second[K].Terms != B.second[K].Terms)
            return A.second[K].Terms < B.second[K].Terms;
        return false;
      });
  for (size_t I = 0; I < M.Refs.size(); ++I) {
    const RefSite &R = M.Refs[I];
    if (!R.IsRead || !R.affine())
      continue;
    std::vector<Poly> Key;
    for (const auto &S : R.Subs)
      Key.push_back(*S - Poly::constant(S->constantTerm()));
    ByKey[{R.Ref->Array, Key}].push_back(I);
  }
  for (auto &[Key, Refs] : ByKey) {
    if (Refs.size() < 2)
      continue;
    GroupReuse G;
    G.Array = Key.first;
    G.Refs = Refs;
    const RefSite &First = M.Refs[Refs[0]];
    for (size_t I : Refs) {
      std::vector<int64_t> Off;
      for (size_t K = 0; K < First.Subs.size(); ++K)
        Off.push_back(M.Refs[I].Subs[K]->constantTerm() -
                      First.Subs[K]->constantTerm());
      G.Offsets.push_back(Off);
    }
    for (size_t K = 0; K < First.Subs.size(); ++K) {
      bool Differ = std::any_of(G.Offsets.begin(), G.Offsets.end(),
                                [&](auto &O) { return O[K] != 0; });
      if (!Differ)
        continue;
      G.AcrossThreads |= usesMapped(First, First.Subs[K]);
      G.InThread |= usesInThread(First, *First.Subs[K]);
    }
    NR.Groups.push_back(G);
  }
}

void ReuseAnalysis::arrays() {
  std::map<std::string, ArrayReuse> ByName;
  for (size_t I = 0; I < M.Refs.size(); ++I) {
    const RefSite &R = M.Refs[I];
    const RefReuse &RR = NR.Refs[I];
    ArrayReuse &A = ByName[R.Ref->Array];
    A.Array = R.Ref->Array;
    A.ElemBytes = R.ElemBytes;
    A.Refs.push_back(I);
    A.Read |= R.IsRead;
    A.Written |= R.IsWrite;
    if (R.IsRead) {
      A.ReadsPerBlock += RR.ExecutionsPerBlock;
      A.ThreadsSharing = std::max(A.ThreadsSharing, RR.ThreadsSharing);
      A.ReusedAcross.insert(RR.InvariantIters.begin(), RR.InvariantIters.end());
    }
    if (R.IsWrite)
      A.WritesPerBlock += RR.ExecutionsPerBlock;
  }
  for (auto &[Name, A] : ByName) {
    // Footprint over the read references (all, for a write-only array).
    std::vector<size_t> Use;
    for (size_t I : A.Refs)
      if (M.Refs[I].IsRead || !A.Read)
        Use.push_back(I);
    A.FootprintKnown = true;
    std::set<const ForStmt *> TiledLoops;
    for (size_t I : Use) {
      const RefSite &R = M.Refs[I];
      if (!R.affine()) {
        A.FootprintKnown = false;
        A.Why = R.Why.empty() ? "a subscript is not affine" : R.Why;
        break;
      }
      if (!A.BoxLower.empty() && A.BoxLower.size() != R.Subs.size()) {
        A.FootprintKnown = false;
        A.Why = "its references disagree on the number of dimensions";
        break;
      }
      std::vector<Interval> B = box(R);
      for (size_t K = 0; K < R.Subs.size(); ++K) {
        auto Iv = subInterval(*R.Subs[K], B, Ev);
        if (!Iv) {
          A.FootprintKnown = false;
          A.Why = "a subscript is not affine";
          break;
        }
        if (A.BoxLower.size() <= K) {
          A.BoxLower.push_back(Iv->Lo);
          A.BoxExtent.push_back(Iv->Hi - Iv->Lo + 1);
          continue;
        }
        int64_t Hi = std::max(A.BoxLower[K] + A.BoxExtent[K] - 1, Iv->Hi);
        A.BoxLower[K] = std::min(A.BoxLower[K], Iv->Lo);
        A.BoxExtent[K] = Hi - A.BoxLower[K] + 1;
      }
      if (!A.FootprintKnown)
        break;
      for (size_t D = 0; D < R.Loops.size(); ++D)
        if (R.usesDepth(D))
          TiledLoops.insert(R.Loops[D]);
    }
    if (!A.FootprintKnown) {
      A.BoxLower.clear();
      A.BoxExtent.clear();
      NR.Arrays.push_back(A);
      continue;
    }
    A.FootprintElements = 1;
    for (int64_t E : A.BoxExtent)
      A.FootprintElements *= E;
    A.FootprintBytes = A.FootprintElements * A.ElemBytes;
    // A loop with no iteration at the point the bounds are evaluated at
    // (k < j at j = 0 in a triangular nest) still leaves one tile to load
    // for the references outside it: a count of 0 tiles would claim that a
    // block reading the array loads nothing.
    for (const ForStmt *L : TiledLoops)
      A.TilesPerBlock *=
          std::max<int64_t>(1, ceilDiv(NR.ItersPerBlock.at(L), NR.Tile.at(L)));
    NR.Arrays.push_back(A);
  }
}

void ReuseAnalysis::sharedCandidates() {
  for (const ArrayReuse &A : NR.Arrays) {
    if (!A.Read)
      continue;
    bool AcrossThreads = A.ThreadsSharing > 1;
    bool Window = false, Mapped = false;
    for (size_t I : A.Refs) {
      Window |= M.Refs[I].IsRead && NR.Refs[I].SlidingWindow;
      for (const auto &S : M.Refs[I].Subs)
        Mapped |= usesMapped(M.Refs[I], S);
    }
    for (const GroupReuse &G : NR.Groups)
      AcrossThreads |= G.Array == A.Array && G.AcrossThreads;
    if (!AcrossThreads && !Window)
      continue;
    auto Reject = [&](const std::string &Why) {
      NR.NotPromoted[A.Array] = Why;
    };
    if (A.Written) {
      Reject("the nest writes it");
      continue;
    }
    if (!A.FootprintKnown) {
      Reject("its tile footprint is unknown: " + A.Why);
      continue;
    }
    if (A.FootprintBytes > O.SharedBudgetBytes) {
      Reject("its tile needs " + std::to_string(A.FootprintBytes) +
             " bytes of shared memory, more than the budget of " +
             std::to_string(O.SharedBudgetBytes));
      continue;
    }
    Promotion P;
    P.K = Promotion::Kind::Shared;
    P.Array = A.Array;
    for (size_t I : A.Refs)
      if (M.Refs[I].IsRead)
        P.Refs.push_back(I);
    P.FootprintBytes = A.FootprintBytes;
    P.TrafficWithout = A.ReadsPerBlock;
    P.TrafficWith = A.FootprintElements * A.TilesPerBlock;
    if (P.TrafficWith >= P.TrafficWithout) {
      Reject("a shared copy would load as many elements as it saves");
      continue;
    }
    P.Ratio = double(P.TrafficWithout) / double(P.TrafficWith);
    P.ConstantMemory =
        !Mapped && P.TrafficWith * A.ElemBytes <= O.ConstantBudgetBytes;
    std::string Who = AcrossThreads
                          ? std::to_string(A.ThreadsSharing) +
                                " threads of a block read each element"
                          : "neighbouring threads read overlapping elements";
    bool Group = std::any_of(NR.Groups.begin(), NR.Groups.end(), [&](auto &G) {
      return G.Array == A.Array && G.AcrossThreads;
    });
    if (Group)
      Who = "its references read neighbouring elements of other threads";
    P.Reason = Who + "; a tile of " + std::to_string(A.FootprintElements) +
               " elements replaces " +
               std::to_string(A.ReadsPerBlock / A.TilesPerBlock) + " reads";
    NR.Shared.push_back(P);
  }
}

void ReuseAnalysis::registerCandidates() {
  std::set<size_t> Done;
  for (size_t I = 0; I < M.Refs.size(); ++I) {
    if (Done.count(I))
      continue;
    const RefSite &R = M.Refs[I];
    // The outermost in-thread loop such that it and every loop inside it
    // around R leave the index unchanged.
    int Best = -1;
    for (int D = int(R.Loops.size()) - 1; D >= 0; --D) {
      if (Roles.roleOf(R.Loops[D]) != LoopRole::InThread || R.usesDepth(D))
        break;
      Best = D;
    }
    if (Best < 0)
      continue;
    const ForStmt *L = R.Loops[Best];
    // The references to the array inside L; with a write among them, all
    // must be the same element, or a register copy could go stale.
    std::vector<size_t> Inside, Same;
    bool AnyWrite = false;
    for (size_t J = 0; J < M.Refs.size(); ++J) {
      const RefSite &O2 = M.Refs[J];
      if (O2.Ref->Array != R.Ref->Array ||
          std::find(O2.Loops.begin(), O2.Loops.end(), L) == O2.Loops.end())
        continue;
      Inside.push_back(J);
      AnyWrite |= O2.IsWrite;
      bool Equal = O2.Subs.size() == R.Subs.size() && R.affine() && O2.affine();
      for (size_t K = 0; Equal && K < R.Subs.size(); ++K)
        Equal = *O2.Subs[K] == *R.Subs[K];
      if (J == I || Equal)
        Same.push_back(J);
    }
    Done.insert(Same.begin(), Same.end());
    if (AnyWrite && Same.size() != Inside.size()) {
      NR.NotPromoted[R.Ref->Array] =
          "other references to it in loop '" + L->Iter +
          "' may touch the same element, and one writes";
      continue;
    }
    Promotion P;
    P.K = Promotion::Kind::Register;
    P.Array = R.Ref->Array;
    P.Refs = Same;
    P.Loop = L;
    // Executions of L by the block.
    int64_t LoopRuns = 1;
    for (int D = 0; D < Best; ++D)
      LoopRuns *= NR.ItersPerBlock.at(R.Loops[D]);
    bool Reads = false, Writes = false;
    for (size_t J : Same) {
      const RefSite &S = M.Refs[J];
      int64_t N = NR.Refs[J].ExecutionsPerBlock;
      P.TrafficWithout += N * (int64_t(S.IsRead) + int64_t(S.IsWrite));
      Reads |= S.IsRead;
      Writes |= S.IsWrite;
    }
    P.TrafficWith = LoopRuns * (int64_t(Reads) + int64_t(Writes));
    if (P.TrafficWith == 0 || P.TrafficWith >= P.TrafficWithout)
      continue;
    P.Ratio = double(P.TrafficWithout) / double(P.TrafficWith);
    P.Reason = "its element does not change in loop '" + L->Iter + "': one " +
               (Reads && Writes ? std::string("load and one store")
                : Reads         ? std::string("load")
                                : std::string("store")) +
               " per thread instead of one per iteration";
    NR.Registers.push_back(P);
  }
}

NestReuse ReuseAnalysis::run() {
  if (!Roles.Missing.empty()) {
    NR.Why = "the nest has no loop '" + Roles.Missing[0] + "'";
    return NR;
  }
  if (!evaluateLoops())
    return NR;
  tiles();
  refReuse();
  groups();
  arrays();
  sharedCandidates();
  registerCandidates();
  NR.DefaultedSizes = Ev.Defaulted;
  return std::move(NR);
}

} // namespace

const ArrayReuse *NestReuse::array(const std::string &Name) const {
  for (const ArrayReuse &A : Arrays)
    if (A.Array == Name)
      return &A;
  return nullptr;
}

const Promotion *NestReuse::shared(const std::string &Array) const {
  for (const Promotion &P : Shared)
    if (P.Array == Array)
      return &P;
  return nullptr;
}

const Promotion *NestReuse::registers(const std::string &Array) const {
  for (const Promotion &P : Registers)
    if (P.Array == Array)
      return &P;
  return nullptr;
}

NestReuse c2cuda::analyzeReuse(const NestModel &M, const ThreadMapping &TM,
                               const SizeMap &Sizes, const ReuseOptions &O) {
  return ReuseAnalysis(M, TM, Sizes, O).run();
}
