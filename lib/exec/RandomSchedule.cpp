//===- RandomSchedule.cpp - Random legal schedules for a function ---------===//

#include "RandomSchedule.h"

#include "analysis/NestFacts.h"
#include "schedule/ScheduleCheck.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Casting.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <iterator>
#include <numeric>

namespace c2cuda {

namespace {

/// F lowered with schedules Scheds (withNestSchedules); the errors as text,
/// one "loc: message" line each, empty on success.
std::string lowerWith(const Function &Src,
                      const std::map<unsigned, NestSchedule> &Scheds,
                      const PipelineOptions &Opts, Function &F,
                      LoweredFunction &LF) {
  for (const auto &[Id, S] : Scheds)
    if (auto P = checkScheduleValues(S, clausesSetIn(S)))
      return "nest " + std::to_string(Id) + ": " + P->Message + "\n";
  F = Src;
  F.Body = withNestSchedules(Src.Body, Scheds);
  DiagnosticList Diags;
  FunctionFacts Facts = analyzeFunction(F, Diags);
  if (!Diags.hasErrors())
    LF = runPipeline(F, Facts, Opts, Diags);
  std::string Errors;
  if (Diags.hasErrors())
    for (const Diagnostic &D : Diags.all())
      Errors += D.Loc.str() + ": " + D.Message + "\n";
  return Errors;
}

/// Iterators of every loop in S.
void collectLoops(const Stmt &S, std::set<std::string> &Out) {
  if (const auto *F = llvm::dyn_cast<ForStmt>(&S)) {
    // Loops lowering made (c2c_round, ...) are no user's to schedule.
    if (!llvm::StringRef(F->Iter).starts_with("c2c_"))
      Out.insert(F->Iter);
    for (const StmtPtr &B : F->Body)
      collectLoops(*B, Out);
  } else if (const auto *I = llvm::dyn_cast<IfStmt>(&S)) {
    for (const StmtPtr &B : I->Then)
      collectLoops(*B, Out);
    for (const StmtPtr &B : I->Else)
      collectLoops(*B, Out);
  }
}

/// Arrays a statement list reads and writes.
void collectArrayUse(const StmtList &L, std::set<std::string> &Read,
                     std::set<std::string> &Written) {
  for (const StmtPtr &S : L) {
    std::function<void(const Expr &)> Walk = [&](const Expr &E) {
      if (const auto *R = llvm::dyn_cast<ArrayRef>(&E)) {
        Read.insert(R->Array);
        for (const ExprPtr &I : R->Indices)
          Walk(*I);
      } else if (const auto *B = llvm::dyn_cast<BinaryExpr>(&E)) {
        Walk(*B->LHS);
        Walk(*B->RHS);
      } else if (const auto *U = llvm::dyn_cast<UnaryExpr>(&E)) {
        Walk(*U->Operand);
      } else if (const auto *C = llvm::dyn_cast<CastExpr>(&E)) {
        Walk(*C->Operand);
      } else if (const auto *Se = llvm::dyn_cast<SelectExpr>(&E)) {
        Walk(*Se->Cond);
        Walk(*Se->True);
        Walk(*Se->False);
      } else if (const auto *Ca = llvm::dyn_cast<CallExpr>(&E)) {
        for (const ExprPtr &A : Ca->Args)
          Walk(*A);
      }
    };
    if (const auto *A = llvm::dyn_cast<AssignStmt>(S.get())) {
      if (const auto *R = llvm::dyn_cast<ArrayRef>(A->LHS.get())) {
        Written.insert(R->Array);
        for (const ExprPtr &I : R->Indices)
          Walk(*I);
      }
      Walk(*A->RHS);
    } else if (const auto *D = llvm::dyn_cast<DeclStmt>(S.get())) {
      if (D->Init)
        Walk(*D->Init);
    } else if (const auto *I = llvm::dyn_cast<IfStmt>(S.get())) {
      Walk(*I->Cond);
      collectArrayUse(I->Then, Read, Written);
      collectArrayUse(I->Else, Read, Written);
    } else if (const auto *F = llvm::dyn_cast<ForStmt>(S.get())) {
      Walk(*F->Lower);
      Walk(*F->Upper);
      collectArrayUse(F->Body, Read, Written);
    }
  }
}

/// Probes which tiling clauses the pipeline accepts for nest Id alone (every
/// other nest at the default): a base tiling of the mapped loops, then each
/// top loop as a strip (and its strips split among blocks), then each read-only
/// array in shared memory with each accepted strip and with none, and each
/// accepted (strip, array) with async(2) copies.
void probeTiling(const Function &F, const PipelineOptions &Opts, unsigned Id,
                 NestShape &N) {
  auto Accepted = [&](const NestSchedule &S) {
    Function G;
    LoweredFunction LF;
    return lowerWith(F, {{Id, S}}, Opts, G, LF).empty();
  };
  if (N.Mapped.empty())
    return;
  NestSchedule Base;
  for (size_t D = 0; D < N.Mapped.size(); ++D)
    Base.Map.emplace_back(N.Mapped[D], D);
  Base.Tile[N.Mapped[0]] = N.Mapped.size() == 1 ? 256 : 32;
  if (!Accepted(Base))
    return;
  N.Tileable = true;
  std::vector<std::string> StripOpts = {""};
  for (const std::string &Sl : N.TopLoops) {
    NestSchedule S = Base;
    S.Tile[Sl] = 4;
    if (Accepted(S)) {
      N.Strips.insert(Sl);
      StripOpts.push_back(Sl);
      S.Split[Sl] = 2;
      if (Accepted(S))
        N.SplitStrips.insert(Sl);
    }
  }
  for (const std::string &Sl : StripOpts)
    for (const std::string &A : N.ReadOnly) {
      NestSchedule S = Base;
      if (!Sl.empty())
        S.Tile[Sl] = 4;
      S.Shared = {A};
      if (!Accepted(S))
        continue;
      N.SharedWith[Sl].insert(A);
      S.Async = 2;
      if (!Sl.empty() && Accepted(S))
        N.AsyncWith[Sl].insert(A);
    }
}

/// Probes lanes(L: 32), which both forms take, then lanes(L: 64), which
/// only whole warps along rows take, for each loop L of nest Id.
void probeLanes(const Function &F, const PipelineOptions &Opts, unsigned Id,
                const std::set<std::string> &Loops, NestShape &N) {
  auto Accepted = [&](const std::string &L, unsigned Threads) {
    NestSchedule S;
    S.Lanes[L] = Threads;
    Function G;
    LoweredFunction LF;
    return lowerWith(F, {{Id, S}}, Opts, G, LF).empty();
  };
  for (const std::string &L : Loops)
    if (Accepted(L, 32))
      N.LanesRows[L] = Accepted(L, 64);
}

/// Iterators of the loops of nest Id as written, or empty.
std::set<std::string> nestLoops(const StmtList &L, unsigned Id) {
  std::set<std::string> Out;
  for (const StmtPtr &S : L) {
    if (const auto *N = llvm::dyn_cast<NestStmt>(S.get())) {
      if (N->Id == Id)
        for (const StmtPtr &B : N->Body)
          collectLoops(*B, Out);
    } else if (const auto *R = llvm::dyn_cast<HostRegion>(S.get())) {
      std::set<std::string> In = nestLoops(R->Body, Id);
      Out.insert(In.begin(), In.end());
    }
  }
  return Out;
}

} // namespace

StmtList withNestSchedules(const StmtList &L,
                           const std::map<unsigned, NestSchedule> &Scheds) {
  StmtList Out;
  for (const StmtPtr &S : L) {
    if (const auto *N = llvm::dyn_cast<NestStmt>(S.get())) {
      NestClauses C = N->Clauses;
      auto It = Scheds.find(N->Id);
      static_cast<NestSchedule &>(C) =
          It == Scheds.end() ? NestSchedule() : It->second;
      auto Copy = std::make_shared<NestStmt>(*N); // AsWritten included.
      Copy->Clauses = C;
      Out.push_back(std::move(Copy));
    } else if (const auto *R = llvm::dyn_cast<HostRegion>(S.get())) {
      Out.push_back(R->withBody(withNestSchedules(R->Body, Scheds)));
    } else {
      Out.push_back(S);
    }
  }
  return Out;
}

ScheduleSpace probeSchedules(const Function &F, const PipelineOptions &Opts,
                             bool ProbeTiling) {
  PipelineOptions O = Opts;
  O.TileByDefault = false;
  O.PrintAfterAll = false;
  O.PrintAfter.clear();
  std::string Null;
  llvm::raw_string_ostream Log(Null);
  O.Log = &Log;

  ScheduleSpace Space;
  Function G;
  LoweredFunction LF;
  Space.Errors = lowerWith(F, {}, O, G, LF);
  if (!Space.Errors.empty())
    return Space;
  std::map<unsigned, std::set<std::string>> Read, Written;
  for (const Kernel &K : LF.Kernels) {
    NestShape &N = Space.Nests[K.NestId];
    collectArrayUse(K.Body, Read[K.NestId], Written[K.NestId]);
    if (K.Grid.size() > N.Mapped.size()) {
      N.Mapped.clear();
      N.TopLoops.clear();
      for (const GridLoop &Gl : K.Grid)
        N.Mapped.push_back(Gl.Iter);
      // Tiled kernels fold the band loops left to each thread into their
      // tiles, so the loops inside those are at the top too.
      std::vector<const ForStmt *> Band = inThreadBandLoops(K);
      for (const ForStmt *Fo : Band)
        N.TopLoops.insert(Fo->Iter);
      const StmtList *Top = Band.empty() ? &K.Body : &Band.back()->Body;
      for (const StmtPtr &S : *Top)
        if (const auto *Fo = llvm::dyn_cast<ForStmt>(S.get()))
          N.TopLoops.insert(Fo->Iter);
    }
    for (const StmtPtr &S : K.Body)
      collectLoops(*S, N.InThread);
  }
  for (auto &[Id, N] : Space.Nests)
    for (const std::string &A : Read[Id])
      if (!Written[Id].count(A))
        N.ReadOnly.insert(A);
  if (ProbeTiling)
    for (auto &[Id, N] : Space.Nests) {
      probeTiling(F, O, Id, N);
      // A point of one mapped loop (or of none: the default split a loop
      // over threads already) may split one of its loops over threads.
      if (N.Mapped.size() <= 1)
        probeLanes(F, O, Id, nestLoops(F.Body, Id), N);
    }
  return Space;
}

std::map<unsigned, NestSchedule> drawSchedules(const ScheduleSpace &Space,
                                               std::mt19937_64 &Rng,
                                               ScheduleKind Kind) {
  std::map<unsigned, NestSchedule> Scheds;
  std::uniform_int_distribution<unsigned> Coin(0, 1);
  std::uniform_int_distribution<unsigned> Third(0, 2);
  for (const auto &[Id, N] : Space.Nests) {
    if (Kind == ScheduleKind::Mixed && !N.LanesRows.empty() &&
        Third(Rng) == 0) {
      Scheds[Id] = randomLanesSchedule(N, Rng);
      continue;
    }
    bool Tiled = Kind == ScheduleKind::Tiled ||
                 (Kind == ScheduleKind::Mixed && N.Tileable && Coin(Rng));
    if (!Tiled)
      Scheds[Id] = randomSchedule(N, Rng);
    else if (N.Tileable)
      Scheds[Id] = randomTiledSchedule(N, Rng);
  }
  return Scheds;
}

std::map<unsigned, NestSchedule> randomSchedules(const Function &F,
                                                 const PipelineOptions &Opts,
                                                 std::mt19937_64 &Rng) {
  return drawSchedules(probeSchedules(F, Opts), Rng, ScheduleKind::Mixed);
}

std::vector<unsigned> randomBlock(unsigned Rank, std::mt19937_64 &Rng) {
  std::vector<unsigned> B(Rank, 1);
  std::vector<unsigned> Order(Rank);
  std::iota(Order.begin(), Order.end(), 0);
  std::shuffle(Order.begin(), Order.end(), Rng);
  unsigned Left = 1024;
  std::uniform_real_distribution<double> U(0, 1);
  for (unsigned D : Order) {
    unsigned X = static_cast<unsigned>(std::exp(U(Rng) * std::log(Left + 1.0)));
    X = std::clamp(X, 1u, Left);
    B[D] = X;
    Left /= X;
  }
  return B;
}

NestSchedule randomSchedule(const NestShape &N, std::mt19937_64 &Rng) {
  NestSchedule S;
  std::uniform_int_distribution<unsigned> Coin(0, 1), Four(1, 4), Eight(1, 8);
  if (!N.Mapped.empty()) {
    std::vector<std::string> Loops = N.Mapped;
    std::shuffle(Loops.begin(), Loops.end(), Rng);
    size_t Count = Loops.size();
    if (Coin(Rng))
      Count = std::uniform_int_distribution<size_t>(1, Loops.size())(Rng);
    for (size_t D = 0; D < Count; ++D) {
      S.Map.emplace_back(Loops[D], D);
      if (unsigned E = Four(Rng); E > 1 || Coin(Rng))
        S.Thread[Loops[D]] = E;
    }
    S.Block = randomBlock(Count, Rng);
  }
  for (const std::string &L : N.InThread)
    if (Coin(Rng))
      S.Unroll[L] = Eight(Rng);
  if (Coin(Rng)) {
    unsigned Threads = 1;
    for (unsigned V : S.Block)
      Threads *= V;
    S.MaxRegCount = std::uniform_int_distribution<unsigned>(
        16, std::min(255u, 65536u / Threads))(Rng);
  }
  return S;
}

NestSchedule randomTiledSchedule(const NestShape &N, std::mt19937_64 &Rng) {
  NestSchedule S;
  std::uniform_int_distribution<unsigned> Coin(0, 1), Four(1, 4), Eight(1, 8),
      Three(0, 2);
  std::vector<std::string> Loops = N.Mapped;
  std::shuffle(Loops.begin(), Loops.end(), Rng);
  std::vector<unsigned> B = randomBlock(Loops.size(), Rng);
  unsigned Threads = 1;
  for (unsigned &V : B) {
    while (Threads * V > 256)
      V = std::max(1u, V / 2);
    Threads *= V;
  }
  S.Block = B;
  for (size_t D = 0; D < Loops.size(); ++D) {
    S.Map.emplace_back(Loops[D], D);
    unsigned P = Four(Rng);
    unsigned V = P % 4 == 0 && Coin(Rng) ? 4 : P % 2 == 0 && Coin(Rng) ? 2 : 1;
    if (Coin(Rng))
      S.Thread[Loops[D]] = P;
    else
      S.Tile[Loops[D]] = P * B[D];
    if (V > 1)
      S.Vector[Loops[D]] = V;
  }
  if (S.Tile.empty() && S.Vector.empty())
    S.Tile[Loops[0]] =
        B[0] * (S.Thread.count(Loops[0]) ? S.Thread[Loops[0]] : 1);
  std::string Strip;
  if (!N.Strips.empty() && Coin(Rng)) {
    auto It = N.Strips.begin();
    std::advance(
        It, std::uniform_int_distribution<size_t>(0, N.Strips.size() - 1)(Rng));
    Strip = *It;
    S.Tile[Strip] = Eight(Rng);
    if (Coin(Rng))
      S.Unroll[Strip] = Four(Rng);
    // Its strips divided among 2 to 8 blocks, in one draw of three.
    if (N.SplitStrips.count(Strip) && Three(Rng) == 0)
      S.Split[Strip] = std::uniform_int_distribution<unsigned>(2, 8)(Rng);
  }
  auto SW = N.SharedWith.find(Strip);
  if (SW != N.SharedWith.end())
    for (const std::string &A : SW->second)
      if (Coin(Rng))
        S.Shared.push_back(A);
  S.Pad = Three(Rng);
  // Staged strips: single-buffered, prefetched into registers, or also two
  // shared buffers; where every shared array took async(2), one in three
  // filled by asynchronous copies into 2 to 4 buffers instead, which
  // replace pipeline(2) and (3): pipeline left out or 1.
  if (!Strip.empty() && !S.Shared.empty()) {
    auto AW = N.AsyncWith.find(Strip);
    bool Async =
        AW != N.AsyncWith.end() && std::all_of(S.Shared.begin(), S.Shared.end(),
                                               [&](const std::string &A) {
                                                 return AW->second.count(A) > 0;
                                               });
    if (Async && Three(Rng) == 0) {
      S.Async = Three(Rng) + 2;
      S.Pipeline = Coin(Rng);
    } else {
      S.Pipeline = Three(Rng) + 1;
    }
  }
  if (Coin(Rng))
    S.MaxRegCount = std::uniform_int_distribution<unsigned>(
        32, std::min(255u, 65536u / Threads))(Rng);
  return S;
}

NestSchedule randomLanesSchedule(const NestShape &N, std::mt19937_64 &Rng) {
  NestSchedule S;
  auto It = N.LanesRows.begin();
  std::advance(It, std::uniform_int_distribution<size_t>(0, N.LanesRows.size() -
                                                                1)(Rng));
  const auto &[Loop, Rows] = *It;
  // Whole warps: 1 to 32 of them, few more often (log-uniform); slices:
  // 2 to 32.
  std::uniform_real_distribution<double> U(0, 1);
  unsigned Threads =
      Rows ? 32 * std::clamp(unsigned(std::exp(U(Rng) * std::log(33.0))), 1u,
                             32u)
           : std::uniform_int_distribution<unsigned>(2, 32)(Rng);
  S.Lanes[Loop] = Threads;
  std::uniform_int_distribution<unsigned> Coin(0, 1), Eight(1, 8);
  if (Coin(Rng))
    S.Unroll[Loop] = Eight(Rng);
  unsigned Block = Rows ? Threads : 32 * Threads;
  if (Coin(Rng) && 65536u / Block >= 16)
    S.MaxRegCount = std::uniform_int_distribution<unsigned>(
        16, std::min(255u, 65536u / Block))(Rng);
  return S;
}

std::string schedulesText(const std::map<unsigned, NestSchedule> &Scheds) {
  std::string S;
  for (const auto &[Id, Sched] : Scheds)
    S += " nest " + std::to_string(Id) + ": " +
         (Sched.isDefault() ? "(default)" : Sched.str());
  return S.empty() ? " (no mapped nest)" : S;
}

} // namespace c2cuda
