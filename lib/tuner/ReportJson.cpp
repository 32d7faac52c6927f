//===- ReportJson.cpp - report.json ---------------------------------------===//
//
// The document is described, key by key, in docs/tune-report.schema.json.
//
//===----------------------------------------------------------------------===//

#include "tuner/NcuProfile.h"
#include "tuner/Report.h"
#include "tuner/ReportTables.h"
#include "tuner/Sensitivity.h"

namespace c2cuda {
namespace tuner {

static nlohmann::json idOrNull(const TuningRun &R, int I) {
  if (I < 0 || (size_t)I >= R.Results.size())
    return nullptr;
  return R.Results[I].VariantId;
}

static nlohmann::json countersToJson(const NcuCounters &C) {
  if (C.empty())
    return nullptr;
  nlohmann::json J = nlohmann::json::object();
  for (const auto &[K, V] : C)
    J[K] = V;
  return J;
}

static nlohmann::json msOrNull(const TuningRun &R, int I) {
  if (I < 0 || (size_t)I >= R.Results.size())
    return nullptr;
  const Evaluation &E = R.Results[I];
  if (E.Status != EvalStatus::Ok || E.Time.MedianMs <= 0)
    return nullptr;
  return E.Time.MedianMs;
}

nlohmann::json gpuToJson(const GpuInfo &G) {
  return {{"name", G.Name},
          {"cc", G.ComputeCapability},
          {"sms", G.SMs},
          {"l2_bytes", G.L2Bytes},
          {"peak_gflops", G.PeakGFlops},
          {"peak_gbs", G.PeakGBs},
          {"driver", G.Driver},
          {"runtime", G.Runtime},
          {"toolkit", G.Toolkit}};
}

nlohmann::json reportToJson(const Bundle &B, const TuningRun &R) {
  nlohmann::json J = problemToJson(B);
  J["schema"] = "c2cuda-tune-report/1";
  J["source"] = B.SourceName;

  J["gpu"] = gpuToJson(R.Gpu);
  J["gpus"] = R.Gpus;

  J["strategy"] = R.Strategy;
  J["budget"] = {
      {"text", R.Budget},
      {"evaluations", R.BudgetEvaluations ? nlohmann::json(R.BudgetEvaluations)
                                          : nlohmann::json()},
      {"seconds", R.BudgetSeconds > 0 ? nlohmann::json(R.BudgetSeconds)
                                      : nlohmann::json()}};
  J["seed"] = R.Seed;
  J["candidates"] = R.Candidates;
  J["evaluations"] = R.Evaluations;
  J["measured"] = R.Measured;
  J["interrupted"] = R.Interrupted;
  J["wall_seconds"] = R.WallSeconds;
  J["started_at"] = R.StartedAt;

  J["best"] = idOrNull(R, R.Best);
  J["default"] = idOrNull(R, R.Default);
  J["plain"] = idOrNull(R, R.Plain);
  nlohmann::json Summary;
  Summary["best_ms"] = msOrNull(R, R.Best);
  Summary["default_ms"] = msOrNull(R, R.Default);
  Summary["plain_ms"] = msOrNull(R, R.Plain);
  auto Ratio = [](const nlohmann::json &A, const nlohmann::json &B) {
    return A.is_number() && B.is_number()
               ? nlohmann::json(A.get<double>() / B.get<double>())
               : nlohmann::json();
  };
  Summary["speedup_over_default"] =
      Ratio(Summary["default_ms"], Summary["best_ms"]);
  Summary["speedup_over_plain"] =
      Ratio(Summary["plain_ms"], Summary["best_ms"]);
  J["summary"] = Summary;
  J["headline"] = reportHeadline(B, R);

  nlohmann::json Variants = nlohmann::json::array();
  for (const Evaluation &E : R.Results) {
    nlohmann::json V = evaluationToJson(E);
    const Variant *Var = B.find(E.VariantId);
    V["model"] = Var ? modelToJson(Var->Model) : nlohmann::json();
    V["from_cache"] = E.FromCache;
    Variants.push_back(std::move(V));
  }
  J["variants"] = std::move(Variants);

  J["parameters"] = parametersToJson(B.Params);
  J["sensitivity"] = sensitivityToJson(computeSensitivity(B, R));
  J["ncu"] = {{"best", countersToJson(R.BestCounters)},
              {"default", countersToJson(R.DefaultCounters)},
              {"note", R.NcuNote}};
  if (!R.BestKernelMs.empty())
    J["ncu"]["time_by_nest"] = {
        {"best", timeByNest(R.BestKernelMs, B.KernelNests)},
        {"default", timeByNest(R.DefaultKernelMs, B.KernelNests)}};
  return J;
}

} // namespace tuner
} // namespace c2cuda
