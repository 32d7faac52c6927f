//===- TunerBundleTest.cpp - bundle.json and evaluation JSON round trips --===//

#include "tuner/Bundle.h"
#include "tuner/Evaluation.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace c2cuda::tuner;
using nlohmann::json;

namespace {

Bundle sampleBundle() {
  Bundle B;
  B.SourceName = "matmul.c";
  B.SourceSha256 = std::string(64, 'a');
  B.Function = "matmul";
  B.Nest = 1;
  B.Sizes = {{"M", 4096}, {"N", 2048}, {"K", 512}};
  B.VerifySizes = {{"M", 65}, {"N", 33}, {"K", 17}};
  B.ElemType = "double";
  B.Tolerance = 1e-10;
  B.Flops = 2.0 * 4096 * 2048 * 512;
  B.MinBytes = 4.0 * (4096 * 512 + 512 * 2048 + 4096 * 2048);
  B.Timing.Warmup = 2;
  B.Timing.Reps = 11;
  B.Timing.FlushL2 = false;
  B.TimeoutSeconds = 12.5;
  B.Symbols = {"matmul", "matmul_device", "c2c_matmul_k0"};
  B.Params = {{"tile_i", {32, 64, 128}}, {"shared", {false, true}}};
  Variant P;
  P.Id = "plain";
  P.Role = "plain";
  P.Source = "variants/plain.cu";
  Variant V;
  V.Id = "v0042";
  V.Params = {{"tile_i", 64}, {"shared", true}};
  V.Schedule = {{"tile", {{"i", 64}}}, {"shared", {"A", "B"}}};
  V.Source = "variants/v0042.cu";
  V.NvccFlags = {"-maxrregcount=128"};
  V.Model.Seconds = 1.5e-3;
  V.Model.Occupancy = 0.5;
  V.Model.EstRegisters = 96;
  V.Model.SharedBytes = 16384;
  V.Model.ThreadsPerBlock = 256;
  V.Model.Terms = {{"compute", 1e-3}, {"global", 1.5e-3}};
  B.Variants = {P, V};
  B.Strategy = "anneal";
  B.Budget = "10m";
  B.Seed = 1234567890123ull;
  return B;
}

TEST(TunerBundle, JsonRoundTrip) {
  Bundle B = sampleBundle();
  json J = bundleToJson(B);
  Bundle C;
  std::string Err;
  ASSERT_TRUE(bundleFromJson(J, C, Err)) << Err;
  EXPECT_EQ(bundleToJson(C), J);
  EXPECT_EQ(C.Function, "matmul");
  EXPECT_EQ(C.Sizes.at("N"), 2048);
  EXPECT_FALSE(C.Timing.FlushL2);
  EXPECT_EQ(C.Timing.Reps, 11u);
  EXPECT_EQ(C.Seed, 1234567890123ull);
  ASSERT_EQ(C.Variants.size(), 2u);
  const Variant *V = C.find("v0042");
  ASSERT_NE(V, nullptr);
  EXPECT_EQ(V->NvccFlags, std::vector<std::string>{"-maxrregcount=128"});
  EXPECT_EQ(V->Model.ThreadsPerBlock, 256u);
  EXPECT_DOUBLE_EQ(V->Model.Terms.at("global"), 1.5e-3);
  EXPECT_EQ(V->Schedule["shared"][1], "B");
  EXPECT_EQ(C.indexOfRole("plain"), 0);
  EXPECT_EQ(C.indexOfRole("default"), -1);
  ASSERT_EQ(C.Params.size(), 2u);
  EXPECT_EQ(C.Params[1].Values[1], true);
}

TEST(TunerBundle, ReadWriteDirectory) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("tuner-bundle", Dir));
  Bundle B = sampleBundle();
  std::string Err;
  ASSERT_TRUE(writeBundle(std::string(Dir), B, Err)) << Err;
  Bundle C;
  ASSERT_TRUE(readBundle(std::string(Dir), C, Err)) << Err;
  EXPECT_EQ(bundleToJson(C), bundleToJson(B));
  llvm::sys::fs::remove_directories(Dir);
}

TEST(TunerBundle, ErrorsNameTheKey) {
  json J = bundleToJson(sampleBundle());
  Bundle C;
  std::string Err;

  json Bad = J;
  Bad["sizes"] = "M=4096";
  EXPECT_FALSE(bundleFromJson(Bad, C, Err));
  EXPECT_NE(Err.find("bundle.sizes"), std::string::npos) << Err;

  Bad = J;
  Bad["variants"][1]["nvcc_flags"] = 3;
  EXPECT_FALSE(bundleFromJson(Bad, C, Err));
  EXPECT_NE(Err.find("bundle.variants[1].nvcc_flags"), std::string::npos)
      << Err;

  Bad = J;
  Bad["variants"][0].erase("source");
  EXPECT_FALSE(bundleFromJson(Bad, C, Err));
  EXPECT_NE(Err.find("bundle.variants[0].source"), std::string::npos) << Err;

  Bad = J;
  Bad["format"] = 2;
  EXPECT_FALSE(bundleFromJson(Bad, C, Err));
  EXPECT_NE(Err.find("bundle.format"), std::string::npos) << Err;

  // Absent optional keys keep the defaults.
  json Min = {{"function", "f"}};
  ASSERT_TRUE(bundleFromJson(Min, C, Err)) << Err;
  EXPECT_EQ(C.Arch, "sm_90");
  EXPECT_EQ(C.Timing.Reps, 25u);
}

TEST(TunerBundle, MissingFileNamesIt) {
  Bundle C;
  std::string Err;
  EXPECT_FALSE(readBundle("/nonexistent/dir", C, Err));
  EXPECT_NE(Err.find("/nonexistent/dir/bundle.json"), std::string::npos) << Err;
}

TEST(TunerEvaluation, StatusNames) {
  for (EvalStatus S :
       {EvalStatus::Ok, EvalStatus::CompileError, EvalStatus::RuntimeError,
        EvalStatus::Timeout, EvalStatus::WrongResult, EvalStatus::Skipped}) {
    EvalStatus Back;
    ASSERT_TRUE(statusFromName(statusName(S), Back));
    EXPECT_EQ(Back, S);
  }
  EXPECT_STREQ(statusName(EvalStatus::WrongResult), "wrong_result");
  EvalStatus X;
  EXPECT_FALSE(statusFromName("fine", X));
}

TEST(TunerEvaluation, TimeStats) {
  TimeStats T;
  T.SamplesMs = {3, 1, 2, 10};
  T.summarize();
  EXPECT_DOUBLE_EQ(T.MedianMs, 2.5);
  EXPECT_DOUBLE_EQ(T.MinMs, 1);
  EXPECT_DOUBLE_EQ(T.MaxMs, 10);
  EXPECT_DOUBLE_EQ(T.MeanMs, 4);
  EXPECT_NEAR(T.StdevMs, 4.0824829, 1e-6); // sqrt(50/3)
  T.SamplesMs = {5, 1, 3};
  T.summarize();
  EXPECT_DOUBLE_EQ(T.MedianMs, 3);
  T.SamplesMs = {7};
  T.summarize();
  EXPECT_DOUBLE_EQ(T.StdevMs, 0);
}

TEST(TunerEvaluation, JsonRoundTrip) {
  Evaluation E;
  E.Key = "abc";
  E.VariantId = "v0007";
  E.Role = "candidate";
  E.Params = {{"tile_i", 64}};
  E.Schedule = {{"tile", {{"i", 64}}}};
  E.Status = EvalStatus::WrongResult;
  E.Reason = "wrong result at the small size in C";
  E.Compile.Ok = true;
  E.Compile.Seconds = 2.5;
  E.Compile.Registers = 128;
  E.Compile.SpillStoreBytes = 8;
  E.Compile.SharedBytes = 32768;
  E.SmallError = 0.25;
  E.Time.SamplesMs = {1, 2, 3};
  E.Time.summarize();
  E.PredictedOccupancy = 0.375;
  E.OccupancyLimiter = "registers";
  E.GFlops = 1234.5;
  E.Gpu = "NVIDIA H100 80GB HBM3";
  E.Toolkit = "13.0";
  E.GpuIndex = 1;
  E.Order = 9;
  E.FinishedAt = 12.25;
  json J = evaluationToJson(E);
  // Not measured: null, not -1.
  EXPECT_TRUE(J["tuning_error"].is_null());
  EXPECT_TRUE(J["model_seconds"].is_null());
  EXPECT_EQ(J["status"], "wrong_result");
  Evaluation F;
  std::string Err;
  ASSERT_TRUE(evaluationFromJson(J, F, Err)) << Err;
  EXPECT_EQ(evaluationToJson(F), J);
  EXPECT_EQ(F.Status, EvalStatus::WrongResult);
  EXPECT_DOUBLE_EQ(F.TuningError, -1);
  EXPECT_DOUBLE_EQ(F.Time.MedianMs, 2);
  EXPECT_EQ(F.Compile.Registers, 128u);

  J["status"] = "great";
  EXPECT_FALSE(evaluationFromJson(J, F, Err));
  EXPECT_NE(Err.find("status"), std::string::npos);
}

} // namespace
