//===- PropertyTest.cpp - Every example, many schedules, checked on the CPU =//
//
// For every example in examples/*.c and at least 50 random legal schedules
// (per nest: a map(...) permutation of a subset of the mapped band; a block
// of that rank, any shape of at most 1024 threads, powers of two or not,
// larger than the trip counts or not; thread coarsening 1-4 per mapped
// loop; unroll factors for in-thread loops; sometimes maxrregcount;
// --allow-reassociation on or off; the thread execution order seed),
// the nests are lowered with analyzeFunction + runPipeline and the lowered
// form is run by the CPU oracle (lib/exec) on fresh random inputs at small
// odd sizes and compared with the C semantics. Functions whose host code
// the oracle cannot interpret are listed in Excluded with the reason and
// must stay unsupported; they are not counted as passed.
//
//===----------------------------------------------------------------------===//

#include "analysis/NestFacts.h"
#include "exec/PropertyCheck.h"
#include "frontend/Frontend.h"
#include "ir/IRPrinter.h"
#include "schedule/Schedule.h"
#include "transforms/Pipeline.h"

#include "LowerWithSchedules.h"

#include "gtest/gtest.h"

#include "llvm/Support/Casting.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <numeric>
#include <random>
#include <set>

using namespace c2cuda;
namespace fs = std::filesystem;

namespace {

/// Problem sizes per function: small and odd, so each run takes
/// milliseconds and no size divides a block dimension evenly.
const std::map<std::string, std::map<std::string, double>> &sizes() {
  static const std::map<std::string, std::map<std::string, double>> S = {
      {"conv2d_3x3", {{"H", 11}, {"W", 13}}},
      {"conv2d_5x5", {{"H", 11}, {"W", 13}}},
      {"conv_multi",
       {{"N", 2}, {"C", 3}, {"H", 7}, {"W", 9}, {"K", 3}, {"R", 3}, {"S", 3}}},
      {"gs_redblack", {{"tsteps", 3}, {"n", 11}}},
      {"gemm", {{"ni", 9}, {"nj", 11}, {"nk", 7}}},
      {"jacobi2d", {{"tsteps", 3}, {"n", 11}}},
      {"matmul", {{"M", 9}, {"N", 13}, {"K", 7}}},
      {"matvec", {{"M", 13}, {"N", 11}}},
      {"nmf_supervised",
       {{"F", 9}, {"T", 11}, {"K", 5}, {"iters", 3}, {"eps", 1e-3}}},
      {"rbf_kernel", {{"n", 7}, {"m", 9}, {"d", 5}}},
      {"reverse", {{"n", 37}}},
      {"saxpy", {{"n", 37}}},
      {"syrk", {{"n", 9}, {"m", 7}}},
      {"transpose", {{"rows", 9}, {"cols", 13}}},
  };
  return S;
}

/// Functions the oracle cannot run, and why (checked: they must report
/// "host code not interpretable"). Empty today.
const std::map<std::string, std::string> &excluded() {
  static const std::map<std::string, std::string> E = {};
  return E;
}

constexpr unsigned SchedulesPerExample = 50;
/// Tiled schedules per example written out by C2CUDA_DUMP_SCHEDULES.
constexpr unsigned DumpedSchedules = 4;

std::vector<std::string> exampleFiles() {
  std::vector<std::string> V;
  for (auto &E :
       fs::directory_iterator(fs::path(C2CUDA_SOURCE_DIR) / "examples"))
    if (E.path().extension() == ".c" &&
        E.path().stem().string().find("_driver") == std::string::npos)
      V.push_back(E.path().filename().string());
  std::sort(V.begin(), V.end());
  return V;
}

/// A random block shape of Rank dimensions with at most 1024 threads:
/// log-uniform sizes, so 1, odd sizes, powers of two and sizes larger than
/// any trip count all occur.
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

std::string schedText(const std::map<unsigned, NestSchedule> &B) {
  std::string S;
  for (const auto &[Id, Sched] : B)
    S += " nest " + std::to_string(Id) + ": " + Sched.str();
  return S.empty() ? " (no mapped nest)" : S;
}

/// What the default lowering of a nest shows: the grid loops of its
/// widest kernel (its mappable band, up to 3 loops) and the loops run
/// inside each thread of any of its kernels.
struct NestShape {
  std::vector<std::string> Mapped;
  std::set<std::string> InThread;
  /// Loops at the top of the widest kernel's body (strip-mining
  /// candidates) and arrays no kernel of the nest writes (shared-memory
  /// candidates).
  std::set<std::string> TopLoops, ReadOnly;
  /// Filled by probing the tiling transform: tiling is legal at all, and
  /// which strip loops and shared arrays it accepts alone.
  bool Tileable = false;
  std::set<std::string> Strips;
  /// Per strip loop ("" for none): the arrays shared(...) accepts with it.
  std::map<std::string, std::set<std::string>> SharedWith;
};

/// A random legal schedule for a nest: a random permutation of a random
/// non-empty subset of the mapped loops (a prefix of the permutation, so
/// the whole band half of the time), a random block of that rank, thread
/// coarsening 1-4 per mapped loop, unroll 1-8 for some in-thread loops and
/// sometimes a register limit.
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

/// A random tiled schedule for a nest whose shape was probed: a random
/// block of the mapped loops' rank (at most 256 threads), 1-4 points per
/// thread, a vector width dividing them, sometimes a strip of 1-8 for one
/// accepted strip loop, each accepted array in shared memory with
/// probability 1/2, padding 0-2, sometimes unroll and a register limit.
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
  }
  auto SW = N.SharedWith.find(Strip);
  if (SW != N.SharedWith.end())
    for (const std::string &A : SW->second)
      if (Coin(Rng))
        S.Shared.push_back(A);
  S.Pad = Three(Rng);
  if (Coin(Rng))
    S.MaxRegCount = std::uniform_int_distribution<unsigned>(
        32, std::min(255u, 65536u / Threads))(Rng);
  return S;
}

/// Iterators of every loop in S.
void collectLoops(const Stmt &S, std::set<std::string> &Out) {
  if (const auto *F = llvm::dyn_cast<ForStmt>(&S)) {
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

/// Parses examples/File into M.
bool parseExample(const std::string &File, Module &M) {
  FrontendOptions FO;
  FO.ResourceDir = C2CUDA_CLANG_RESOURCE_DIR;
  DiagnosticList Diags;
  return parseFile((fs::path(C2CUDA_SOURCE_DIR) / "examples" / File).string(),
                   FO, M, Diags);
}

class Examples : public ::testing::TestWithParam<std::string> {};

TEST_P(Examples, LoweringMatchesCOnRandomSchedules) {
  Module M;
  ASSERT_TRUE(parseExample(GetParam(), M));
  ASSERT_FALSE(M.Functions.empty());
  auto Start = std::chrono::steady_clock::now();

  for (const Function &F : M.Functions) {
    auto SizeIt = sizes().find(F.Name);
    ASSERT_NE(SizeIt, sizes().end())
        << "no problem sizes for function '" << F.Name << "' of " << GetParam();
    bool Excluded = excluded().count(F.Name) != 0;

    // The shape of each nest's default lowering, per reassociation setting.
    std::map<unsigned, NestShape> Shape[2];
    for (bool Re : {false, true}) {
      auto L = lower(F, {}, Re);
      ASSERT_TRUE(L->Errors.empty()) << L->Errors;
      for (const Kernel &K : L->LF.Kernels) {
        NestShape &N = Shape[Re][K.NestId];
        if (K.Grid.size() > N.Mapped.size()) {
          N.Mapped.clear();
          for (const GridLoop &G : K.Grid)
            N.Mapped.push_back(G.Iter);
        }
        for (const StmtPtr &S : K.Body)
          collectLoops(*S, N.InThread);
      }
    }

    unsigned Checked = 0, Unsupported = 0;
    for (unsigned S = 0; S < SchedulesPerExample; ++S) {
      uint64_t Seed =
          0x9e3779b97f4a7c15ULL * (S + 1) ^ std::hash<std::string>()(F.Name);
      std::mt19937_64 Rng(Seed);
      bool Re = S % 2;
      std::map<unsigned, NestSchedule> Scheds;
      for (const auto &[Id, N] : Shape[Re])
        Scheds[Id] = randomSchedule(N, Rng);
      auto L = lower(F, Scheds, Re);
      std::string Schedule =
          schedText(Scheds) + (Re ? " --allow-reassociation" : "") + " seed " +
          std::to_string(Seed) + (S % 5 == 4 ? " reverse order" : " shuffled");
      ASSERT_TRUE(L->Errors.empty())
          << F.Name << ": schedule rejected:" << Schedule << "\n"
          << L->Errors;
      exec::CheckConfig C;
      C.Scalars = SizeIt->second;
      C.Seed = Seed;
      C.Order =
          S % 5 == 4 ? exec::ThreadOrder::Reverse : exec::ThreadOrder::Shuffled;
      // Reassociated sums: the bound of test/gpu/reductions/dot_driver.c,
      // 4 sqrt(n) 2^-24 relative to sum |terms|; inputs are positive, so
      // that sum is the result's size, and n < 1000 here.
      C.Tol = Re ? 4 * std::sqrt(1000.0) * std::ldexp(1.0, -24) : 1e-5;
      exec::CheckResult R = exec::checkLowering(L->F, L->LF, C);
      if (R.St == exec::CheckResult::Status::Unsupported) {
        ++Unsupported;
        EXPECT_TRUE(Excluded)
            << F.Name << " is not interpretable but not listed in excluded(): "
            << R.Message;
        continue;
      }
      EXPECT_FALSE(Excluded) << F.Name << " is listed as excluded but ran";
      if (R.St == exec::CheckResult::Status::Fail) {
        std::string IR;
        llvm::raw_string_ostream OS(IR);
        printLowered(OS, L->LF);
        ADD_FAILURE() << F.Name << ":" << Schedule << ": " << R.Message
                      << "\nlowered:\n"
                      << IR;
        break; // One failing schedule is enough to read.
      }
      ++Checked;
    }
    double Secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
            .count();
    std::cout << "[ property ] " << F.Name << ": " << Checked
              << " schedules checked, " << Unsupported << " unsupported ("
              << Secs << " s so far)\n";
    if (!Excluded) {
      EXPECT_GE(Checked, SchedulesPerExample) << F.Name;
    }
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

/// The same check with tiled schedules (TileForBlocks): explicit-thread
/// kernels with block tiles, points per thread, strips, shared and register
/// tiles, run by the oracle block by block with barriers. Which tilings
/// are legal is first probed one clause at a time (each accepted alone);
/// every random combination of accepted clauses must then be accepted and
/// compute what the C computes.
TEST_P(Examples, LoweringMatchesCOnRandomTiledSchedules) {
  Module M;
  ASSERT_TRUE(parseExample(GetParam(), M));
  for (const Function &F : M.Functions) {
    auto SizeIt = sizes().find(F.Name);
    ASSERT_NE(SizeIt, sizes().end());
    if (excluded().count(F.Name))
      continue;
    std::map<unsigned, NestShape> Shape;
    {
      auto L = lower(F, {}, false);
      ASSERT_TRUE(L->Errors.empty()) << L->Errors;
      std::map<unsigned, std::set<std::string>> Read, Written;
      for (const Kernel &K : L->LF.Kernels) {
        NestShape &N = Shape[K.NestId];
        collectArrayUse(K.Body, Read[K.NestId], Written[K.NestId]);
        if (K.Grid.size() > N.Mapped.size()) {
          N.Mapped.clear();
          N.TopLoops.clear();
          for (const GridLoop &G : K.Grid)
            N.Mapped.push_back(G.Iter);
          for (const StmtPtr &S : K.Body)
            if (const auto *Fo = llvm::dyn_cast<ForStmt>(S.get()))
              N.TopLoops.insert(Fo->Iter);
        }
      }
      for (auto &[Id, N] : Shape)
        for (const std::string &A : Read[Id])
          if (!Written[Id].count(A))
            N.ReadOnly.insert(A);
    }
    // Probe: each clause alone on one nest.
    auto Accepted = [&](unsigned Id, const NestSchedule &S) {
      return lower(F, {{Id, S}}, false)->Errors.empty();
    };
    for (auto &[Id, N] : Shape) {
      if (N.Mapped.empty())
        continue;
      NestSchedule Base;
      for (size_t D = 0; D < N.Mapped.size(); ++D)
        Base.Map.emplace_back(N.Mapped[D], D);
      Base.Tile[N.Mapped[0]] = N.Mapped.size() == 1 ? 256 : 32;
      if (!Accepted(Id, Base))
        continue;
      N.Tileable = true;
      std::vector<std::string> StripOpts = {""};
      for (const std::string &Sl : N.TopLoops) {
        NestSchedule S = Base;
        S.Tile[Sl] = 4;
        if (Accepted(Id, S)) {
          N.Strips.insert(Sl);
          StripOpts.push_back(Sl);
        }
      }
      for (const std::string &Sl : StripOpts)
        for (const std::string &A : N.ReadOnly) {
          NestSchedule S = Base;
          if (!Sl.empty())
            S.Tile[Sl] = 4;
          S.Shared = {A};
          if (Accepted(Id, S))
            N.SharedWith[Sl].insert(A);
        }
    }
    unsigned Checked = 0, Tiled = 0;
    for (unsigned S = 0; S < SchedulesPerExample; ++S) {
      uint64_t Seed =
          0x2545f4914f6cdd1dULL * (S + 7) ^ std::hash<std::string>()(F.Name);
      std::mt19937_64 Rng(Seed);
      std::map<unsigned, NestSchedule> Scheds;
      for (const auto &[Id, N] : Shape)
        if (N.Tileable) {
          Scheds[Id] = randomTiledSchedule(N, Rng);
          ++Tiled;
        }
      if (Scheds.empty())
        break;
      auto L = lower(F, Scheds, false);
      std::string Schedule = schedText(Scheds) + " seed " +
                             std::to_string(Seed) +
                             (S % 5 == 4 ? " reverse order" : " shuffled");
      ASSERT_TRUE(L->Errors.empty())
          << F.Name << ": tiled schedule rejected:" << Schedule << "\n"
          << L->Errors;
      exec::CheckConfig C;
      C.Scalars = SizeIt->second;
      C.Seed = Seed;
      C.Order =
          S % 5 == 4 ? exec::ThreadOrder::Reverse : exec::ThreadOrder::Shuffled;
      C.Tol = 1e-5;
      exec::CheckResult R = exec::checkLowering(L->F, L->LF, C);
      if (R.St != exec::CheckResult::Status::Pass) {
        std::string IR;
        llvm::raw_string_ostream OS(IR);
        printLowered(OS, L->LF);
        ADD_FAILURE() << F.Name << ":" << Schedule << ": " << R.Message
                      << "\nlowered:\n"
                      << IR;
        break;
      }
      ++Checked;
      // C2CUDA_DUMP_SCHEDULES=DIR: the first schedules checked, as
      // --schedule files (DIR/<example>.<n>.json, every function of the
      // example), for scripts/gpu-check-schedules.sh to run on a GPU.
      if (const char *Dir = std::getenv("C2CUDA_DUMP_SCHEDULES");
          Dir && S < DumpedSchedules) {
        fs::path Out = fs::path(Dir) / (fs::path(GetParam()).stem().string() +
                                        "." + std::to_string(S) + ".json");
        nlohmann::json J = nlohmann::json::object();
        if (fs::exists(Out))
          std::ifstream(Out) >> J;
        for (const auto &[Id, Sched] : Scheds) {
          nlohmann::json E = scheduleToJson(Sched);
          E["nest"] = Id;
          J[F.Name].push_back(E);
        }
        std::ofstream(Out) << J.dump(1) << "\n";
      }
    }
    std::cout << "[ property ] " << F.Name << ": " << Checked
              << " tiled schedules checked (" << Tiled << " tiled nests)\n";
    bool AnyTileable = false;
    for (const auto &[Id, N] : Shape)
      AnyTileable |= N.Tileable;
    if (AnyTileable) {
      EXPECT_GE(Checked, SchedulesPerExample) << F.Name;
    }
  }
}

/// The default the c2cuda tool uses (DefaultTiling: nests without clauses
/// tiled) computes what the C computes, under 10 seeds and thread orders.
TEST_P(Examples, DefaultTilingMatchesC) {
  Module M;
  ASSERT_TRUE(parseExample(GetParam(), M));
  for (const Function &F : M.Functions) {
    if (excluded().count(F.Name))
      continue;
    auto L = lower(F, {}, false, /*TileByDefault=*/true);
    ASSERT_TRUE(L->Errors.empty()) << L->Errors;
    unsigned Tiled = 0;
    for (const Kernel &K : L->LF.Kernels)
      Tiled += K.ExplicitThreads;
    for (uint64_t Seed = 1; Seed <= 10; ++Seed) {
      exec::CheckConfig C;
      C.Scalars = sizes().at(F.Name);
      C.Seed = Seed;
      C.Order =
          Seed % 2 ? exec::ThreadOrder::Shuffled : exec::ThreadOrder::Reverse;
      exec::CheckResult R = exec::checkLowering(L->F, L->LF, C);
      ASSERT_EQ(R.St, exec::CheckResult::Status::Pass)
          << F.Name << " seed " << Seed << ": " << R.Message;
    }
    std::cout << "[ property ] " << F.Name << ": default lowering (" << Tiled
              << " tiled kernels) checked under 10 seeds\n";
  }
}

INSTANTIATE_TEST_SUITE_P(All, Examples, ::testing::ValuesIn(exampleFiles()),
                         [](const ::testing::TestParamInfo<std::string> &I) {
                           std::string S = fs::path(I.param).stem().string();
                           for (char &C : S)
                             if (!isalnum(static_cast<unsigned char>(C)))
                               C = '_';
                           return S;
                         });

TEST(PropertyExamples, EveryExampleHasSizes) {
  EXPECT_GE(exampleFiles().size(), 13u);
}

} // namespace
