//===- TunerReportTest.cpp - Sensitivity, report.md/json/html, ncu CSV ----===//

#include "tuner/NcuProfile.h"
#include "tuner/Report.h"
#include "tuner/ReportTables.h"
#include "tuner/Sensitivity.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace c2cuda::tuner;

namespace {

// time = 1 ms * TI[tile_i] * TJ[tile_j] * BX[block]: per-value bests are
// the factors themselves, so the sensitivities are max/min of each table.
const double TI[] = {1.5, 1.0, 1.2};
const double TJ[] = {2.0, 1.0, 1.1};
const double BX[] = {1.0, 1.05};

Evaluation okEval(const std::string &Id, const std::string &Role,
                  nlohmann::json Params, double Ms, unsigned Order) {
  Evaluation E;
  E.VariantId = Id;
  E.Role = Role;
  E.Params = Params;
  E.Schedule = {{"tile", {{"i", 32}, {"j", 32}}}, {"block", {16, 16}}};
  E.Status = EvalStatus::Ok;
  E.Compile.Ok = true;
  E.Compile.Registers = 40;
  E.PredictedOccupancy = 0.75;
  E.OccupancyLimiter = "registers";
  E.SmallError = 1e-7;
  E.TuningError = 2e-7;
  E.Time.SamplesMs = {Ms * 1.01, Ms, Ms * 0.99};
  E.Time.MedianMs = Ms;
  E.Time.MinMs = Ms * 0.99;
  E.Time.MaxMs = Ms * 1.01;
  E.GFlops = 2000 / Ms;
  E.GBytesPerSecond = 100 / Ms;
  E.FractionOfFlopFloor = 0.04 / Ms;
  E.FractionOfBandwidthFloor = 0.03 / Ms;
  E.Order = Order;
  return E;
}

struct Fixture {
  Bundle B;
  TuningRun R;
};

Fixture makeFixture() {
  Fixture F;
  Bundle &B = F.B;
  B.SourceName = "matmul.c";
  B.SourceSha256 = "0123456789abcdef0123456789abcdef";
  B.Function = "matmul";
  B.Sizes = {{"M", 4096}, {"N", 4096}, {"K", 4096}};
  B.VerifySizes = {{"M", 67}, {"N", 61}, {"K", 59}};
  B.Flops = 2.0 * 4096 * 4096 * 4096;
  B.MinBytes = 3.0 * 4096 * 4096 * 4;
  B.Params = {{"tile_i", {16, 32, 64}},
              {"tile_j", {16, 32, 64}},
              {"block", {128, 256}}};
  TuningRun &R = F.R;
  R.Strategy = "exhaustive";
  R.Seed = 7;
  R.Gpu.Name = "NVIDIA H100 80GB HBM3";
  R.Gpu.ComputeCapability = "9.0";
  R.Gpu.Toolkit = "13.0";
  R.StartedAt = "2025-01-02T03:04:05Z";
  R.WallSeconds = 42;

  Variant Plain;
  Plain.Id = "v0000";
  Plain.Role = "plain";
  B.Variants.push_back(Plain);
  Variant Def;
  Def.Id = "v0001";
  Def.Role = "default";
  Def.Params = {{"tile_i", 64}, {"tile_j", 64}, {"block", 256}};
  B.Variants.push_back(Def);
  R.Results.push_back(
      okEval("v0000", "plain", nlohmann::json::object(), 5.0, 0));
  R.Plain = 0;
  // The default is also a point of the space: 1.2 * 1.1 * 1.05 ms.
  R.Results.push_back(
      okEval("v0001", "default", Def.Params, TI[2] * TJ[2] * BX[1], 0));
  R.Default = 1;
  unsigned Order = 0;
  for (int I = 0; I < 3; ++I)
    for (int J = 0; J < 3; ++J)
      for (int K = 0; K < 2; ++K) {
        Variant V;
        V.Id = "v" + std::to_string(1000 + B.Variants.size());
        V.Params = {{"tile_i", B.Params[0].Values[I]},
                    {"tile_j", B.Params[1].Values[J]},
                    {"block", B.Params[2].Values[K]}};
        V.Model.Seconds = 1e-3;
        V.Model.Occupancy = 0.5;
        B.Variants.push_back(V);
        Evaluation E =
            okEval(V.Id, "candidate", V.Params, TI[I] * TJ[J] * BX[K], ++Order);
        // Three failures, none of them a per-value best.
        if (I == 0 && J == 0 && K == 1) {
          E.Status = EvalStatus::CompileError;
          E.Compile.Ok = false;
          E.Reason = "error: too many resources | requested";
        } else if (I == 2 && J == 0 && K == 1) {
          E.Status = EvalStatus::RuntimeError;
          E.Reason = "c2c_check: an illegal memory access </script><b>";
        } else if (I == 0 && J == 2 && K == 1) {
          E.Status = EvalStatus::WrongResult;
          E.Reason = "tuning: C rel L2 0.5 > 1e-4";
        }
        R.Results.push_back(E);
      }
  R.Candidates = R.Evaluations = R.Measured = 18;
  R.Best = -1;
  for (size_t I = 0; I < R.Results.size(); ++I)
    if (R.Results[I].Status == EvalStatus::Ok &&
        R.Results[I].Role == "candidate" &&
        (R.Best < 0 ||
         R.Results[I].Time.MedianMs < R.Results[R.Best].Time.MedianMs))
      R.Best = I;
  return F;
}

TEST(TunerReport, SensitivityFactorsAndOrder) {
  Fixture F = makeFixture();
  std::vector<ParamSensitivity> S = computeSensitivity(F.B, F.R);
  ASSERT_EQ(S.size(), 3u);
  EXPECT_EQ(S[0].Name, "tile_j");
  EXPECT_NEAR(S[0].Factor, 2.0, 1e-12);
  EXPECT_EQ(S[1].Name, "tile_i");
  EXPECT_NEAR(S[1].Factor, 1.5, 1e-12);
  EXPECT_EQ(S[2].Name, "block");
  EXPECT_NEAR(S[2].Factor, 1.05, 1e-12);

  // tile_j = 16: six points, two failed (compile, runtime) -> 4 Ok:
  // (i,block) in {(16,128), (32,128), (32,256), (64,128)}.
  const ValueStats &J16 = S[0].Values[0];
  EXPECT_EQ(J16.Value, 16);
  EXPECT_EQ(J16.Ok, 4u);
  EXPECT_NEAR(J16.BestMs, 2.0, 1e-12);
  // Times 3.0, 2.0, 2.1, 2.4: median (2.1 + 2.4) / 2.
  EXPECT_NEAR(J16.MedianMs, 2.25, 1e-12);
  // tile_j = 64: six candidates, one wrong, plus the default (64,64,256).
  const ValueStats &J64 = S[0].Values[2];
  EXPECT_EQ(J64.Ok, 6u);
  EXPECT_NEAR(J64.BestMs, 1.1, 1e-12);
}

TEST(TunerReport, SensitivityOneValueMeasuredIsOne) {
  Fixture F = makeFixture();
  // Only tile_i = 32 works.
  for (Evaluation &E : F.R.Results)
    if (E.Params.value("tile_i", 0) != 32)
      E.Status = EvalStatus::Timeout;
  std::vector<ParamSensitivity> S = computeSensitivity(F.B, F.R);
  for (const ParamSensitivity &P : S)
    if (P.Name == "tile_i") {
      EXPECT_EQ(P.MeasuredValues, 1u);
      EXPECT_EQ(P.Factor, 1.0);
      EXPECT_EQ(P.Values[0].Ok, 0u);
    }
  nlohmann::json J = sensitivityToJson(S);
  bool SawNull = false;
  for (const auto &P : J["parameters"])
    for (const auto &V : P["values"])
      SawNull |= V["ok"] == 0 && V["best_ms"].is_null();
  EXPECT_TRUE(SawNull);
}

TEST(TunerReport, MarkdownContent) {
  Fixture F = makeFixture();
  std::string Md = reportMarkdown(F.B, F.R);
  EXPECT_NE(Md.find("# c2cuda tune: matmul (matmul.c, nest 0)"),
            std::string::npos);
  EXPECT_NE(Md.find("- **sizes**: K=4096,M=4096,N=4096"), std::string::npos);
  EXPECT_NE(Md.find("18 of 18 candidates (18 measured, 0 from the cache)"),
            std::string::npos);
  // Best is tile_i=32, tile_j=32, block=128 at 1 ms; default 1.386 ms,
  // plain 5 ms.
  EXPECT_NE(Md.find("| median ms | 1.00 | 1.39 | 5.00 |"), std::string::npos)
      << Md;
  EXPECT_NE(Md.find("| speedup over default | 1.39x | 1.00x | 0.277x |"),
            std::string::npos)
      << Md;
  EXPECT_NE(Md.find("| speedup over plain | 5.00x | 3.61x | 1.00x |"),
            std::string::npos);
  // Top ten: first row is the best, its parameters in Params order.
  EXPECT_NE(Md.find("| 1 | v1010 | 1.00 | 1.39x | 2000 | 40 | 75.0% | 32 | "
                    "32 | 128 |"),
            std::string::npos)
      << Md;
  // The default shows up in the top ten marked as such.
  EXPECT_NE(Md.find("v0001 (default)"), std::string::npos);
  // Failures, pipes in reasons escaped.
  EXPECT_NE(Md.find("| v1003 | candidate | compile_error | error: too many "
                    "resources \\| requested |"),
            std::string::npos)
      << Md;
  EXPECT_NE(Md.find("| wrong_result | tuning: C rel L2 0.5 > 1e-4 |"),
            std::string::npos);
  // Sensitivity table, most sensitive first.
  size_t TJ = Md.find("| tile_j | 2.00x |"),
         TIp = Md.find("| tile_i | 1.50x |"),
         Blk = Md.find("| block | 1.05x |");
  ASSERT_NE(TJ, std::string::npos) << Md;
  ASSERT_NE(TIp, std::string::npos);
  ASSERT_NE(Blk, std::string::npos);
  EXPECT_LT(TJ, TIp);
  EXPECT_LT(TIp, Blk);
  // No counters: the note says why.
  F.R.NcuNote = "ncu not found (PATH, /usr/local/cuda/bin/ncu)";
  Md = reportMarkdown(F.B, F.R);
  EXPECT_NE(Md.find("No counters: ncu not found"), std::string::npos);
  // With counters: side by side.
  F.R.BestCounters = {{"achieved_occupancy", 0.61}, {"dram_bytes", 2.5e8}};
  F.R.DefaultCounters = {{"achieved_occupancy", 0.45}, {"dram_bytes", 4e8}};
  Md = reportMarkdown(F.B, F.R);
  EXPECT_NE(Md.find("| achieved_occupancy | 61.0% | 45.0% |"),
            std::string::npos)
      << Md;
  EXPECT_NE(Md.find("| dram_bytes | 250000000 | 400000000 |"),
            std::string::npos)
      << Md;
  EXPECT_NE(Md.find("| spilled_bytes | - | - |"), std::string::npos);
}

TEST(TunerReport, NoBestVariant) {
  Fixture F = makeFixture();
  for (Evaluation &E : F.R.Results)
    if (E.Role == "candidate")
      E.Status = EvalStatus::RuntimeError;
  F.R.Best = -1;
  std::string Md = reportMarkdown(F.B, F.R);
  EXPECT_NE(Md.find("there is no best variant"), std::string::npos);
  std::string H = bestHeaderComment(F.B, F.R);
  EXPECT_NE(H.find("No candidate verified and ran"), std::string::npos);
  nlohmann::json J = reportToJson(F.B, F.R);
  EXPECT_TRUE(J["best"].is_null());
  EXPECT_TRUE(J["summary"]["speedup_over_default"].is_null());
}

TEST(TunerReport, JsonIdentityAndVariants) {
  Fixture F = makeFixture();
  nlohmann::json J = reportToJson(F.B, F.R);
  EXPECT_EQ(J["schema"], "c2cuda-tune-report/1");
  EXPECT_EQ(J["best"], "v1010");
  EXPECT_EQ(J["default"], "v0001");
  EXPECT_EQ(J["plain"], "v0000");
  EXPECT_EQ(J["variants"].size(), F.R.Results.size());
  EXPECT_NEAR(J["summary"]["speedup_over_plain"].get<double>(), 5.0, 1e-12);
  // Model fields of a candidate; plain has a model without a prediction.
  EXPECT_EQ(J["variants"][5]["model"]["seconds"], 1e-3);
  EXPECT_TRUE(J["variants"][0]["model"]["seconds"].is_null());
  EXPECT_EQ(J["sensitivity"]["parameters"][0]["name"], "tile_j");
  EXPECT_EQ(J["parameters"][2]["values"], nlohmann::json({128, 256}));
  EXPECT_TRUE(J["ncu"]["best"].is_null());
}

TEST(TunerReport, BestHeaderComment) {
  Fixture F = makeFixture();
  std::string H = bestHeaderComment(F.B, F.R);
  EXPECT_EQ(H.rfind("/*\n", 0), 0u);
  EXPECT_EQ(H.substr(H.size() - 4), " */\n");
  EXPECT_EQ(H.find("*/"), H.size() - 3); // Closed once, at the end.
  EXPECT_NE(H.find("Tuned by c2cuda tune on 2025-01-02T03:04:05Z."),
            std::string::npos);
  EXPECT_NE(H.find("GPU: NVIDIA H100 80GB HBM3, cc 9.0"), std::string::npos);
  EXPECT_NE(H.find("best variant: v1010 (block=128 tile_i=32 tile_j=32)"),
            std::string::npos)
      << H;
  EXPECT_NE(
      H.find(
          R"({"matmul":[{"block":[16,16],"nest":0,"tile":{"i":32,"j":32}}]})"),
      std::string::npos)
      << H;
  EXPECT_NE(
      H.find("time: median 1.00 ms, min 0.990 ms, max 1.01 ms over 3 runs"),
      std::string::npos)
      << H;
  EXPECT_NE(H.find("1.39x over default (v0001, 1.39 ms), 5.00x over plain"),
            std::string::npos)
      << H;
}

TEST(TunerReport, HtmlIsSelfContainedAndEscaped) {
  Fixture F = makeFixture();
  std::string H = reportHtml(F.B, F.R);
  EXPECT_EQ(H.rfind("<!DOCTYPE html>", 0), 0u);
  // No network: nothing loaded from elsewhere.
  EXPECT_EQ(H.find("src="), std::string::npos);
  EXPECT_EQ(H.find("http://www.w3.org/2000/svg"),
            H.find("http://")); // The SVG namespace is the only URL.
  EXPECT_EQ(H.find("https://"), std::string::npos);
  // The reason's "</script>" appears escaped in the tables and the data.
  EXPECT_EQ(H.find("</script><b>"), std::string::npos);
  EXPECT_NE(H.find("&lt;/script&gt;&lt;b&gt;"), std::string::npos);
  EXPECT_NE(H.find("\\u003c/script\\u003e"), std::string::npos);
  EXPECT_NE(H.find("<table id=\"table-baselines\">"), std::string::npos);
  EXPECT_NE(H.find("<script type=\"application/json\" id=\"chart-data\">"),
            std::string::npos);
  for (const char *Id :
       {"chart-time", "chart-params", "chart-occupancy", "chart-progress"})
    EXPECT_NE(H.find(std::string("<figure id=\"") + Id + "\">"),
              std::string::npos);
}

// Captured format of `ncu --csv --page raw --print-units base`: ncu's own
// ==PROF== lines and the program's output interleave with the table; a
// header row, a units row, then one row per launch, every value quoted,
// thousands separated by commas.
const char *const NcuSample =
    R"CSV(==PROF== Connected to process 41872 (/tmp/c2c-tune/v1010.exe)
==PROF== Profiling "c2c_var_matmul_kernel0" - 0: 0%....50%....100% - 9 passes
==PROF== Profiling "c2c_var_matmul_kernel0" - 1: 0%....50%....100% - 9 passes
profile: 2 launches
==PROF== Disconnected from process 41872
"ID","Process ID","Process Name","Host Name","Kernel Name","Context","Stream","Block Size","Grid Size","Device","CC","dram__bytes.sum","l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum","l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum","l1tex__t_bytes_pipe_lsu_mem_local_op_ld.sum","l1tex__t_bytes_pipe_lsu_mem_local_op_st.sum","l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum","l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum","sm__warps_active.avg.pct_of_peak_sustained_active","smsp__sass_branch_targets_threads_divergent.sum"
"","","","","","","","","","","","byte","","","byte","byte","","sector","%",""
"0","41872","v1010.exe","127.0.0.1","c2c_var_matmul_kernel0","1","7","(16, 16, 1)","(64, 64, 1)","0","9.0","201,326,592","1,024","0","0","0","4,194,304","16,777,216","62.50","12"
"1","41872","v1010.exe","127.0.0.1","c2c_var_matmul_kernel0","1","7","(16, 16, 1)","(64, 64, 1)","0","9.0","201,326,720","2,048","512","128","64","4,194,304","16,777,216","59.50","13"
)CSV";

TEST(TunerReport, NcuCsvParser) {
  NcuTable T;
  std::string Err;
  ASSERT_TRUE(parseNcuCsv(NcuSample, T, Err)) << Err;
  ASSERT_EQ(T.Launches.size(), 2u);
  EXPECT_EQ(T.Kernels[0], "c2c_var_matmul_kernel0");
  EXPECT_EQ(T.Launches[0].at("dram__bytes.sum"), 201326592.0);
  EXPECT_EQ(T.Launches[1].count("Block Size"), 0u);
  NcuCounters C = countersFromTable(T);
  EXPECT_NEAR(C.at("achieved_occupancy"), 0.61, 1e-12);
  EXPECT_EQ(C.at("sectors_per_request"), 4.0);
  EXPECT_EQ(C.at("shared_bank_conflicts"), 1024.0 + 2048 + 512);
  EXPECT_EQ(C.at("divergent_branches"), 25.0);
  EXPECT_EQ(C.at("dram_bytes"), 201326592.0 + 201326720.0);
  EXPECT_EQ(C.at("spilled_bytes"), 192.0);
}

TEST(TunerReport, NcuCsvUnitsAndErrors) {
  // Without --print-units base ncu scales: Kbyte, Mbyte.
  std::string Csv =
      "\"ID\",\"Kernel Name\",\"dram__bytes.sum\",\"l1tex__t_bytes_pipe_lsu_"
      "mem_local_op_ld.sum\"\n"
      "\"\",\"\",\"Mbyte\",\"Kbyte\"\n"
      "\"0\",\"k, with comma\",\"1.50\",\"2\"\n";
  NcuTable T;
  std::string Err;
  ASSERT_TRUE(parseNcuCsv(Csv, T, Err)) << Err;
  EXPECT_EQ(T.Kernels[0], "k, with comma");
  NcuCounters C = countersFromTable(T);
  EXPECT_EQ(C.at("dram_bytes"), 1.5e6);
  EXPECT_EQ(C.at("spilled_bytes"), 2000.0);
  EXPECT_EQ(C.count("achieved_occupancy"), 0u);

  EXPECT_FALSE(parseNcuCsv("==PROF== Connected\n==ERROR== "
                           "ERR_NVGPUCTRPERM - The user does not have "
                           "permission\n",
                           T, Err));
  EXPECT_NE(Err.find("no ncu CSV header"), std::string::npos);
  EXPECT_FALSE(parseNcuCsv("\"ID\",\"Kernel Name\",\"dram__bytes.sum\"\n"
                           "\"\",\"\",\"byte\"\n",
                           T, Err));
  EXPECT_NE(Err.find("no kernel launch"), std::string::npos);
}

TEST(TunerReport, NcuKernelTimesByNest) {
  // gpu__time_duration.sum in ncu's base unit (ns), one call of a function
  // whose nest 1 ran as its 64x32 copy twice; a kernel of no known nest.
  std::string Csv = "\"ID\",\"Kernel Name\",\"gpu__time_duration.sum\"\n"
                    "\"\",\"\",\"nsecond\"\n"
                    "\"0\",\"c2c_var_f_kernel0\",\"120,000\"\n"
                    "\"1\",\"c2c_var_f_kernel1_64x32\",\"15,500\"\n"
                    "\"2\",\"c2c_var_f_kernel1_64x32\",\"16,500\"\n"
                    "\"3\",\"c2c_var_f_kernel2(int, float *)\",\"2,000\"\n"
                    "\"4\",\"c2c_var_helper\",\"1,000\"\n";
  NcuTable T;
  std::string Err;
  ASSERT_TRUE(parseNcuCsv(Csv, T, Err)) << Err;
  std::map<std::string, double> Ms = kernelTimesMs(T, "c2c_var_");
  ASSERT_EQ(Ms.size(), 4u);
  EXPECT_DOUBLE_EQ(Ms.at("f_kernel0"), 0.12);
  EXPECT_DOUBLE_EQ(Ms.at("f_kernel1_64x32"), 0.032);
  EXPECT_DOUBLE_EQ(Ms.at("f_kernel2"), 0.002);
  std::map<std::string, double> ByNest = timeByNest(Ms, {{"f_kernel0", 0},
                                                         {"f_kernel1", 1},
                                                         {"f_kernel1_64x32", 1},
                                                         {"f_kernel2", 1}});
  ASSERT_EQ(ByNest.size(), 3u);
  EXPECT_DOUBLE_EQ(ByNest.at("nest 0"), 0.12);
  EXPECT_DOUBLE_EQ(ByNest.at("nest 1"), 0.034);
  EXPECT_DOUBLE_EQ(ByNest.at("helper"), 0.001);
}

TEST(TunerReport, ProfileWithoutNcuSaysWhy) {
  std::string Note;
  NcuCounters C =
      profileWithNcu("", "/bin/true", {"--profile"}, "c2c_var_.*", 0, 10, Note);
  EXPECT_TRUE(C.empty());
  EXPECT_NE(Note.find("ncu not found"), std::string::npos);
  // A "ncu" that fails: its ==ERROR== line becomes the note.
  C = profileWithNcu("/bin/false", "/bin/true", {"--profile"}, "c2c_var_.*", 0,
                     10, Note);
  EXPECT_TRUE(C.empty());
  EXPECT_NE(Note.find("ncu exited with status 1"), std::string::npos) << Note;
}

} // namespace

TEST(TunerReport, Headline) {
  Fixture F = makeFixture();
  // The best (v1010, 1 ms) stages 64 rows instead of the default's 32.
  F.R.Results[F.R.Best].Schedule["tile"]["i"] = 64;
  F.R.BestCounters = {{"achieved_occupancy", 0.61},
                      {"dram_bytes", 2.5e8},
                      {"sectors_per_request", 4.2}};
  F.R.DefaultCounters = {{"achieved_occupancy", 0.45},
                         {"dram_bytes", 4e8},
                         {"sectors_per_request", 4.0}};
  EXPECT_EQ(reportHeadline(F.B, F.R),
            "Best: v1010, 1.00 ms, 1.39x over the default schedule, 5.00x "
            "over the plain mapping. Changed from the default: tile "
            "{\"i\":32,\"j\":32} -> {\"i\":64,\"j\":32}. Counters that moved "
            "(default -> best): achieved_occupancy 45.0% -> 61.0%, "
            "dram_bytes 400000000 -> 250000000.");
  std::string Md = reportMarkdown(F.B, F.R);
  EXPECT_EQ(Md.find("**Best: v1010, 1.00 ms"), Md.find("\n\n") + 2) << Md;
  EXPECT_NE(reportHtml(F.B, F.R).find("<p class=\"headline\">Best: v1010"),
            std::string::npos);
  EXPECT_EQ(reportToJson(F.B, F.R)["headline"], reportHeadline(F.B, F.R));

  // The default is the best when no candidate beats it.
  F.R.Best = F.R.Default;
  EXPECT_EQ(reportHeadline(F.B, F.R),
            "Best: the default schedule, 1.39 ms, 3.61x over the plain "
            "mapping; no candidate beat it (18 evaluated).");

  F.R.Best = -1;
  EXPECT_EQ(reportHeadline(F.B, F.R),
            "No variant verified and ran: there is no best schedule (see "
            "Failures).");
}
