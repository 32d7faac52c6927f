//===- Evaluation.cpp - One variant's evaluation as JSON ------------------===//
//
// Negative sentinels (an error not measured, no model prediction) are
// written as null so that a reader never mistakes them for values.
//
//===----------------------------------------------------------------------===//

#include "tuner/Evaluation.h"

#include <algorithm>
#include <cmath>

namespace c2cuda {
namespace tuner {

using nlohmann::json;

static const struct {
  EvalStatus S;
  const char *Name;
} StatusNames[] = {
    {EvalStatus::Ok, "ok"},
    {EvalStatus::CompileError, "compile_error"},
    {EvalStatus::RuntimeError, "runtime_error"},
    {EvalStatus::Timeout, "timeout"},
    {EvalStatus::WrongResult, "wrong_result"},
    {EvalStatus::Skipped, "skipped"},
};

const char *statusName(EvalStatus S) {
  for (const auto &N : StatusNames)
    if (N.S == S)
      return N.Name;
  return "unknown";
}

bool statusFromName(const std::string &Name, EvalStatus &Out) {
  for (const auto &N : StatusNames)
    if (Name == N.Name) {
      Out = N.S;
      return true;
    }
  return false;
}

void TimeStats::summarize() {
  if (SamplesMs.empty()) {
    MedianMs = MinMs = MaxMs = MeanMs = StdevMs = 0;
    return;
  }
  std::vector<double> S = SamplesMs;
  std::sort(S.begin(), S.end());
  size_t N = S.size();
  MedianMs = N % 2 ? S[N / 2] : (S[N / 2 - 1] + S[N / 2]) / 2;
  MinMs = S.front();
  MaxMs = S.back();
  double Sum = 0;
  for (double X : S)
    Sum += X;
  MeanMs = Sum / N;
  double Sq = 0;
  for (double X : S)
    Sq += (X - MeanMs) * (X - MeanMs);
  // Sample standard deviation; 0 for one sample.
  StdevMs = N > 1 ? std::sqrt(Sq / (N - 1)) : 0;
}

static json orNull(double X) { return X >= 0 ? json(X) : json(nullptr); }

json evaluationToJson(const Evaluation &E) {
  json J;
  J["key"] = E.Key;
  J["variant"] = E.VariantId;
  J["role"] = E.Role;
  J["params"] = E.Params;
  J["schedule"] = E.Schedule;
  J["status"] = statusName(E.Status);
  J["reason"] = E.Reason;
  J["compile"] = {{"ok", E.Compile.Ok},
                  {"seconds", E.Compile.Seconds},
                  {"registers", E.Compile.Registers},
                  {"spill_store_bytes", E.Compile.SpillStoreBytes},
                  {"spill_load_bytes", E.Compile.SpillLoadBytes},
                  {"shared_bytes", E.Compile.SharedBytes},
                  {"stack_bytes", E.Compile.StackBytes}};
  J["small_error"] = orNull(E.SmallError);
  J["tuning_error"] = orNull(E.TuningError);
  J["time"] = {{"samples_ms", E.Time.SamplesMs}, {"median_ms", E.Time.MedianMs},
               {"min_ms", E.Time.MinMs},         {"max_ms", E.Time.MaxMs},
               {"mean_ms", E.Time.MeanMs},       {"stdev_ms", E.Time.StdevMs}};
  J["predicted_occupancy"] = E.PredictedOccupancy;
  J["occupancy_limiter"] = E.OccupancyLimiter;
  J["model_seconds"] = orNull(E.ModelSeconds);
  J["gflops"] = E.GFlops;
  J["gbytes_per_second"] = E.GBytesPerSecond;
  J["fraction_of_flop_floor"] = E.FractionOfFlopFloor;
  J["fraction_of_bandwidth_floor"] = E.FractionOfBandwidthFloor;
  J["gpu"] = E.Gpu;
  J["toolkit"] = E.Toolkit;
  J["gpu_index"] = E.GpuIndex;
  J["order"] = E.Order;
  J["finished_at"] = E.FinishedAt;
  return J;
}

namespace {
template <typename T>
bool getOpt(const json &J, const char *Key, T &Out, std::string &Err,
            const char *Where = "evaluation") {
  auto It = J.find(Key);
  if (It == J.end() || It->is_null())
    return true;
  try {
    Out = It->get<T>();
  } catch (const json::exception &E) {
    Err = std::string(Where) + "." + Key + ": " + E.what();
    return false;
  }
  return true;
}
} // namespace

bool evaluationFromJson(const json &J, Evaluation &Out, std::string &Err) {
  Err.clear();
  Out = Evaluation();
  if (!J.is_object()) {
    Err = "evaluation: expected an object";
    return false;
  }
  std::string Status;
  bool Ok = getOpt(J, "key", Out.Key, Err) &&
            getOpt(J, "variant", Out.VariantId, Err) &&
            getOpt(J, "role", Out.Role, Err) &&
            getOpt(J, "status", Status, Err) &&
            getOpt(J, "reason", Out.Reason, Err);
  if (!Ok)
    return false;
  if (!statusFromName(Status, Out.Status)) {
    Err = "evaluation.status: unknown status '" + Status + "'";
    return false;
  }
  if (J.contains("params"))
    Out.Params = J["params"];
  if (J.contains("schedule"))
    Out.Schedule = J["schedule"];
  if (auto It = J.find("compile"); It != J.end() && It->is_object()) {
    const json &C = *It;
    const char *W = "evaluation.compile";
    Ok = getOpt(C, "ok", Out.Compile.Ok, Err, W) &&
         getOpt(C, "seconds", Out.Compile.Seconds, Err, W) &&
         getOpt(C, "registers", Out.Compile.Registers, Err, W) &&
         getOpt(C, "spill_store_bytes", Out.Compile.SpillStoreBytes, Err, W) &&
         getOpt(C, "spill_load_bytes", Out.Compile.SpillLoadBytes, Err, W) &&
         getOpt(C, "shared_bytes", Out.Compile.SharedBytes, Err, W) &&
         getOpt(C, "stack_bytes", Out.Compile.StackBytes, Err, W);
    if (!Ok)
      return false;
  }
  if (auto It = J.find("time"); It != J.end() && It->is_object()) {
    const json &T = *It;
    const char *W = "evaluation.time";
    Ok = getOpt(T, "samples_ms", Out.Time.SamplesMs, Err, W) &&
         getOpt(T, "median_ms", Out.Time.MedianMs, Err, W) &&
         getOpt(T, "min_ms", Out.Time.MinMs, Err, W) &&
         getOpt(T, "max_ms", Out.Time.MaxMs, Err, W) &&
         getOpt(T, "mean_ms", Out.Time.MeanMs, Err, W) &&
         getOpt(T, "stdev_ms", Out.Time.StdevMs, Err, W);
    if (!Ok)
      return false;
  }
  return getOpt(J, "small_error", Out.SmallError, Err) &&
         getOpt(J, "tuning_error", Out.TuningError, Err) &&
         getOpt(J, "predicted_occupancy", Out.PredictedOccupancy, Err) &&
         getOpt(J, "occupancy_limiter", Out.OccupancyLimiter, Err) &&
         getOpt(J, "model_seconds", Out.ModelSeconds, Err) &&
         getOpt(J, "gflops", Out.GFlops, Err) &&
         getOpt(J, "gbytes_per_second", Out.GBytesPerSecond, Err) &&
         getOpt(J, "fraction_of_flop_floor", Out.FractionOfFlopFloor, Err) &&
         getOpt(J, "fraction_of_bandwidth_floor", Out.FractionOfBandwidthFloor,
                Err) &&
         getOpt(J, "gpu", Out.Gpu, Err) &&
         getOpt(J, "toolkit", Out.Toolkit, Err) &&
         getOpt(J, "gpu_index", Out.GpuIndex, Err) &&
         getOpt(J, "order", Out.Order, Err) &&
         getOpt(J, "finished_at", Out.FinishedAt, Err);
}

} // namespace tuner
} // namespace c2cuda
