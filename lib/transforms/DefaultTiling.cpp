//===- DefaultTiling.cpp - Tiled schedules to try for an unscheduled nest -===//

#include "DefaultTiling.h"

#include "IRQueries.h"
#include "TileFootprint.h"

#include "analysis/IslToIR.h"
#include "ir/IRWalk.h"

#include "llvm/Support/Casting.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

using namespace llvm;

namespace c2cuda {

namespace {

/// Read-only arrays whose references in L use iterator It.
std::vector<std::string> readOnlyUsing(const StmtList &L, const std::string &It,
                                       const std::set<std::string> &Written) {
  std::vector<std::string> Out;
  for (const auto &[Array, Iters] : readOnlyIterators(L, Written))
    if (Iters.count(It))
      Out.push_back(Array);
  return Out;
}

/// A tile loop of the footprint: Count iterations from c2c_base_<It>. Only
/// the box's dimensions are looked at here, not its guards.
TileVar tileVar(const std::string &It, ScalarKind Type, int64_t Step,
                int64_t Count) {
  TileVar V;
  V.Name = It;
  V.Type = Type;
  V.Base = std::make_shared<VarRef>("c2c_base_" + It, Type);
  V.Step = Step;
  V.Count = Count;
  V.First = analysis::longLit(0);
  V.Last = analysis::longLit(0);
  return V;
}

/// Read-only arrays of Body whose footprint over Vars has X in an outer
/// dimension and not in the innermost one (strided along threadIdx.x), and,
/// when Inner is given, Inner in the innermost one.
std::vector<std::string>
stridedAlong(const StmtList &Body, const std::vector<TileVar> &Vars,
             const std::string &X, const std::string &Inner,
             const std::set<std::string> &Written, const Function &F) {
  std::vector<std::string> Out;
  for (const std::string &A : collectArrayNames(Body)) {
    if (Written.count(A))
      continue;
    TileFootprint FP;
    std::string Why;
    if (!computeTileFootprint(A, Body, Vars, F, FP, Why) ||
        FP.DimVars.size() < 2)
      continue;
    auto Has = [&](size_t D, const std::string &It) {
      return std::find(FP.DimVars[D].begin(), FP.DimVars[D].end(), It) !=
             FP.DimVars[D].end();
    };
    size_t Last = FP.DimVars.size() - 1;
    if (!Has(Last, X) && Has(0, X) && (Inner.empty() || Has(Last, Inner)))
      Out.push_back(A);
  }
  return Out;
}

/// Whether Body reads some array at several offsets at once that lie more
/// than one element apart per iteration of X (the fields of an array of
/// structs: p[i].x, p[i].vx, as p[i*6] and p[i*6 + 3]). The warp's load of
/// one field brings the sectors in which the others then hit in L1, as long
/// as they stay there; more points per thread multiply what must stay.
bool readsInterleaved(const StmtList &Body, const GridLoop &X,
                      const Function &F) {
  std::map<std::string, int> RefsOf;
  for (const ArrayRef *R : collectArrayRefs(Body))
    ++RefsOf[R->Array];
  std::vector<TileVar> Vars = {tileVar(X.Iter, X.IterType, X.Step, 32)};
  for (const auto &[A, N] : RefsOf) {
    TileFootprint FP;
    std::string Why;
    if (N > 1 && computeTileFootprint(A, Body, Vars, F, FP, Why) &&
        !FP.Size.empty() && FP.Size.back() >= 2 * 32)
      return true;
  }
  return false;
}

/// A 1-D kernel without loops (element-wise: `y[i] = a * x[i] + y[i]`):
/// 8 points per thread (4 for 8-byte elements), consecutive threads on
/// consecutive points, so that each thread has several loads in flight.
/// H100, 2^28 floats: `y[i] = 2 * x[i]` one point per thread 0.65x copy
/// bandwidth, 8 points 1.00x; saxpy 0.86x -> 1.00x (RESULTS.md,
/// 2026-11-25). Few iterations take one point per thread in blocks of 256
/// or 64, as the untiled kernel did (rate 0.66 of the 8 points'). Not
/// where the body reads interleaved fields (readsInterleaved): 2^26
/// particles of 6 floats, 0.63x copy at 8 points, 0.99x untiled.
std::optional<DefaultTiling> elementWise(const Kernel &K, const GridLoop &X,
                                         const Function &F) {
  bool Wide = false;
  std::set<const ArrayRef *> Refs = collectArrayRefs(K.Body);
  for (const ArrayRef *R : Refs)
    Wide |= sizeInBytes(R->Type) > 4;
  if (holdsLoop(K.Body) || Refs.empty() || readsInterleaved(K.Body, X, F))
    return std::nullopt;
  NestSchedule E;
  E.Map = {{X.Iter, 0}};
  E.Block = {256};
  E.Tile = {{X.Iter, Wide ? 1024 : 2048}};
  NestSchedule One = E;
  One.Tile = {{X.Iter, 256}};
  NestSchedule Small = E;
  Small.Block = {64};
  Small.Tile = {{X.Iter, 64}};
  return DefaultTiling{{E, 1.0}, {{One, 0.66}, {Small, 0.66}}};
}

/// A 1-D kernel: element-wise (above), or one whose loop inside the band
/// reads an array along its rows while threads take one row each (`acc +=
/// A[i * N + j] * x[j]` with i mapped): the rows of a tile of 32 threads
/// are staged 64 columns at a time, transposed, so that the loads are
/// coalesced and each thread still runs its own loop in order (exact).
/// H100, 16384^2 floats: 1.37 -> 0.63 ms (benchmarks/RESULTS.md,
/// 2026-11-24).
std::vector<DefaultTiling> oneDimCandidates(const Kernel &K,
                                            const Function &F) {
  const GridLoop &X = K.Grid[0];
  if (X.Dim != 0 || X.Coarsen != 1)
    return {};
  if (std::optional<DefaultTiling> E = elementWise(K, X, F))
    return {*E};
  std::set<std::string> Written = collectWrittenArrays(K.Body);
  for (const StmtPtr &S : K.Body) {
    const auto *L = dyn_cast<ForStmt>(S.get());
    if (!L || (isIntLiteral(*L->Lower) && isIntLiteral(*L->Upper)))
      continue;
    std::vector<TileVar> Vars = {tileVar(X.Iter, X.IterType, X.Step, 32),
                                 tileVar(L->Iter, L->IterType, L->Step, 64)};
    if (stridedAlong(L->Body, Vars, X.Iter, L->Iter, Written, F).empty())
      continue;
    NestSchedule T;
    T.Map = {{X.Iter, 0}};
    T.Block = {32};
    T.Tile = {{X.Iter, 32}, {L->Iter, 64}};
    T.Shared = readOnlyUsing(L->Body, L->Iter, Written);
    T.Pad = 1;
    T.Pipeline = 2;
    return {{{T, 1.0}, {}}};
  }
  return {};
}

/// 64x32 tiles (x by y; one z iteration deep) of 32x8 threads, 8 points per
/// thread in runs of 2 along x, so that each thread has several loads in
/// flight (H100: 2-D stencils 0.86x copy; `B[k][i][j] = 2 * A[k][i][j]`
/// one point per thread 0.62x). For few blocks, tiles of 32x8, one point
/// per thread (rate 0.62). Where no reference is contiguous along x (every
/// other column: CompressModularGuards' loops), 32x32 tiles, the 4 points
/// of a thread along y: H100, red-black sweep 8192^2, 0.584x copy with 2
/// points along x 32 apart, 0.650x in these tiles (RESULTS.md, 2026-11-26).
DefaultTiling severalPointsPerThread(const Kernel &K, const NestSchedule &Base,
                                     const GridLoop &X, const GridLoop &Y,
                                     const GridLoop *Z) {
  NestSchedule E = Base;
  E.Block = {32, 8};
  E.Tile = {{X.Iter, 64}, {Y.Iter, 32}};
  if (Z) {
    E.Block.push_back(1);
    E.Tile[Z->Iter] = 1;
  }
  NestSchedule One = E;
  One.Tile[X.Iter] = 32;
  One.Tile[Y.Iter] = 8;
  if (K.ContiguousOnX)
    E.Vector = {{X.Iter, 2}};
  else
    E.Tile[X.Iter] = 32;
  return {{E, 1.0}, {{One, 0.62}}};
}

/// The register tile of a reduction nest (ReductionNest): 4 (x) by 8
/// (the loop sharing the other operand) by 4 (the third) points per
/// thread, blocks of 8x8 threads, the reduction's outer loop in strips of
/// 1 so that LowerTiles sinks the points through the inner reduction
/// loops: each step of c, r, s loads 4 + 8 operands for 128 multiply-adds.
/// Two warps a block: with fewer than two blocks per SM, and where their
/// grid takes longer, 2 points along the third loop instead (twice the
/// blocks). H100, N32 C64 58^2 K64 3x3: 5.0 -> 0.67 ms (2 points) ->
/// 0.55 ms (4); N32 C128 30^2 K128: 4.8 -> 0.77 -> 0.56 ms; a 256-channel
/// 56^2 layer without a batch (112 blocks of 4 points): 0.71 ms at 2
/// points, 0.90 at 4 (RESULTS.md 2026-11-25, 2026-11-26).
DefaultTiling registerTiledReduction(const ReductionNest &RN) {
  NestSchedule Four = reductionNestSchedule(RN, 8, 8, 32, 64, 4, 1);
  NestSchedule Two = reductionNestSchedule(RN, 8, 8, 32, 64, 2, 1);
  // Rate of the 2-point tiles: 0.554 / 0.659 ms (N32 C64 58^2 K64).
  return DefaultTiling{{Four, 1.0}, {{Two, 0.84}}, 2};
}

} // namespace

std::optional<ReductionNest> reductionNest(const Kernel &K) {
  if (K.Grid.size() != 3)
    return std::nullopt;
  const GridLoop *X = nullptr, *Y = nullptr, *Z = nullptr;
  for (const GridLoop &G : K.Grid)
    (G.Dim == 0 ? X : G.Dim == 1 ? Y : Z) = &G;
  if (!X || !Y || !Z)
    return std::nullopt;
  std::vector<const ForStmt *> Band = inThreadBandLoops(K);
  if (Band.size() != K.InThreadBand.size())
    return std::nullopt;
  const StmtList *Body = Band.empty() ? &K.Body : &Band.back()->Body;
  const ForStmt *L = nullptr;
  for (const StmtPtr &S : *Body) {
    const auto *F = dyn_cast<ForStmt>(S.get());
    if (!F) {
      if (holdsLoop({S}))
        return std::nullopt;
      continue;
    }
    // A short window loop alone is no reduction nest; one holding the
    // channels' loop (NHWC: r, s, c) is.
    if (L || (isIntLiteral(*F->Lower) && isIntLiteral(*F->Upper) &&
              !holdsLoop(F->Body)))
      return std::nullopt;
    L = F;
  }
  // A single reduction loop (a batched product, a 3-D contraction) is
  // faster untiled: H100/H200, these tiles took 0.36-0.39x the untiled
  // time of `out[r][q][p] = sum_s A[r][q][s] * C4[s][p]` and 0.44x for a
  // batched product (RESULTS.md 2026-11-25). The tiles pay for a nest of
  // reduction loops, whose inner ones each thread would otherwise run
  // one point at a time.
  if (!L || !holdsLoop(L->Body))
    return std::nullopt;
  std::map<std::string, std::set<std::string>> Uses =
      readOnlyIterators(L->Body, collectWrittenArrays(K.Body));
  // Some operand read along A and not along B.
  auto SharedAlong = [&](const GridLoop &A, const GridLoop &B) {
    return std::any_of(Uses.begin(), Uses.end(), [&](const auto &U) {
      return U.second.count(A.Iter) && !U.second.count(B.Iter);
    });
  };
  for (auto [R, Third] : {std::make_pair(Y, Z), std::make_pair(Z, Y)})
    if (SharedAlong(*X, *R) && SharedAlong(*R, *X))
      return ReductionNest{X, R, Third, L};
  return std::nullopt;
}

NestSchedule reductionNestSchedule(const ReductionNest &RN, unsigned BX,
                                   unsigned BR, unsigned TX, unsigned TR,
                                   unsigned T3, unsigned TK) {
  NestSchedule T;
  for (const GridLoop *G : {RN.X, RN.R, RN.Third})
    T.Map.push_back({G->Iter, G->Dim});
  std::sort(T.Map.begin(), T.Map.end(),
            [](const auto &A, const auto &B) { return A.second < B.second; });
  T.Block = {BX, RN.R->Dim == 1 ? BR : 1u, RN.R->Dim == 2 ? BR : 1u};
  T.Tile = {{RN.X->Iter, TX},
            {RN.R->Iter, TR},
            {RN.Third->Iter, T3},
            {RN.Strip->Iter, TK}};
  return T;
}

std::vector<DefaultTiling>
defaultTilingCandidates(const Kernel &K, const Function &F, bool Tf32x3) {
  std::vector<DefaultTiling> Out;
  if (K.ExplicitThreads)
    return Out;
  if (K.Grid.size() == 1)
    return oneDimCandidates(K, F);
  const GridLoop *X = nullptr, *Y = nullptr, *Z = nullptr;
  for (const GridLoop &G : K.Grid)
    (G.Dim == 0 ? X : G.Dim == 1 ? Y : Z) = &G;
  // A loop a `break` leaves (an escape count, a search) runs as long as
  // its data says: several points per thread would run theirs one after
  // another, each thread as long as its points together (H200, Mandelbrot
  // 4096^2: 8 points per thread 0.64x a hand kernel, one 0.78x; the
  // 1-D search the same either way).
  bool EarlyExit = false;
  forEachStmt(K.Body, [&](const Stmt &S) {
    if (const auto *L = llvm::dyn_cast<ForStmt>(&S))
      EarlyExit |= breakGuard(*L) != nullptr;
  });
  if (EarlyExit)
    return Out;
  // A 3-D kernel with a loop inside (a 4-D nest's fourth loop) keeps one
  // point per thread: its loop already gives each thread several loads in
  // flight (H100, `B[l][k][i][j] = 2 * A[l][k][i][j]` with l inside: 0.93x
  // copy untiled, 0.41x in these tiles).
  if (std::optional<ReductionNest> RN = reductionNest(K))
    return {registerTiledReduction(*RN)};
  if (K.Grid.size() == 3 && X && Y && Z && !holdsLoop(K.Body)) {
    NestSchedule Base;
    Base.Map = {{X->Iter, 0}, {Y->Iter, 1}, {Z->Iter, 2}};
    return {severalPointsPerThread(K, Base, *X, *Y, Z)};
  }
  if (K.Grid.size() != 2 || !X || !Y)
    return Out;
  NestSchedule Base;
  Base.Map = {{X->Iter, 0}, {Y->Iter, 1}};
  std::set<std::string> Written = collectWrittenArrays(K.Body);

  // 1. A strip loop (trip count from the parameters, not a small window)
  // with read-only operands.
  bool Window = false;
  for (const StmtPtr &S : K.Body) {
    const auto *L = dyn_cast<ForStmt>(S.get());
    if (!L)
      continue;
    if (isIntLiteral(*L->Lower) && isIntLiteral(*L->Upper)) {
      Window = true;
      continue;
    }
    std::vector<std::string> Arrays = readOnlyUsing(L->Body, L->Iter, Written);
    if (Arrays.empty())
      continue;
    NestSchedule M = Base;
    M.Block = {16, 16};
    M.Tile = {{X->Iter, 128}, {Y->Iter, 128}, {L->Iter, 8}};
    M.Vector = {{X->Iter, 4}, {Y->Iter, 4}};
    M.Shared = Arrays;
    M.Pad = 4;
    M.Pipeline = 2;
    // 8x8 points of 8-byte accumulators need more than 128 registers: the
    // cap made double products spill (68.6 ms vs 7.8 ms without it for
    // 4096^3 on the H100).
    bool Wide = false;
    for (const ArrayRef *R : collectArrayRefs(K.Body))
      Wide |= sizeInBytes(R->Type) > 4;
    M.MaxRegCount = Wide ? 0 : 128;
    // Smaller tiles for small problems: 128x64 (64 columns along x) and
    // 64x32, in strips of 16 so that a strip's loads still feed as many
    // multiply-adds per barrier. Rates: their speed at 4096^3 floats
    // relative to 128x128 tiles on the H100, 0.86 and 0.55 (at 1024^3
    // 128x128 tiles, 64 blocks, reach 0.47x cuBLAS, 128x64 0.76x; at 512^3
    // 0.34x and 64x32 1.1x: benchmarks/small-gemm, RESULTS.md).
    NestSchedule Half = M;
    Half.Tile = {{X->Iter, 64}, {Y->Iter, 128}, {L->Iter, 16}};
    NestSchedule Quarter = M;
    Quarter.Tile = {{X->Iter, 32}, {Y->Iter, 64}, {L->Iter, 16}};
    Quarter.Vector = {{X->Iter, 2}, {Y->Iter, 4}};
    // Outputs too few for even 64x32 tiles to fill the SMs, with a long
    // loop (a Gram matrix W^T W of 128 x 128 over 2048 rows: 8 blocks for
    // 132 SMs): 16x16 tiles, one point per thread in strips of 32, so that
    // each thread's chain of multiply-adds is as short as the order of the
    // loop allows. Rate 0.135 at 4096^3 (22.3 ms against 3.0); at 128 x
    // 128 x 2048 they took 27 us against 61 us in 64x32 tiles (RESULTS.md,
    // 2026-12-06, eighteenth session). The host's rule misses 256 x 256 x
    // 8192 (0.16 ms against 0.23): it counts two rounds of these blocks
    // where two blocks share an SM at once.
    NestSchedule Single = M;
    Single.Tile = {{X->Iter, 16}, {Y->Iter, 16}, {L->Iter, 32}};
    Single.Vector.clear();
    // Double products on the FP64 tensor cores (UseTensorCores.h) ran one
    // block of 8 warps per multiprocessor, waiting at two barriers per
    // strip with the next strip in registers: where the tensor cores take
    // the strips, the tiles come by asynchronous copies in strips of 32,
    // two buffers. H200, 4096^3: 0.64x -> 0.97x cuBLAS DGEMM (RESULTS.md,
    // 2026-11-28, tenth session; in the runs that chose it, 0.70x -> 0.996x,
    // strips of 16 in three buffers 0.92x, of 8 0.76x).
    // Float products as 3xTF32 (with permission) the same way, padded by
    // 12: a lane's operand (row l / 4, strip iteration l % 4) then falls
    // in its own bank along the strip or across it (rows of 128 + 12 or
    // 32 + 12 floats). Only 128x128 tiles keep the cap of 128 registers
    // (1.15-1.17x faster from 2048^3 up; capped, the smaller tiles run at
    // 1000^3, 1024^3, 128 x 8192 x 2048 lost 0.92-0.94x; H100, RESULTS.md,
    // twenty-ninth session).
    if (Wide || Tf32x3) {
      DefaultTiling OnMma{{M, 1.0}, {{Half, 0.86}, {Quarter, 0.55}}};
      for (NestSchedule *A :
           {&OnMma.Schedule.Schedule, &OnMma.FewBlocks[0].Schedule,
            &OnMma.FewBlocks[1].Schedule}) {
        A->Tile[L->Iter] = 32;
        A->Async = 2;
        A->Pipeline = 0;
        if (!Wide) {
          A->MaxRegCount = A == &OnMma.Schedule.Schedule ? 128 : 0;
          A->Pad = 12;
        }
      }
      OnMma.OnTensorCores = true;
      Out.push_back(OnMma);
    }
    Out.push_back({{M, 1.0}, {{Half, 0.86}, {Quarter, 0.55}, {Single, 0.135}}});
    break;
  }

  // 2. A read-only array strided along x.
  std::vector<TileVar> Vars = {tileVar(X->Iter, X->IterType, X->Step, 32),
                               tileVar(Y->Iter, Y->IterType, Y->Step, 32)};
  std::vector<std::string> Strided =
      stridedAlong(K.Body, Vars, X->Iter, "", Written, F);
  if (!Strided.empty()) {
    NestSchedule T = Base;
    T.Block = {32, 8};
    T.Tile = {{X->Iter, 32}, {Y->Iter, 32}};
    T.Shared = Strided;
    T.Pad = 1;
    Out.push_back({{T, 1.0}, {}});
  }

  // 3. A window loop with literal bounds (a convolution's rows): runs of
  // 4 rows per thread, so a run's input rows are loaded once for 4 outputs.
  if (Window) {
    NestSchedule C = Base;
    C.Block = {128, 2};
    C.Tile = {{X->Iter, 128}, {Y->Iter, 16}};
    C.Vector = {{Y->Iter, 4}};
    Out.push_back({{C, 1.0}, {}});
  }

  // 4. Several points per thread.
  Out.push_back(severalPointsPerThread(K, Base, *X, *Y, nullptr));
  return Out;
}

} // namespace c2cuda
