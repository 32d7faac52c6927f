//===- PropertyTest.cpp - Every example, many schedules, checked on the CPU =//
//
// For every example in examples/*.c and at least 50 random legal schedules
// (per nest: a map(...) permutation of a subset of the mapped band; a block
// of that rank, any shape of at most 1024 threads, powers of two or not,
// larger than the trip counts or not; thread coarsening 1-4 per mapped
// loop; unroll factors for in-thread loops; sometimes maxrregcount;
// --allow-reassociation on or off; the thread execution order seed; drawn
// by lib/exec/RandomSchedule.h, as c2cuda-check --random-schedules draws
// them for the differential fuzzer's programs), the nests are lowered with
// analyzeFunction + runPipeline and the lowered form is run by the CPU oracle
// (lib/exec) on fresh random inputs at small odd sizes and compared with the C
// semantics. Functions whose host code the oracle cannot interpret are listed
// in Excluded with the reason and must stay unsupported; they are not counted
// as passed.
//
//===----------------------------------------------------------------------===//

#include "analysis/NestFacts.h"
#include "exec/PropertyCheck.h"
#include "exec/RandomSchedule.h"
#include "frontend/Frontend.h"
#include "ir/IRPrinter.h"
#include "schedule/Schedule.h"
#include "transforms/Pipeline.h"

#include "LowerWithSchedules.h"

#include "gtest/gtest.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>

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

/// Parses examples/File into M.
bool parseExample(const std::string &File, Module &M) {
  FrontendOptions FO;
  FO.ResourceDir = C2CUDA_CLANG_RESOURCE_DIR;
  DiagnosticList Diags;
  return parseFile((fs::path(C2CUDA_SOURCE_DIR) / "examples" / File).string(),
                   FO, M, Diags);
}

/// LF as printLowered prints it, for a failure's message.
std::string loweredText(const LoweredFunction &LF) {
  std::string IR;
  llvm::raw_string_ostream OS(IR);
  printLowered(OS, LF);
  return IR;
}

/// Sizes for LoweringMatchesCOnRandomLanesSchedules where sizes() gives
/// rows shorter than a warp.
const std::map<std::string, std::map<std::string, double>> &lanesSizes() {
  static const std::map<std::string, std::map<std::string, double>> S = {
      {"matvec", {{"M", 5}, {"N", 1031}}}};
  return S;
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
    ScheduleSpace Shape[2];
    for (bool Re : {false, true}) {
      PipelineOptions Opts;
      Opts.AllowReassociation = Re;
      Shape[Re] = probeSchedules(F, Opts, /*ProbeTiling=*/false);
      ASSERT_TRUE(Shape[Re].Errors.empty()) << Shape[Re].Errors;
    }

    unsigned Checked = 0, Unsupported = 0;
    for (unsigned S = 0; S < SchedulesPerExample; ++S) {
      uint64_t Seed =
          0x9e3779b97f4a7c15ULL * (S + 1) ^ std::hash<std::string>()(F.Name);
      std::mt19937_64 Rng(Seed);
      bool Re = S % 2;
      std::map<unsigned, NestSchedule> Scheds =
          drawSchedules(Shape[Re], Rng, ScheduleKind::Untiled);
      auto L = lower(F, Scheds, Re);
      std::string Schedule = schedulesText(Scheds) +
                             (Re ? " --allow-reassociation" : "") + " seed " +
                             std::to_string(Seed) +
                             (S % 5 == 4 ? " reverse order" : " shuffled");
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
        ADD_FAILURE() << F.Name << ":" << Schedule << ": " << R.Message
                      << "\nlowered:\n"
                      << loweredText(L->LF);
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
    // Which tilings are legal, each clause probed alone on one nest.
    ScheduleSpace Shape = probeSchedules(F, PipelineOptions());
    ASSERT_TRUE(Shape.Errors.empty()) << Shape.Errors;
    unsigned Checked = 0, Tiled = 0;
    for (unsigned S = 0; S < SchedulesPerExample; ++S) {
      uint64_t Seed =
          0x2545f4914f6cdd1dULL * (S + 7) ^ std::hash<std::string>()(F.Name);
      std::mt19937_64 Rng(Seed);
      std::map<unsigned, NestSchedule> Scheds =
          drawSchedules(Shape, Rng, ScheduleKind::Tiled);
      Tiled += Scheds.size();
      if (Scheds.empty())
        break;
      auto L = lower(F, Scheds, false);
      std::string Schedule = schedulesText(Scheds) + " seed " +
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
        ADD_FAILURE() << F.Name << ":" << Schedule << ": " << R.Message
                      << "\nlowered:\n"
                      << loweredText(L->LF);
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
    for (const auto &[Id, N] : Shape.Nests)
      AnyTileable |= N.Tileable;
    if (AnyTileable) {
      EXPECT_GE(Checked, SchedulesPerExample) << F.Name;
    }
  }
}

/// The same check with lanes schedules: where a nest's loop may be split
/// over the threads of each point (probed: lanes(L: 32) and lanes(L: 64)
/// accepted alone, with --allow-reassociation, which the split needs
/// without a reduction clause), random thread counts, unroll factors and
/// register limits for it (randomLanesSchedule), other nests at the
/// default; the oracle runs the warps' shuffles and the shared-memory
/// combination.
TEST_P(Examples, LoweringMatchesCOnRandomLanesSchedules) {
  Module M;
  ASSERT_TRUE(parseExample(GetParam(), M));
  for (const Function &F : M.Functions) {
    auto SizeIt = sizes().find(F.Name);
    ASSERT_NE(SizeIt, sizes().end());
    if (excluded().count(F.Name))
      continue;
    PipelineOptions Opts;
    Opts.AllowReassociation = true;
    ScheduleSpace Shape = probeSchedules(F, Opts);
    ASSERT_TRUE(Shape.Errors.empty()) << Shape.Errors;
    unsigned Checked = 0, Nests = 0;
    for (const auto &[Id, N] : Shape.Nests)
      Nests += !N.LanesRows.empty();
    if (Nests == 0)
      continue;
    for (unsigned S = 0; S < SchedulesPerExample; ++S) {
      uint64_t Seed =
          0x6a09e667f3bcc909ULL * (S + 3) ^ std::hash<std::string>()(F.Name);
      std::mt19937_64 Rng(Seed);
      std::map<unsigned, NestSchedule> Scheds;
      for (const auto &[Id, N] : Shape.Nests)
        if (!N.LanesRows.empty())
          Scheds[Id] = randomLanesSchedule(N, Rng);
      auto L = lower(F, Scheds, true);
      std::string Schedule = schedulesText(Scheds) + " seed " +
                             std::to_string(Seed) +
                             (S % 5 == 4 ? " reverse order" : " shuffled");
      ASSERT_TRUE(L->Errors.empty())
          << F.Name << ": lanes schedule rejected:" << Schedule << "\n"
          << L->Errors;
      exec::CheckConfig C;
      C.Scalars = SizeIt->second;
      // Rows longer than the most threads drawn (1024), so that every warp
      // and slice holds partial results of its own.
      if (auto Long = lanesSizes().find(F.Name); Long != lanesSizes().end())
        C.Scalars = Long->second;
      C.Seed = Seed;
      C.Order =
          S % 5 == 4 ? exec::ThreadOrder::Reverse : exec::ThreadOrder::Shuffled;
      // Reassociated sums, as in LoweringMatchesCOnRandomSchedules.
      C.Tol = 4 * std::sqrt(1000.0) * std::ldexp(1.0, -24);
      exec::CheckResult R = exec::checkLowering(L->F, L->LF, C);
      if (R.St != exec::CheckResult::Status::Pass) {
        ADD_FAILURE() << F.Name << ":" << Schedule << ": " << R.Message
                      << "\nlowered:\n"
                      << loweredText(L->LF);
        break;
      }
      ++Checked;
    }
    std::cout << "[ property ] " << F.Name << ": " << Checked
              << " lanes schedules checked (" << Nests << " nests)\n";
    EXPECT_GE(Checked, SchedulesPerExample) << F.Name;
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
