//===- DefaultTiles.cpp - A tiling for nests without clauses --------------===//

#include "DefaultTiles.h"

#include "CopyAsync.h"
#include "DefaultTiling.h"
#include "PipelineStrips.h"
#include "PromoteToShared.h"
#include "RegisterOperands.h"
#include "StripMine.h"
#include "TileBands.h"
#include "UseTensorCores.h"

#include "schedule/ScheduleCheck.h"

namespace c2cuda {

namespace {

/// A kernel tiled by a default schedule: K prepared for S (block shape,
/// one point per grid loop), and S's plan, which the stages fill in.
struct DefaultTiled {
  Kernel K;
  std::shared_ptr<TilePlan> Plan;
  /// Whether the trial put the strips on the tensor cores.
  bool Mma = false;
};

/// K prepared for S, or nothing when a planning stage refuses S (its
/// errors go to a scratch list).
std::optional<DefaultTiled> tileWith(const Kernel &K, const NestStmt &Nest,
                                     const NestSchedule &S,
                                     const LoweringContext &Ctx) {
  // The values, by the rules every producer's schedules follow.
  if (checkScheduleValues(S, clausesSetIn(S)))
    return std::nullopt;
  DefaultTiled Out{K, std::make_shared<TilePlan>()};
  Kernel &Try = Out.K;
  for (GridLoop &G : Try.Grid)
    G.Coarsen = 1;
  Try.Block[0] = S.Block[0];
  Try.Block[1] = S.Block.size() > 1 ? S.Block[1] : 1;
  Try.Block[2] = S.Block.size() > 2 ? S.Block[2] : 1;
  Try.Schedule.Block = S.Block;
  Try.Schedule.Thread.clear();
  Try.Schedule.MaxRegCount = S.MaxRegCount;
  Out.Plan->Nest = &Nest;
  Out.Plan->S = S;
  // The stages that may refuse, on copies.
  Kernel Trial = Try;
  TilePlan P = *Out.Plan;
  DiagnosticList Scratch;
  LoweringContext TryCtx(Ctx.F, Ctx.Facts, Scratch, Ctx.AllowReassociation);
  TryCtx.TensorCores = Ctx.TensorCores;
  TryCtx.Tf32x3 = Ctx.Tf32x3;
  for (auto *Stage :
       {planBlockTiles, planStrip, planSharedTiles, planRegisterOperands,
        planPipeline, planCopyAsync, planTensorCores})
    if (!Stage(Trial, P, TryCtx) || Scratch.hasErrors())
      return std::nullopt;
  Out.Mma = P.Mma.has_value();
  return Out;
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

/// K tiled by the first default candidate the stages accept, with that
/// candidate's smaller schedules the stages accept, largest first; or
/// nothing.
std::optional<std::pair<DefaultTiled, std::vector<DefaultTiled>>>
tileByDefault(const Kernel &K, const NestStmt &Nest,
              const LoweringContext &Ctx) {
  for (const DefaultTiling &C : defaultTilingCandidates(K, Ctx.F, Ctx.Tf32x3)) {
    std::optional<DefaultTiled> Tiled =
        tileWith(K, Nest, C.Schedule.Schedule, Ctx);
    if (!Tiled || (C.OnTensorCores && !Tiled->Mma))
      continue;
    Tiled->Plan->LaterRemarks.push_back(
        "no schedule clauses: tiled by default (the schedule atop the kernel; "
        "--no-default-tiling keeps the untiled mapping)");
    Tiled->K.BlockTime = blockTime(C.Schedule);
    std::vector<DefaultTiled> Few;
    for (const RatedSchedule &S : C.FewBlocks) {
      std::optional<DefaultTiled> Small = tileWith(K, Nest, S.Schedule, Ctx);
      if (!Small || (C.OnTensorCores && !Small->Mma))
        continue;
      Small->K.Name = K.Name + "_" + tileShape(S.Schedule);
      Small->K.IsAlternative = true;
      Small->Plan->LaterRemarks.push_back(
          "runs in place of " + K.Name +
          " where its blocks take less time (smaller tiles for small "
          "problems)");
      Small->K.BlockTime = blockTime(S);
      Few.push_back(std::move(*Small));
    }
    if (!Few.empty())
      Tiled->K.MinBlocksPerSm = C.MinBlocksPerSm;
    for (size_t I = 0; I < Few.size(); ++I)
      (I ? Few[I - 1] : *Tiled)
          .Plan->LaterRemarks.push_back(
              "when its blocks would take longer (the busiest "
              "multiprocessor's share of them, at the rate of their tile "
              "shape)" +
              (I == 0 && Tiled->K.MinBlocksPerSm
                   ? " or its grid has fewer than " +
                         std::to_string(Tiled->K.MinBlocksPerSm) +
                         " blocks per multiprocessor"
                   : std::string()) +
              ", " + Few[I].K.Name + " (tiles of " +
              tileShape(Few[I].Plan->S, /*Iters=*/true) + ") runs instead");
    return std::make_pair(std::move(*Tiled), std::move(Few));
  }
  return std::nullopt;
}

} // namespace

LoweredFunction defaultTiles(LoweredFunction LF, LoweringContext &Ctx) {
  // Alternatives go after every kernel the host body launches.
  std::vector<DefaultTiled> Alternatives;
  size_t Launched = LF.Kernels.size();
  for (size_t I = 0; I < Launched; ++I) {
    Kernel &K = LF.Kernels[I];
    const NestStmt *Nest = Ctx.nest(K.NestId);
    if (!Nest || !Nest->scheduledByDefault())
      continue;
    auto Tiled = tileByDefault(K, *Nest, Ctx);
    if (!Tiled)
      continue;
    K = std::move(Tiled->first.K);
    Ctx.TilePlans[I] = std::move(Tiled->first.Plan);
    std::vector<DefaultTiled> &Few = Tiled->second;
    int Next = static_cast<int>(Launched + Alternatives.size());
    if (!Few.empty())
      K.FewBlocksAlternative = Next;
    for (size_t J = 0; J < Few.size(); ++J) {
      if (J + 1 < Few.size())
        Few[J].K.FewBlocksAlternative = Next + static_cast<int>(J) + 1;
      Alternatives.push_back(std::move(Few[J]));
    }
  }
  for (DefaultTiled &A : Alternatives) {
    Ctx.TilePlans[LF.Kernels.size()] = std::move(A.Plan);
    LF.Kernels.push_back(std::move(A.K));
  }
  return LF;
}

} // namespace c2cuda
