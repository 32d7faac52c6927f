//===- SpaceBuilder.cpp - The schedule space of a nest --------------------===//

#include "SpaceBuilder.h"

#include "CostModel.h"
#include "WorkCount.h"

#include "transforms/DefaultTiling.h"
#include "transforms/IRQueries.h"

#include "llvm/Support/Casting.h"

#include <algorithm>
#include <set>

using namespace llvm;

namespace c2cuda {

namespace {

/// Read-only arrays of L whose subscripts name every iterator in Its.
std::vector<std::string> readOnlyUsing(const StmtList &L,
                                       const std::vector<std::string> &Its,
                                       const std::set<std::string> &Written) {
  std::set<std::string> Out;
  for (const ArrayRef *R : collectArrayRefs(L)) {
    if (Written.count(R->Array) || R->Local)
      continue;
    std::set<std::string> Names;
    for (const ExprPtr &I : R->Indices)
      collectVarNames(*I, Names);
    bool All = true;
    for (const std::string &It : Its)
      All = All && Names.count(It);
    if (All)
      Out.insert(R->Array);
  }
  return {Out.begin(), Out.end()};
}

/// Largest run width in {4, 2} dividing Points, else 1.
unsigned runWidth(unsigned Points) {
  for (unsigned V : {4u, 2u})
    if (Points % V == 0)
      return V;
  return 1;
}

tuner::Parameter param(const std::string &Name,
                       std::vector<nlohmann::json> Values) {
  tuner::Parameter P;
  P.Name = Name;
  P.Values = std::move(Values);
  return P;
}

std::string blockName(unsigned X, unsigned Y) {
  return std::to_string(X) + "x" + std::to_string(Y);
}

/// Trip count of G at Sizes; nullopt where a size is not given.
std::optional<int64_t> gridTrip(const GridLoop &G, const ScalarValues &Sizes) {
  return evaluateInt(*G.TripCount, Sizes);
}

int64_t ceilDiv(int64_t A, int64_t B) { return (A + B - 1) / B; }

/// The split counts worth trying for tiles of TileX x TileY x TileK at
/// Sizes: n in {2, 4, 8, 16} where n blocks per output tile still make at
/// most four blocks per multiprocessor of the model's GPU (a split only
/// pays where tiles are too few to fill it) and each block keeps at least
/// four strips (fewer leave the atomic adds and the start kernel as the
/// cost). None where a size is unknown.
std::vector<unsigned> splitCounts(const GridLoop &X, const GridLoop &Y,
                                  const ForStmt &Strip, unsigned TileX,
                                  unsigned TileY, unsigned TileK,
                                  const ScalarValues &Sizes) {
  std::optional<int64_t> TX = gridTrip(X, Sizes), TY = gridTrip(Y, Sizes),
                         TK = tripCount(Strip, Sizes);
  if (!TX || !TY || !TK)
    return {};
  int64_t Tiles = ceilDiv(*TX, TileX) * ceilDiv(*TY, TileY),
          Strips = ceilDiv(*TK, TileK);
  std::vector<unsigned> Out;
  for (unsigned N : {2u, 4u, 8u, 16u})
    if (Tiles * N <= 4 * (int64_t)ModelMultiprocessors &&
        Strips >= 4 * (int64_t)N)
      Out.push_back(N);
  return Out;
}

void buildStrip(TuneSpace &S, const GridLoop &X, const GridLoop &Y,
                const ForStmt &Strip, const std::vector<std::string> &Arrays,
                const ScalarValues &Sizes) {
  S.Shape = "strip";
  const std::vector<std::pair<unsigned, unsigned>> Blocks = {
      {16, 8}, {16, 16}, {32, 8}, {32, 16}};
  const std::vector<unsigned> Tiles = {64, 128, 256}, Strips = {8, 16, 32};
  // (pipeline, async): single-buffered, the next strip staged in registers,
  // or three buffers filled by asynchronous copies; async replaces pipeline
  // (ScheduleCheck.h), so async(3) goes with pipeline(1) only.
  const std::vector<std::pair<unsigned, unsigned>> Stagings = {
      {1, 0}, {2, 0}, {1, 3}};
  std::string TX = "tile_" + X.Iter, TY = "tile_" + Y.Iter,
              TK = "tile_" + Strip.Iter;
  std::vector<nlohmann::json> BlockValues;
  for (auto [BX, BY] : Blocks)
    BlockValues.push_back(blockName(BX, BY));
  S.Params = {param("block", BlockValues),    param(TX, {64, 128, 256}),
              param(TY, {64, 128, 256}),      param(TK, {8, 16, 32}),
              param("pipeline", {1, 2}),      param("async", {0, 3}),
              param("maxrregcount", {0, 128})};
  std::string SplitName = "split_" + Strip.Iter;
  std::set<unsigned> SplitValues;
  for (auto [BX, BY] : Blocks)
    for (unsigned TileX : Tiles)
      for (unsigned TileY : Tiles) {
        unsigned PX = TileX / BX, PY = TileY / BY;
        unsigned Points = PX * PY;
        // Fewer than 16 points leave too little reuse in registers; more
        // than 128 accumulators cannot stay in 255 registers.
        if (TileX % BX || TileY % BY || Points < 16 || Points > 128)
          continue;
        // Where registers bound occupancy (the accumulators, the operand
        // fragments and the others, as CostModel counts them, leave fewer
        // than two blocks per SM), a cap of 128 registers is tried too:
        // more blocks, perhaps spills (the default schedule caps float
        // products at 128).
        unsigned Regs = BaseRegisters + Points + PX + PY;
        std::vector<unsigned> Caps = {0};
        if (Regs > 128 && 2 * Regs * BX * BY > 65536)
          Caps.push_back(128);
        for (unsigned TileK : Strips) {
          std::vector<unsigned> Splits = {1};
          for (unsigned N :
               splitCounts(X, Y, Strip, TileX, TileY, TileK, Sizes))
            Splits.push_back(N);
          for (auto [Pipe, Async] : Stagings)
            for (unsigned Split : Splits)
              for (unsigned Cap : Caps) {
                SpacePoint P;
                P.Params = {{"block", blockName(BX, BY)},
                            {TX, TileX},
                            {TY, TileY},
                            {TK, TileK},
                            {"pipeline", Pipe},
                            {"async", Async},
                            {"maxrregcount", Cap}};
                NestSchedule &N = P.Schedule;
                N.Map = {{X.Iter, 0}, {Y.Iter, 1}};
                N.Block = {BX, BY};
                N.Tile = {
                    {X.Iter, TileX}, {Y.Iter, TileY}, {Strip.Iter, TileK}};
                if (unsigned V = runWidth(PX); V > 1)
                  N.Vector[X.Iter] = V;
                if (unsigned V = runWidth(PY); V > 1)
                  N.Vector[Y.Iter] = V;
                N.Shared = Arrays;
                N.Pad = 4;
                N.Pipeline = Pipe;
                N.Async = Async;
                N.MaxRegCount = Cap;
                if (Split > 1) {
                  N.Split[Strip.Iter] = Split;
                  SplitValues.insert(Split);
                }
                P.Params[SplitName] = Split;
                S.Points.push_back(std::move(P));
              }
        }
      }
  // The split knob is a parameter only where some point splits: spaces at
  // sizes with enough tiles keep their parameters as they were.
  if (SplitValues.empty()) {
    for (SpacePoint &P : S.Points)
      P.Params.erase(SplitName);
    return;
  }
  std::vector<nlohmann::json> Values = {1};
  Values.insert(Values.end(), SplitValues.begin(), SplitValues.end());
  S.Params.push_back(param(SplitName, Values));
}

void buildStencil(TuneSpace &S, const GridLoop &X, const GridLoop &Y,
                  const std::vector<std::string> &Reused) {
  S.Shape = "stencil";
  const std::vector<std::pair<unsigned, unsigned>> Blocks = {
      {32, 8}, {64, 4}, {128, 2}, {128, 4}, {256, 1}, {256, 2}};
  const std::vector<unsigned> PXs = {1, 2, 4}, PYs = {1, 2, 4, 8};
  std::string PXN = "points_" + X.Iter, PYN = "points_" + Y.Iter;
  std::vector<nlohmann::json> BlockValues;
  for (auto [BX, BY] : Blocks)
    BlockValues.push_back(blockName(BX, BY));
  S.Params = {param("block", BlockValues), param(PXN, {1, 2, 4}),
              param(PYN, {1, 2, 4, 8})};
  std::vector<int> SharedValues = {0};
  if (!Reused.empty()) {
    S.Params.push_back(param("shared", {0, 1}));
    SharedValues.push_back(1);
  }
  for (auto [BX, BY] : Blocks)
    for (unsigned PX : PXs)
      for (unsigned PY : PYs) {
        if (PX * PY > 16)
          continue;
        for (int Sh : SharedValues) {
          SpacePoint P;
          P.Params = {{"block", blockName(BX, BY)}, {PXN, PX}, {PYN, PY}};
          if (!Reused.empty())
            P.Params["shared"] = Sh;
          NestSchedule &N = P.Schedule;
          N.Map = {{X.Iter, 0}, {Y.Iter, 1}};
          N.Block = {BX, BY};
          N.Tile = {{X.Iter, BX * PX}, {Y.Iter, BY * PY}};
          if (unsigned V = runWidth(PX); V > 1)
            N.Vector[X.Iter] = V;
          if (unsigned V = runWidth(PY); V > 1)
            N.Vector[Y.Iter] = V;
          if (Sh) {
            N.Shared = Reused;
            N.Pad = 1;
          }
          S.Points.push_back(std::move(P));
        }
      }
}

void buildUntiled(TuneSpace &S, const Kernel &K) {
  S.Shape = "untiled";
  const GridLoop &X =
      *std::find_if(K.Grid.begin(), K.Grid.end(),
                    [](const GridLoop &G) { return G.Dim == 0; });
  std::string CN = "thread_" + X.Iter;
  S.Params = {param("block", {64, 128, 256, 512, 1024}),
              param(CN, {1, 2, 4, 8})};
  for (unsigned B : {64u, 128u, 256u, 512u, 1024u})
    for (unsigned C : {1u, 2u, 4u, 8u}) {
      SpacePoint P;
      P.Params = {{"block", B}, {CN, C}};
      NestSchedule &N = P.Schedule;
      for (const GridLoop &G : K.Grid)
        N.Map.push_back({G.Iter, G.Dim});
      N.Block = {B};
      for (size_t D = 1; D < K.Grid.size(); ++D)
        N.Block.push_back(1);
      if (C > 1)
        N.Thread[X.Iter] = C;
      S.Points.push_back(std::move(P));
    }
  // A point's first loop split over threads (lanes): whole warps where it
  // reads along rows, up to 32 slices across them; the lowering refuses
  // the counts that do not suit the loop, or a loop that is no reduction.
  if (K.Grid.size() != 1)
    return;
  const ForStmt *L = nullptr;
  for (const StmtPtr &St : K.Body)
    if ((L = dyn_cast<ForStmt>(St.get())))
      break;
  if (!L)
    return;
  std::string LN = "lanes_" + L->Iter;
  S.Params.push_back(param(LN, {4, 8, 16, 32, 64, 128, 256, 512, 1024}));
  for (unsigned T : {4u, 8u, 16u, 32u, 64u, 128u, 256u, 512u, 1024u}) {
    SpacePoint P;
    P.Params = {{LN, T}};
    P.Schedule.Map = {{X.Iter, 0}};
    P.Schedule.Lanes[L->Iter] = T;
    S.Points.push_back(std::move(P));
  }
}

/// A reduction nest over three mapped loops (transforms/DefaultTiling.h's
/// ReductionNest, the shape of the default register tile): blocks of
/// threads along X and R, points along X, R and the third loop, and the
/// outer reduction loop in strips of 1 or 2. Between 16 and 128 points per
/// thread: fewer share too few operands, more do not fit in registers.
void buildReductionNest(TuneSpace &S, const ReductionNest &RN) {
  S.Shape = "reduction-nest";
  const std::vector<std::pair<unsigned, unsigned>> Blocks = {
      {8, 8}, {16, 8}, {8, 16}, {32, 4}};
  const std::vector<unsigned> TXs = {16, 32, 64}, TRs = {32, 64, 128},
                              T3s = {1, 2, 4}, Strips = {1, 2};
  const std::string &X = RN.X->Iter, &R = RN.R->Iter, &T = RN.Third->Iter,
                    &K = RN.Strip->Iter;
  std::vector<nlohmann::json> BlockValues;
  for (auto [BX, BR] : Blocks)
    BlockValues.push_back(blockName(BX, BR));
  S.Params = {param("block", BlockValues), param("tile_" + X, {16, 32, 64}),
              param("tile_" + R, {32, 64, 128}), param("tile_" + T, {1, 2, 4}),
              param("tile_" + K, {1, 2})};
  for (auto [BX, BR] : Blocks)
    for (unsigned TX : TXs)
      for (unsigned TR : TRs)
        for (unsigned T3 : T3s) {
          unsigned Points = TX / BX * (TR / BR) * T3;
          if (TX % BX || TR % BR || Points < 16 || Points > 128)
            continue;
          for (unsigned TK : Strips) {
            SpacePoint P;
            P.Params = {{"block", blockName(BX, BR)},
                        {"tile_" + X, TX},
                        {"tile_" + R, TR},
                        {"tile_" + T, T3},
                        {"tile_" + K, TK}};
            P.Schedule = reductionNestSchedule(RN, BX, BR, TX, TR, T3, TK);
            S.Points.push_back(std::move(P));
          }
        }
}

} // namespace

TuneSpace buildTuneSpace(const Kernel &K, const Function &F,
                         const ScalarValues &Sizes) {
  TuneSpace S;
  const GridLoop *X = nullptr, *Y = nullptr;
  for (const GridLoop &G : K.Grid)
    (G.Dim == 0 ? X : Y) = &G;
  if (K.Grid.size() == 2 && X && Y && !K.ExplicitThreads) {
    std::set<std::string> Written = collectWrittenArrays(K.Body);
    for (const StmtPtr &St : K.Body) {
      const auto *L = dyn_cast<ForStmt>(St.get());
      if (!L || (isIntLiteral(*L->Lower) && isIntLiteral(*L->Upper)))
        continue;
      std::vector<std::string> Arrays =
          readOnlyUsing(L->Body, {L->Iter}, Written);
      if (Arrays.empty())
        continue;
      buildStrip(S, *X, *Y, *L, Arrays, Sizes);
      return S;
    }
    buildStencil(S, *X, *Y, readOnlyUsing(K.Body, {X->Iter, Y->Iter}, Written));
    return S;
  }
  if (std::optional<ReductionNest> RN = reductionNest(K)) {
    buildReductionNest(S, *RN);
    return S;
  }
  if (!K.Grid.empty() && X)
    buildUntiled(S, K);
  return S;
}

} // namespace c2cuda
