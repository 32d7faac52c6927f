//===- TunerFunctionTest.cpp - Whole-function tuning's descent ------------===//
//
// tuneFunction (tunegen/FunctionTuning.h) with a stand-in for the engine:
// what each stage's bundle holds, which winners are kept, and where an
// interrupted stage stops the descent.

#include "tunegen/FunctionTuning.h"

#include "frontend/Frontend.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

using namespace c2cuda;

namespace {

/// Three element-wise nests in a row (the lit test's input as well).
const char *const ThreeStepsPath =
    C2CUDA_SOURCE_DIR "/test/lit/tune/Inputs/three-steps.c";

bool parse(Module &M) {
  FrontendOptions FO;
  FO.ResourceDir = C2CUDA_CLANG_RESOURCE_DIR;
  DiagnosticList Diags;
  return parseFile(ThreeStepsPath, FO, M, Diags) && !Diags.hasErrors();
}

/// A run of Stage's bundle in which the variant with id Winner is the
/// fastest (all verified).
void fakeRun(NestStage &Stage, const std::string &Winner) {
  tuner::TuningRun &Run = Stage.Run;
  for (const tuner::Variant &V : Stage.P.B.Variants) {
    tuner::Evaluation E;
    E.VariantId = V.Id;
    E.Role = V.Role;
    E.Schedule = V.Schedule;
    E.Status = tuner::EvalStatus::Ok;
    E.Time.MedianMs = V.Id == Winner ? 0.5 : 1.0;
    if (V.Role == "plain")
      Run.Plain = static_cast<int>(Run.Results.size());
    if (V.Role == "default")
      Run.Default = static_cast<int>(Run.Results.size());
    if (V.Id == Winner)
      Run.Best = static_cast<int>(Run.Results.size());
    Run.Results.push_back(std::move(E));
  }
  // As ncu would time one call's kernels: the winner's nest is faster.
  for (auto *Ms : {&Run.DefaultKernelMs, &Run.BestKernelMs})
    *Ms = {{"three_steps_kernel0", 0.3},
           {"three_steps_kernel1", 0.3},
           {"three_steps_kernel2", 0.4}};
  Run.BestKernelMs["three_steps_kernel" + std::to_string(Stage.Nest)] = 0.1;
}

std::string variantSource(const NestStage &S, const std::string &Id) {
  for (const tuner::Variant &V : S.P.B.Variants)
    if (V.Id == Id)
      return S.P.Files.at(V.Source);
  return "";
}

TuneRequest request(const Module &M) {
  TuneRequest R;
  R.M = &M;
  R.SourcePath = ThreeStepsPath;
  std::ifstream In(ThreeStepsPath);
  R.SourceContents.assign(std::istreambuf_iterator<char>(In), {});
  R.Function = "three_steps";
  R.Sizes = {{"n", 1000}};
  R.VerifySizes = {{"n", 101}};
  return R;
}

TEST(FunctionTuning, EachStageCarriesTheWinnersBeforeIt) {
  Module M;
  ASSERT_TRUE(parse(M));
  TuneRequest R = request(M);
  DiagnosticList Diags;
  std::vector<unsigned> Nests = tunableNests(R, Diags);
  ASSERT_EQ(Nests, (std::vector<unsigned>{0, 1, 2}));
  // Nest 0: a candidate wins; nest 1: the incumbent; nest 2: a candidate.
  std::vector<std::string> Winners = {"v0003", "default", "v0005"};
  FunctionTuning T;
  std::string Err;
  size_t Calls = 0;
  ASSERT_TRUE(tuneFunction(
      R, Nests,
      [&](NestStage &S, std::string &) {
        fakeRun(S, Winners.at(Calls++));
        if (Calls == 1) {
          // Nest 0's winner timed again with the incumbent: 0.9 -> 0.6.
          S.Run.ConfirmDefaultMs = 0.9;
          S.Run.ConfirmBestMs = 0.6;
          S.Run.Confirmed = true;
          S.Run.ConfirmedId = "v0003";
        }
        return true;
      },
      T, Diags, Err))
      << Err;
  ASSERT_EQ(T.Stages.size(), 3u);
  EXPECT_FALSE(T.Interrupted);
  EXPECT_EQ(T.Winners.size(), 2u);
  EXPECT_TRUE(T.Winners.count(0) && T.Winners.count(2));
  nlohmann::json J = functionTuningJson(R, T);
  EXPECT_EQ(J["stages"][0]["schedule"],
            T.Stages[0].Run.Results[T.Stages[0].Run.Best].Schedule);
  // Stage 0's variants keep nests 1 and 2 at the default; stage 1's and
  // stage 2's carry nest 0's winner (stage 2's default is its incumbent).
  auto Kernel0 = [](const std::string &Cuda) {
    size_t At = Cuda.find("// three_steps_kernel0 ");
    return Cuda.substr(At, Cuda.find('\n', Cuda.find('\n', At) + 1) - At);
  };
  EXPECT_EQ(Kernel0(variantSource(T.Stages[0], "default"))
                .find("from tuned schedule"),
            std::string::npos);
  for (size_t I : {1, 2})
    for (const char *Id : {"default", "v0000"})
      EXPECT_NE(Kernel0(variantSource(T.Stages[I], Id))
                    .find("map clause (from tuned schedule)"),
                std::string::npos)
          << "stage " << I << " variant " << Id;
  // The plain mapping stays the function as written.
  EXPECT_EQ(variantSource(T.Stages[2], "plain").find("from tuned schedule"),
            std::string::npos);

  EXPECT_EQ(J["default_ms"], 1.0);
  EXPECT_EQ(J["tuned_ms"], 0.5);
  // The stages' gains multiplied, nest 0's from its second timing: 1.5 x 1
  // x 2 (stage 2's incumbent, 1.0 in this stand-in, is no stage's result).
  EXPECT_DOUBLE_EQ(J["speedup_over_default"].get<double>(), 3.0);
  EXPECT_EQ(J["stages"][0]["incumbent_ms"], 0.9);
  EXPECT_EQ(J["stages"][0]["best_ms"], 0.6);
  EXPECT_EQ(J["stages"][0]["retimed"]["kept"], true);
  EXPECT_TRUE(J["stages"][1]["schedule"].is_null());
  EXPECT_EQ(J["stages"][2]["winner"], "v0005");
  // Time by nest: the first stage's default against the last's best.
  EXPECT_EQ(J["time_by_nest"]["default"]["nest 2"], 0.4);
  EXPECT_EQ(J["time_by_nest"]["tuned"]["nest 2"], 0.1);
  EXPECT_EQ(J["time_by_nest"]["tuned"]["nest 0"], 0.3);
  std::string Md = functionTuningMarkdown(J);
  EXPECT_NE(Md.find("| nest 2 | 0.4000 | 0.1000 |"), std::string::npos) << Md;
  EXPECT_NE(Md.find("| 1 | 0 of 0 | 0.5000 | 0.5000 | 1.000x | default | "
                    "kept |"),
            std::string::npos)
      << Md;
}

TEST(FunctionTuning, AnInterruptedStageEndsTheDescent) {
  Module M;
  ASSERT_TRUE(parse(M));
  TuneRequest R = request(M);
  DiagnosticList Diags;
  FunctionTuning T;
  std::string Err;
  size_t Calls = 0;
  ASSERT_TRUE(tuneFunction(
      R, {0, 1, 2},
      [&](NestStage &S, std::string &) {
        fakeRun(S, "v0001");
        S.Run.Interrupted = ++Calls == 2;
        return true;
      },
      T, Diags, Err));
  EXPECT_TRUE(T.Interrupted);
  EXPECT_EQ(T.Stages.size(), 2u);
  // Only the finished stage's winner is kept.
  EXPECT_EQ(T.Winners.size(), 1u);
  EXPECT_TRUE(functionTuningJson(R, T)["interrupted"].get<bool>());

  // An engine error stops it too, with the error.
  FunctionTuning U;
  EXPECT_FALSE(tuneFunction(
      R, {0, 1, 2},
      [&](NestStage &, std::string &E) {
        E = "nvcc not found";
        return false;
      },
      U, Diags, Err));
  EXPECT_EQ(Err, "nvcc not found");
  EXPECT_EQ(U.Stages.size(), 1u);
}

// Where the default schedule did not verify, the speedups the stages'
// gains make have no base: the headline gives the times it has (it threw
// on the missing ratio).
TEST(FunctionTuning, HeadlineWithoutTheDefaultsTime) {
  nlohmann::json J = {{"tuned_ms", 0.5},
                      {"default_ms", nullptr},
                      {"plain_ms", 2.0},
                      {"speedup_over_default", nullptr},
                      {"speedup_over_plain", nullptr}};
  EXPECT_EQ(functionTuningHeadline(J),
            "Tuned: 0.5000 ms, the plain mapping 2.0000 ms. The speedups "
            "multiply the stages' gains, each measured within its stage.");
  J["default_ms"] = 1.0;
  J["speedup_over_default"] = 2.0;
  J["speedup_over_plain"] = 4.0;
  EXPECT_EQ(functionTuningHeadline(J),
            "Tuned: 0.5000 ms, 2.00x over the default schedule (1.0000 ms), "
            "4.00x over the plain mapping (2.0000 ms). The speedups multiply "
            "the stages' gains, each measured within its stage.");
}

} // namespace
