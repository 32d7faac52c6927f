//===- ReportDemo.cpp - Writes a tuning report from JSON inputs -----------===//
//
// A test driver for the report (test/lit/tune/report-*.test), with no GPU:
//
//   c2cuda-report-demo BUNDLE_DIR RUN.json OUT_DIR [--ncu-csv FILE]
//                      [--header FILE]
//     reads BUNDLE_DIR/bundle.json and a TuningRun from RUN.json (the keys
//     of report.json for the run's fields, "results": evaluations as the
//     cache writes them, "best"/"default"/"plain": variant ids), and writes
//     OUT_DIR/report.{json,md,html}. --ncu-csv parses a captured
//     `ncu --csv --page raw` output as the best variant's counters;
//     --header writes best.cu's header comment to FILE.
//
//   c2cuda-report-demo --synthesize BUNDLE_DIR RUN.json
//     writes a synthetic sweep (4 parameters, 64 candidates, a model search
//     of 40 evaluations with failures of every kind) in that form; the
//     inputs under test/lit/tune/Inputs/report were made with it.
//
//===----------------------------------------------------------------------===//

#include "tuner/NcuProfile.h"
#include "tuner/Report.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace c2cuda::tuner;
using nlohmann::json;

static int fail(const std::string &Msg) {
  llvm::errs() << "c2cuda-report-demo: " << Msg << "\n";
  return 1;
}

static bool readJson(const std::string &Path, json &Out, std::string &Err) {
  auto B = llvm::MemoryBuffer::getFile(Path);
  if (!B) {
    Err = Path + ": " + B.getError().message();
    return false;
  }
  Out = json::parse((*B)->getBuffer().begin(), (*B)->getBuffer().end(), nullptr,
                    false);
  if (Out.is_discarded()) {
    Err = Path + ": not JSON";
    return false;
  }
  return true;
}

static bool runFromJson(const json &J, TuningRun &R, std::string &Err) {
  try {
    R.Strategy = J.value("strategy", "");
    R.Budget = J.value("budget", "");
    R.BudgetEvaluations = J.value("budget_evaluations", (size_t)0);
    R.BudgetSeconds = J.value("budget_seconds", 0.0);
    R.Seed = J.value("seed", 0ull);
    if (J.contains("gpu")) {
      const json &G = J["gpu"];
      R.Gpu.Name = G.value("name", "");
      R.Gpu.ComputeCapability = G.value("cc", "");
      R.Gpu.SMs = G.value("sms", 0u);
      R.Gpu.L2Bytes = G.value("l2_bytes", 0ull);
      R.Gpu.PeakGFlops = G.value("peak_gflops", 0.0);
      R.Gpu.PeakGBs = G.value("peak_gbs", 0.0);
      R.Gpu.Driver = G.value("driver", "");
      R.Gpu.Runtime = G.value("runtime", "");
      R.Gpu.Toolkit = G.value("toolkit", "");
    }
    R.Gpus = J.value("gpus", std::vector<unsigned>{});
    R.Candidates = J.value("candidates", (size_t)0);
    R.Evaluations = J.value("evaluations", (size_t)0);
    R.Measured = J.value("measured", (size_t)0);
    R.Interrupted = J.value("interrupted", false);
    R.WallSeconds = J.value("wall_seconds", 0.0);
    R.StartedAt = J.value("started_at", "");
    for (const json &E : J.value("results", json::array())) {
      Evaluation Ev;
      if (!evaluationFromJson(E, Ev, Err))
        return false;
      Ev.FromCache = E.value("from_cache", false);
      R.Results.push_back(std::move(Ev));
    }
    auto Index = [&](const char *Key) {
      std::string Id = J.value(Key, "");
      for (size_t I = 0; I < R.Results.size(); ++I)
        if (R.Results[I].VariantId == Id)
          return (int)I;
      return -1;
    };
    R.Best = Index("best");
    R.Default = Index("default");
    R.Plain = Index("plain");
    if (J.contains("ncu")) {
      const json &N = J["ncu"];
      R.BestCounters = N.value("best", NcuCounters{});
      R.DefaultCounters = N.value("default", NcuCounters{});
      R.NcuNote = N.value("note", "");
    }
  } catch (const json::exception &E) {
    Err = std::string("run: ") + E.what();
    return false;
  }
  return true;
}

static json runToJson(const TuningRun &R) {
  json J = {{"strategy", R.Strategy},
            {"budget", R.Budget},
            {"budget_evaluations", R.BudgetEvaluations},
            {"budget_seconds", R.BudgetSeconds},
            {"seed", R.Seed},
            {"gpu", gpuToJson(R.Gpu)},
            {"gpus", R.Gpus},
            {"candidates", R.Candidates},
            {"evaluations", R.Evaluations},
            {"measured", R.Measured},
            {"interrupted", R.Interrupted},
            {"wall_seconds", R.WallSeconds},
            {"started_at", R.StartedAt}};
  json Results = json::array();
  for (const Evaluation &E : R.Results) {
    json V = evaluationToJson(E);
    V["from_cache"] = E.FromCache;
    Results.push_back(std::move(V));
  }
  J["results"] = std::move(Results);
  auto Id = [&](int I) { return I >= 0 ? R.Results[I].VariantId : ""; };
  J["best"] = Id(R.Best);
  J["default"] = Id(R.Default);
  J["plain"] = Id(R.Plain);
  J["ncu"] = {{"best", R.BestCounters},
              {"default", R.DefaultCounters},
              {"note", R.NcuNote}};
  return J;
}

/// A deterministic pseudo-random number in [0, 1) from I.
static double noise(unsigned I) {
  unsigned X = I * 2654435761u + 12345;
  X ^= X >> 13;
  X *= 0x5bd1e995;
  X ^= X >> 15;
  return (X % 10000) / 10000.0;
}

static void synthesize(Bundle &B, TuningRun &R) {
  B.SourceName = "matmul.c";
  B.SourceSha256 =
      "5b1f0c3e9d2a7b4c6e8f0a1b2c3d4e5f60718293a4b5c6d7e8f901234567890a";
  B.Function = "matmul";
  B.Sizes = {{"M", 4096}, {"N", 4096}, {"K", 4096}};
  B.VerifySizes = {{"M", 67}, {"N", 61}, {"K", 59}};
  B.Flops = 2.0 * 4096 * 4096 * 4096;
  B.MinBytes = 3.0 * 4096 * 4096 * 4;
  B.Symbols = {"matmul", "matmul_device", "c2c_kernel_matmul_0"};
  B.Strategy = "model";
  B.Params = {{"tile_i", {16, 32, 64, 128}},
              {"tile_j", {16, 32, 64, 128}},
              {"block", {"16x16", "32x8"}},
              {"shared", {false, true}}};
  R.Strategy = "model";
  R.Budget = "40";
  R.BudgetEvaluations = 40;
  R.Seed = 1;
  R.Gpu = {"NVIDIA H100 80GB HBM3",
           "9.0",
           "580.65",
           "13.0",
           132,
           52428800,
           66908.0,
           3352.0,
           "13.0"};
  R.Gpus = {0};
  R.StartedAt = "2025-06-01T12:00:00Z";

  auto Eval = [&](const Variant &V, double Ms, unsigned Order, unsigned I) {
    Evaluation E;
    E.Key = "k-" + V.Id;
    E.VariantId = V.Id;
    E.Role = V.Role;
    E.Params = V.Params;
    E.Schedule = V.Schedule;
    E.Status = EvalStatus::Ok;
    E.Compile.Ok = true;
    E.Compile.Seconds = 2 + noise(I + 7);
    E.Compile.Registers = V.Model.EstRegisters;
    E.Compile.SharedBytes = V.Model.SharedBytes;
    E.PredictedOccupancy = V.Model.Occupancy;
    E.OccupancyLimiter = "registers";
    E.ModelSeconds = V.Model.Seconds;
    E.SmallError = 1e-7 * (1 + noise(I + 3));
    E.TuningError = V.Role == "plain" ? 0 : 2e-7 * (1 + noise(I + 5));
    for (unsigned K = 0; K < 9; ++K)
      E.Time.SamplesMs.push_back(Ms * (1 + 0.02 * (noise(I * 31 + K) - 0.5)));
    E.Time.summarize();
    double S = E.Time.MedianMs / 1e3;
    E.GFlops = B.Flops / S / 1e9;
    E.GBytesPerSecond = B.MinBytes / S / 1e9;
    E.FractionOfFlopFloor = B.Flops / (R.Gpu.PeakGFlops * 1e9) / S;
    E.FractionOfBandwidthFloor = B.MinBytes / (R.Gpu.PeakGBs * 1e9) / S;
    E.Gpu = R.Gpu.Name;
    E.Toolkit = R.Gpu.Toolkit;
    E.Order = Order;
    E.FinishedAt = 3.0 * (Order + 1);
    return E;
  };

  Variant Plain;
  Plain.Id = "v0000";
  Plain.Role = "plain";
  Plain.Source = "variants/v0000.cu";
  Plain.Model.EstRegisters = 32;
  Plain.Model.Occupancy = 1;
  B.Variants.push_back(Plain);
  Variant Def;
  Def.Id = "v0001";
  Def.Role = "default";
  Def.Source = "variants/v0001.cu";
  Def.Params = {
      {"tile_i", 32}, {"tile_j", 32}, {"block", "16x16"}, {"shared", true}};
  Def.Schedule = {{"tile", {{"i", 32}, {"j", 32}, {"k", 8}}},
                  {"block", {16, 16}},
                  {"shared", {"A", "B"}}};
  Def.Model.EstRegisters = 64;
  Def.Model.Occupancy = 0.5;
  Def.Model.Seconds = 0.0042;
  B.Variants.push_back(Def);
  R.Results.push_back(Eval(Plain, 21.5, 0, 0));
  R.Plain = 0;

  const double TI[] = {2.2, 1.3, 1.0, 1.25}, TJ[] = {2.6, 1.4, 1.0, 1.1},
               BL[] = {1.0, 1.12}, SH[] = {1.35, 1.0};
  std::vector<std::pair<Variant, double>> Cands;
  for (int I = 0; I < 4; ++I)
    for (int J = 0; J < 4; ++J)
      for (int K = 0; K < 2; ++K)
        for (int S = 0; S < 2; ++S) {
          Variant V;
          V.Id = "v" + std::to_string(1000 + Cands.size());
          V.Source = "variants/" + V.Id + ".cu";
          V.Params = {{"tile_i", B.Params[0].Values[I]},
                      {"tile_j", B.Params[1].Values[J]},
                      {"block", B.Params[2].Values[K]},
                      {"shared", B.Params[3].Values[S]}};
          int Ti = 16 << I, Tj = 16 << J;
          V.Schedule = {{"tile", {{"i", Ti}, {"j", Tj}, {"k", 8}}},
                        {"block", K ? json({32, 8}) : json({16, 16})}};
          if (S)
            V.Schedule["shared"] = {"A", "B"};
          V.Model.EstRegisters = 24 + Ti * Tj / 256 * 2;
          V.Model.Occupancy =
              std::min(1.0, 64.0 / V.Model.EstRegisters) * (S ? 0.9 : 1.0);
          V.Model.SharedBytes = S ? (Ti + Tj) * 8 * 4 : 0;
          V.Model.ThreadsPerBlock = 256;
          double Ms = 3.1 * TI[I] * TJ[J] * BL[K] * SH[S];
          V.Model.Seconds = Ms / 1e3 * (0.8 + 0.4 * noise(Cands.size() + 99));
          V.Model.Terms = {{"compute", Ms / 2e3}, {"global", Ms / 3e3}};
          Cands.push_back({V, Ms});
        }
  for (auto &C : Cands)
    B.Variants.push_back(C.first);
  double DefMs = 3.1 * TI[1] * TJ[1] * BL[0] * SH[1];
  R.Results.push_back(Eval(Def, DefMs, 0, 1));
  R.Default = 1;

  // The search: 40 of the 64 candidates in a fixed scrambled order.
  R.Candidates = Cands.size();
  unsigned Order = 0;
  for (size_t N = 0; N < Cands.size() && Order < 40; ++N) {
    size_t Idx = (N * 23 + 5) % Cands.size();
    const auto &[V, Ms] = Cands[Idx];
    Evaluation E = Eval(V, Ms, ++Order, 10 + Idx);
    switch (Order) {
    case 4:
      E.Status = EvalStatus::CompileError;
      E.Compile.Ok = false;
      E.Reason = "ptxas error   : Entry function 'c2c_kernel_matmul_0' uses "
                 "too much shared data (0x10400 bytes, 0xc000 max)";
      break;
    case 9:
      E.Status = EvalStatus::RuntimeError;
      E.Reason = "c2c_check: an illegal memory access was encountered "
                 "(matmul.cu:88)";
      break;
    case 15:
      E.Status = EvalStatus::Timeout;
      E.Reason = "killed after 60 s";
      break;
    case 22:
      E.Status = EvalStatus::WrongResult;
      E.SmallError = 0.31;
      E.Reason = "small: C rel L2 error 3.1e-01 > tolerance 1e-04";
      break;
    default:
      break;
    }
    if (E.Status != EvalStatus::Ok) {
      if (E.Status != EvalStatus::WrongResult)
        E.SmallError = E.TuningError = -1;
      if (E.Status == EvalStatus::CompileError)
        E.Compile = CompileInfo();
      E.Time = TimeStats();
      E.GFlops = E.GBytesPerSecond = 0;
      E.FractionOfFlopFloor = E.FractionOfBandwidthFloor = 0;
    }
    E.FromCache = Order <= 6;
    R.Results.push_back(std::move(E));
  }
  R.Evaluations = Order;
  R.Measured = Order - 6;
  R.WallSeconds = 3.0 * (Order + 2);
  R.Best = -1;
  for (size_t I = 0; I < R.Results.size(); ++I) {
    const Evaluation &E = R.Results[I];
    if (E.Role == "candidate" && E.Status == EvalStatus::Ok &&
        (R.Best < 0 || E.Time.MedianMs < R.Results[R.Best].Time.MedianMs))
      R.Best = I;
  }
  R.NcuNote = "ncu not found (PATH, /usr/local/cuda/bin/ncu)";
}

int main(int Argc, char **Argv) {
  std::vector<std::string> A(Argv + 1, Argv + Argc);
  std::string Err;
  if (A.size() == 3 && A[0] == "--synthesize") {
    Bundle B;
    TuningRun R;
    synthesize(B, R);
    if (!writeBundle(A[1], B, Err))
      return fail(Err);
    if (!writeTextFile(A[2], runToJson(R).dump(1) + "\n", Err))
      return fail(Err);
    return 0;
  }
  if (A.size() < 3)
    return fail("usage: c2cuda-report-demo BUNDLE_DIR RUN.json OUT_DIR "
                "[--ncu-csv FILE] [--header FILE] | --synthesize BUNDLE_DIR "
                "RUN.json");
  Bundle B;
  if (!readBundle(A[0], B, Err))
    return fail(Err);
  json J;
  TuningRun R;
  if (!readJson(A[1], J, Err) || !runFromJson(J, R, Err))
    return fail(Err);
  std::string HeaderPath;
  for (size_t I = 3; I + 1 < A.size(); I += 2) {
    if (A[I] == "--ncu-csv") {
      auto Buf = llvm::MemoryBuffer::getFile(A[I + 1]);
      if (!Buf)
        return fail(A[I + 1] + ": " + Buf.getError().message());
      NcuTable T;
      if (!parseNcuCsv((*Buf)->getBuffer().str(), T, Err))
        return fail(A[I + 1] + ": " + Err);
      R.BestCounters = countersFromTable(T);
      R.NcuNote = "from " + A[I + 1];
    } else if (A[I] == "--header") {
      HeaderPath = A[I + 1];
    } else {
      return fail("unknown option " + A[I]);
    }
  }
  if (!writeReport(A[2], B, R, Err))
    return fail(Err);
  if (!HeaderPath.empty() &&
      !writeTextFile(HeaderPath, bestHeaderComment(B, R), Err))
    return fail(Err);
  return 0;
}
