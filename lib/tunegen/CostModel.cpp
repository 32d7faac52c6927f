//===- CostModel.cpp - Predicted time of a variant ------------------------===//

#include "CostModel.h"

#include "WorkCount.h"

#include "target/OccupancyCore.h"

#include "llvm/Support/Casting.h"

#include <algorithm>
#include <cmath>

using namespace llvm;

namespace c2cuda {

namespace {

// An H100 SXM at its base boost clock; only ratios between variants matter.
constexpr double SMs = ModelMultiprocessors, Clock = 1.755e9;
constexpr double DramBW = 3.35e12, L2BW = 7.0e12;
constexpr double SharedBytesPerClock = 128, IssuePerClock = 128;
constexpr double LatencyCycles = 800, LatencySeconds = 600e-9;
// Float atomic adds into distinct addresses, as measured through split
// products on an H100 (2026-12-07: 1024^3 in 128 x 128 tiles took 4 us
// longer per 2^20 more adds, split 4 against split 8; benchmarks/RESULTS.md).
constexpr double AtomicAddsPerSecond = 2.5e11;

struct DeclSums {
  double SharedBytes = 0, RegisterElems = 0;
};

double elemBytes(ScalarKind K) { return sizeInBytes(K); }

void sumDecls(const StmtList &L, DeclSums &S) {
  for (const StmtPtr &St : L) {
    if (const auto *D = dyn_cast<DeclStmt>(St.get())) {
      if (!D->isArray())
        continue;
      double N = 1;
      for (int64_t X : D->Dims)
        N *= (double)X;
      if (D->Storage == StorageKind::Shared)
        S.SharedBytes += N * elemBytes(D->Type);
      else
        // A char or short element still takes a 32-bit register.
        S.RegisterElems += N * std::max(1.0, elemBytes(D->Type) / 4);
    } else if (const auto *F = dyn_cast<ForStmt>(St.get())) {
      sumDecls(F->Body, S);
    } else if (const auto *I = dyn_cast<IfStmt>(St.get())) {
      sumDecls(I->Then, S);
      sumDecls(I->Else, S);
    }
  }
}

unsigned tileOf(const NestSchedule &S, const std::string &It, unsigned Def) {
  auto I = S.Tile.find(It);
  return I == S.Tile.end() ? Def : I->second;
}

} // namespace

CostResult predictCost(const CostInputs &In) {
  CostResult R;
  const Kernel &P = *In.Plain, &V = *In.Variant;
  const NestSchedule &S = V.Schedule;
  double Threads = (double)V.Block[0] * V.Block[1] * V.Block[2];

  // Trip counts of the mapped loops and the work each block does.
  double Blocks = 1, Points = 1, PX = 1, PY = 1, PZ = 1;
  std::string XIter, YIter;
  for (const GridLoop &G : P.Grid) {
    auto T = evaluateInt(*G.TripCount, In.Sizes);
    double Trip = T ? (double)*T : 1;
    unsigned BlockDim = V.Block[std::min(G.Dim, 2u)];
    unsigned Tile = V.ExplicitThreads ? tileOf(S, G.Iter, BlockDim) : BlockDim;
    double Per = (double)Tile / BlockDim;
    if (!V.ExplicitThreads) {
      auto C = S.Thread.find(G.Iter);
      Per = C == S.Thread.end() ? 1 : C->second;
      Tile = BlockDim * (unsigned)Per;
    }
    Blocks *= std::ceil(Trip / Tile);
    Points *= Per;
    if (G.Dim == 0) {
      PX = Per;
      XIter = G.Iter;
    } else if (G.Dim == 1) {
      PY = Per;
      YIter = G.Iter;
    } else {
      PZ = Per;
    }
  }
  // A reduction nest's band loops left to each thread are folded into the
  // tiles: tile(n: T) points each, one block per tile.
  bool ReductionNest = In.Shape == "reduction-nest";
  if (ReductionNest)
    for (const ForStmt *L : inThreadBandLoops(P))
      if (auto T = tripCount(*L, In.Sizes)) {
        double Per = tileOf(S, L->Iter, 1);
        Blocks *= std::ceil((double)*T / Per);
        Points *= Per;
      }

  DeclSums D;
  sumDecls(V.Body, D);
  double EstRegs = BaseRegisters + D.RegisterElems;
  if (In.Shape == "strip")
    EstRegs += PX + PY; // Operand fragments of the register tile.
  else if (ReductionNest)
    EstRegs += PX + PY + PZ;
  else
    EstRegs += 3 * Points; // Window values held per point.
  if (EstRegs > 255 && !S.MaxRegCount) {
    R.Pruned = true;
    R.Why = "needs about " + std::to_string((int)EstRegs) + " registers";
    return R;
  }
  unsigned Limit = S.MaxRegCount ? S.MaxRegCount : 255;
  bool Spills = EstRegs > Limit * 1.1;
  int Regs = (int)std::min<double>(EstRegs, Limit);

  occupancy::KernelResources KR;
  KR.RegsPerThread = Regs;
  KR.StaticSmemBytes = (long long)D.SharedBytes;
  occupancy::LaunchParams LP;
  LP.BlockSize = (int)Threads;
  occupancy::Result O = occupancy::computeOccupancy(9, 0, KR, LP);
  if (O.St != occupancy::Status::Ok || O.ActiveBlocks == 0) {
    R.Pruned = true;
    R.Why = "no block fits on an SM";
    return R;
  }
  tuner::ModelPrediction &M = R.Model;
  M.Occupancy = O.Occupancy;
  M.EstRegisters = (unsigned)Regs;
  M.SharedBytes = (uint64_t)D.SharedBytes;
  M.ThreadsPerBlock = (unsigned)Threads;

  // Strip loop trip count (the strip class): rounds of staged loads,
  // divided among Split blocks per tile where the strips are split.
  double StripTrip = 1, TileK = 1, Split = 1;
  if (In.Shape == "strip")
    for (const StmtPtr &St : P.Body)
      if (const auto *L = dyn_cast<ForStmt>(St.get()))
        if (S.Tile.count(L->Iter)) {
          auto T = tripCount(*L, In.Sizes);
          StripTrip = T ? (double)*T : 1;
          TileK = S.Tile.at(L->Iter);
          if (auto I = S.Split.find(L->Iter); I != S.Split.end())
            Split = I->second;
        }
  double Outputs = Blocks * Points * Threads;
  double StripsPerBlock = std::ceil(StripTrip / TileK / Split);
  Blocks *= Split;

  double Concurrent = SMs * O.ActiveBlocks;
  // The busiest multiprocessor runs ceil(Blocks / SMs) blocks' work, at
  // most ActiveBlocks of them at once: the others' share of the issue
  // slots is lost (a grid of one block per SM loses nothing; whether one
  // block's warps keep an SM busy is the ILP factor's question).
  double PerSm = std::ceil(Blocks / SMs);
  double WaveEff = Blocks / (PerSm * SMs);
  double ResidentWarps =
      std::min<double>(O.ActiveBlocks, PerSm) * std::ceil(Threads / 32);
  double FMAs = In.Flops / 2;

  double VX = 1, VY = 1;
  if (auto I = S.Vector.find(XIter); I != S.Vector.end())
    VX = I->second;
  if (auto I = S.Vector.find(YIter); I != S.Vector.end())
    VY = I->second;

  double SharedLoadsPerFMA = 0, SharedBytes = 0, L2Bytes = In.MinBytes;
  if (In.Shape == "strip") {
    SharedLoadsPerFMA = (PX / VX + PY / VY) / (PX * PY);
    SharedBytes = FMAs * (1 / PX + 1 / PY) * 4;
    L2Bytes = Blocks * StripsPerBlock * D.SharedBytes;
  } else if (ReductionNest) {
    // Operands from L1, one load per point along each mapped loop.
    SharedLoadsPerFMA = (PX + PY + PZ) / Points;
  } else if (D.SharedBytes > 0) {
    SharedLoadsPerFMA = 1;
    SharedBytes = In.MinBytes * 3;
  } else {
    // A one-element halo around each tile is read again by its neighbours.
    double TX = V.Block[0] * PX, TY = V.Block[1] * PY;
    L2Bytes = In.MinBytes * (TX + 2) * (TY + 2) / (TX * TY);
  }
  // A split adds every block's partial sums into the outputs atomically
  // (read and written in L2, at the end of each block, where little else
  // overlaps them), after a start kernel that writes them once where they
  // do not hold the sums' starts already.
  double Dram = 0, Atomics = 0;
  if (Split > 1) {
    L2Bytes += Outputs * Split * 8;
    Atomics = Outputs * Split / AtomicAddsPerSecond;
    if (V.LaunchFirst >= 0)
      Dram += Outputs * 4 / DramBW;
  }
  double Issue = (FMAs * (1 + SharedLoadsPerFMA) + Blocks * Threads * 20) /
                 (SMs * IssuePerClock * Clock * WaveEff);
  // Independent accumulators per warp hide the FMA latency (4 cycles, 4
  // schedulers): fewer than ~8 warps x 4 points stall.
  double ILP = std::min(1.0, ResidentWarps * Points / 32.0);
  Issue /= ILP;
  double Shared = SharedBytes / (SMs * SharedBytesPerClock * Clock * WaveEff);
  double L2 = L2Bytes / L2BW;
  // Little's law: bytes the resident warps have in flight.
  double InFlight =
      SMs * ResidentWarps * 32 * Points * 4 * std::max(1.0, std::min(VX, 4.0));
  Dram += In.MinBytes / std::min(DramBW, InFlight / LatencySeconds);
  double Latency = 0;
  if (In.Shape == "strip")
    Latency = Blocks * StripsPerBlock / Concurrent * LatencyCycles / Clock /
              (S.Pipeline > 1 || S.Async ? 2 : 1);

  M.Terms = {{"issue", Issue},
             {"shared", Shared},
             {"l2", L2},
             {"dram", Dram},
             {"latency", Latency}};
  if (Split > 1)
    M.Terms["atomics"] = Atomics;
  double T = std::max({Issue, Shared, L2, Dram}) + 0.5 * Latency + Atomics;
  if (Spills)
    T *= 1.5;
  M.Seconds = T;
  return R;
}

} // namespace c2cuda
