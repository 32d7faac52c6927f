//===- TunerEngineTest.cpp - The engine with a fake nvcc, and its parts ---===//
//
// The sweep tests use test/lit/tune/Inputs: make-bundle.py writes a bundle
// of 12 candidates and fake-nvcc.py "compiles" them into Python scripts
// that follow the harness protocol (no GPU, no CUDA).
//
//===----------------------------------------------------------------------===//

#include "tuner/Engine.h"
#include "tuner/ResultCache.h"
#include "tuner/Subprocess.h"
#include "tuner/VariantBuild.h"
#include "tuner/VariantRun.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <cstdlib>

using namespace c2cuda::tuner;

namespace {

const std::string Inputs =
    std::string(C2CUDA_SOURCE_DIR) + "/test/lit/tune/Inputs";

class TunerEngine : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("tuner-engine", Dir));
    Nvcc = path("nvcc");
    ASSERT_EQ(std::system(("cp " + Inputs + "/fake-nvcc.py " + Nvcc +
                           " && chmod +x " + Nvcc)
                              .c_str()),
              0);
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }
  std::string path(const char *Name) {
    llvm::SmallString<128> P(Dir);
    llvm::sys::path::append(P, Name);
    return std::string(P);
  }
  /// A bundle in Dir/b from make-bundle.py with Args.
  Bundle makeBundle(const std::string &Args) {
    std::string Cmd =
        "python3 " + Inputs + "/make-bundle.py " + path("b") + " " + Args;
    EXPECT_EQ(std::system(Cmd.c_str()), 0) << Cmd;
    Bundle B;
    std::string Err;
    EXPECT_TRUE(readBundle(path("b"), B, Err)) << Err;
    return B;
  }
  EngineOptions options() {
    EngineOptions O;
    O.Nvcc = Nvcc;
    O.Jobs = 2;
    O.Ncu = false;
    O.HandleSignals = false;
    return O;
  }
  llvm::SmallString<128> Dir;
  std::string Nvcc;
};

TEST_F(TunerEngine, ExhaustiveSweepThenCache) {
  Bundle B = makeBundle("--mark v04=crash");
  std::string Err;
  TuningRun R = runTuning(B, path("b"), options(), Err);
  ASSERT_TRUE(Err.empty()) << Err;
  EXPECT_EQ(R.Strategy, "exhaustive");
  EXPECT_EQ(R.Candidates, 12u);
  EXPECT_EQ(R.Evaluations, 12u);
  EXPECT_EQ(R.Measured, 14u);
  EXPECT_FALSE(R.Interrupted);
  EXPECT_EQ(R.Gpu.Name, "Fake GPU");
  EXPECT_EQ(R.Gpu.Toolkit, "13.0");
  ASSERT_EQ(R.Results.size(), 14u);
  ASSERT_GE(R.Plain, 0);
  ASSERT_GE(R.Default, 0);
  EXPECT_EQ(R.Results[R.Plain].VariantId, "plain");
  EXPECT_DOUBLE_EQ(R.Results[R.Default].Time.MedianMs, 1.8);
  ASSERT_GE(R.Best, 0);
  const Evaluation &Best = R.Results[R.Best];
  EXPECT_EQ(Best.VariantId, "v10");
  EXPECT_DOUBLE_EQ(Best.Time.MedianMs, 1.0);
  EXPECT_EQ(Best.Time.SamplesMs.size(), 5u); // The bundle's reps.
  EXPECT_DOUBLE_EQ(Best.GFlops, 2000);       // 2e9 flops in 1 ms.
  EXPECT_DOUBLE_EQ(Best.FractionOfBandwidthFloor, 1e9 / 3000e9 / 1e-3);
  EXPECT_EQ(Best.Compile.Registers, 32u);
  EXPECT_EQ(Best.Compile.SharedBytes, 8192u);
  EXPECT_GT(Best.PredictedOccupancy, 0);
  EXPECT_EQ(Best.Key.size(), 64u);
  // Candidates come in space order, numbered from 1.
  EXPECT_EQ(R.Results[2].VariantId, "v01");
  EXPECT_EQ(R.Results[2].Order, 1u);
  const Evaluation &Crash = R.Results[5];
  EXPECT_EQ(Crash.VariantId, "v04");
  EXPECT_EQ(Crash.Status, EvalStatus::RuntimeError);
  EXPECT_EQ(Crash.Reason, "error: an illegal memory access was encountered");

  // Again: everything from the cache, the same answer.
  TuningRun Again = runTuning(B, path("b"), options(), Err);
  ASSERT_TRUE(Err.empty()) << Err;
  EXPECT_EQ(Again.Measured, 0u);
  EXPECT_EQ(Again.Evaluations, 12u);
  for (const Evaluation &E : Again.Results)
    EXPECT_TRUE(E.FromCache) << E.VariantId;
  ASSERT_GE(Again.Best, 0);
  EXPECT_EQ(Again.Results[Again.Best].VariantId, "v10");
  EXPECT_EQ(Again.Results[5].Status, EvalStatus::RuntimeError);
}

TEST_F(TunerEngine, CacheOnlyReplaysWithoutNvcc) {
  Bundle B = makeBundle("");
  std::string Err;
  runTuning(B, path("b"), options(), Err);
  ASSERT_TRUE(Err.empty()) << Err;
  // One variant's result is missing: it is skipped, not run.
  std::string Cmd = "grep -v '\"variant\":\"v05\"' " + path("b/cache.jsonl") +
                    " > " + path("merged.jsonl");
  ASSERT_EQ(std::system(Cmd.c_str()), 0);
  EngineOptions O = options();
  O.CacheOnly = true;
  O.Nvcc = "/nonexistent/nvcc";
  O.CachePath = path("merged.jsonl");
  TuningRun R = runTuning(B, path("b"), O, Err);
  ASSERT_TRUE(Err.empty()) << Err;
  EXPECT_EQ(R.Gpu.Name, "Fake GPU");
  EXPECT_EQ(R.Gpu.Toolkit, "13.0");
  EXPECT_EQ(R.Measured, 0u);
  EXPECT_EQ(R.Evaluations, 11u);
  ASSERT_GE(R.Best, 0);
  EXPECT_EQ(R.Results[R.Best].VariantId, "v10");
  ASSERT_EQ(R.Results.size(), 14u);
  EXPECT_EQ(R.Results[6].VariantId, "v05");
  EXPECT_EQ(R.Results[6].Status, EvalStatus::Skipped);

  O.CachePath = path("empty.jsonl");
  runTuning(B, path("b"), O, Err);
  EXPECT_NE(Err.find("no result for this bundle"), std::string::npos) << Err;
}

TEST_F(TunerEngine, EvaluationBudget) {
  Bundle B = makeBundle("");
  EngineOptions O = options();
  O.Budget = "5";
  O.CachePath = path("own-cache.jsonl");
  std::string Err;
  TuningRun R = runTuning(B, path("b"), O, Err);
  ASSERT_TRUE(Err.empty()) << Err;
  EXPECT_EQ(R.BudgetEvaluations, 5u);
  EXPECT_EQ(R.Evaluations, 5u);
  EXPECT_EQ(R.Results.size(), 7u);
  EXPECT_FALSE(R.Interrupted);
  ResultCache C;
  std::vector<std::string> Notes;
  ASSERT_TRUE(C.load(O.CachePath, Notes, Err));
  EXPECT_EQ(C.size(), 7u);
  EXPECT_FALSE(llvm::sys::fs::exists(path("b/cache.jsonl")));
}

TEST_F(TunerEngine, TimeBudgetCutsTheSweepShort) {
  Bundle B = makeBundle("--sleep 0.4");
  EngineOptions O = options();
  O.Budget = "1s";
  std::string Err;
  TuningRun R = runTuning(B, path("b"), O, Err);
  ASSERT_TRUE(Err.empty()) << Err;
  EXPECT_DOUBLE_EQ(R.BudgetSeconds, 1);
  EXPECT_TRUE(R.Interrupted);
  EXPECT_FALSE(R.Stopped);
  EXPECT_LT(R.Evaluations, 12u);
}

TEST_F(TunerEngine, StopFlagStopsBeforeTheSearch) {
  Bundle B = makeBundle("");
  std::atomic<bool> Stop{true};
  EngineOptions O = options();
  O.Stop = &Stop;
  std::string Err;
  TuningRun R = runTuning(B, path("b"), O, Err);
  // The shared objects are not built: the sweep cannot start.
  EXPECT_NE(Err.find("stopped"), std::string::npos) << Err;
  EXPECT_TRUE(R.Results.empty());
}

TEST_F(TunerEngine, UnknownStrategyAndBudget) {
  Bundle B = makeBundle("");
  EngineOptions O = options();
  O.Strategy = "genetic";
  std::string Err;
  runTuning(B, path("b"), O, Err);
  EXPECT_NE(Err.find("unknown strategy 'genetic'"), std::string::npos) << Err;
  O = options();
  O.Budget = "ten";
  runTuning(B, path("b"), O, Err);
  EXPECT_NE(Err.find("budget 'ten'"), std::string::npos) << Err;
}

TEST(TunerSubprocess, ExitCodesTimeoutAndMissingProgram) {
  ProcessOptions O;
  ProcessResult R = runProcess({"/bin/sh", "-c", "exit 3"}, O);
  EXPECT_TRUE(R.Started);
  EXPECT_TRUE(R.Exited);
  EXPECT_EQ(R.ExitCode, 3);
  EXPECT_FALSE(R.ok());

  O.TimeoutSeconds = 0.3;
  R = runProcess({"/bin/sh", "-c", "sleep 20"}, O);
  EXPECT_TRUE(R.TimedOut);
  EXPECT_FALSE(R.Exited);
  EXPECT_LT(R.Seconds, 5);

  R = runProcess({"no-such-program-c2cuda"}, ProcessOptions());
  EXPECT_FALSE(R.Started);
  EXPECT_NE(R.Error.find("no-such-program-c2cuda"), std::string::npos);

  std::atomic<bool> Stop{true};
  ProcessOptions S;
  S.Stop = &Stop;
  R = runProcess({"/bin/sh", "-c", "sleep 20"}, S);
  EXPECT_TRUE(R.Stopped);
  EXPECT_LT(R.Seconds, 5);
}

TEST(TunerSubprocess, EnvironmentAndOutputFiles) {
  llvm::SmallString<128> Out;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("tuner-env", "txt", Out));
  ProcessOptions O;
  O.StdoutFile = O.StderrFile = std::string(Out);
  O.Env["CUDA_VISIBLE_DEVICES"] = "3";
  ProcessResult R = runProcess(
      {"/bin/sh", "-c", "echo gpu=$CUDA_VISIBLE_DEVICES; echo oops >&2"}, O);
  EXPECT_TRUE(R.ok());
  EXPECT_EQ(readTextFile(std::string(Out)), "gpu=3\noops\n");
  EXPECT_EQ(lastNonEmptyLine("a\n  b  \n\n \n"), "b");
  EXPECT_EQ(lastNonEmptyLine(""), "");
  llvm::sys::fs::remove(Out);
}

TEST(TunerBuild, PtxasInfoAndErrorLines) {
  const char *Log =
      "ptxas info    : Compiling entry function 'k1' for 'sm_90'\n"
      "ptxas info    : Function properties for k1\n"
      "    16 bytes stack frame, 8 bytes spill stores, 4 bytes spill loads\n"
      "ptxas info    : Used 40 registers, used 1 barriers, 4096 bytes smem\n"
      "ptxas info    : Compiling entry function 'k2' for 'sm_90'\n"
      "ptxas info    : Function properties for k2\n"
      "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
      "ptxas info    : Used 128 registers, 1024 bytes smem\n";
  CompileInfo I = compileInfoFromPtxas(Log);
  EXPECT_EQ(I.Registers, 128u);
  EXPECT_EQ(I.SharedBytes, 4096u);
  EXPECT_EQ(I.SpillStoreBytes, 8u);
  EXPECT_EQ(I.SpillLoadBytes, 4u);
  EXPECT_EQ(I.StackBytes, 16u);

  EXPECT_EQ(firstErrorLine("warning: x\nv.cu(3): error: bad\n1 error\n"),
            "v.cu(3): error: bad");
  EXPECT_EQ(firstErrorLine("nvcc died\n\n"), "nvcc died");
}

TEST(TunerRun, KnownPeaks) {
  GpuInfo G;
  G.Name = "NVIDIA H100 80GB HBM3";
  fillKnownPeaks(G);
  EXPECT_DOUBLE_EQ(G.PeakGBs, 3350);
  EXPECT_GT(G.PeakGFlops, 60000);
  GpuInfo H;
  H.Name = "NVIDIA H200";
  H.PeakGFlops = 1; // Reported values are kept.
  fillKnownPeaks(H);
  EXPECT_DOUBLE_EQ(H.PeakGFlops, 1);
  EXPECT_DOUBLE_EQ(H.PeakGBs, 4800);
}

} // namespace
