//===- Evaluation.h - What one variant's evaluation found ------*- C++ -*-===//
//
// One record per evaluated variant: compile status and resources, the
// verification errors, the time statistics and the figures derived from
// them. It is a line of the JSON cache (ResultCache) and an entry of
// report.json, so the JSON form below is the documented schema
// (docs/tune-report.schema.json).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TUNER_EVALUATION_H
#define C2CUDA_TUNER_EVALUATION_H

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace c2cuda {
namespace tuner {

/// Where a variant's evaluation stopped.
enum class EvalStatus {
  Ok,           ///< Verified and timed.
  CompileError, ///< nvcc failed (Reason: its first error line).
  RuntimeError, ///< The run exited non-zero or on a signal (illegal address).
  Timeout,      ///< Killed after Bundle::TimeoutSeconds.
  WrongResult,  ///< Verification error above the tolerance, or NaN.
  Skipped,      ///< Not run (interrupted before it ran).
};
const char *statusName(EvalStatus S); ///< "ok", "compile_error", ...
bool statusFromName(const std::string &N, EvalStatus &Out);

struct CompileInfo {
  bool Ok = false;
  double Seconds = 0;
  unsigned Registers = 0; ///< Largest over the variant's kernels.
  uint64_t SpillStoreBytes = 0, SpillLoadBytes = 0;
  uint64_t SharedBytes = 0; ///< Static, largest over the kernels.
  uint64_t StackBytes = 0;
};

struct TimeStats {
  std::vector<double> SamplesMs;
  double MedianMs = 0, MinMs = 0, MaxMs = 0, MeanMs = 0, StdevMs = 0;
  /// Fills the statistics from SamplesMs.
  void summarize();
};

struct Evaluation {
  std::string Key; ///< ResultCache::key() of the fields below.
  std::string VariantId, Role;
  nlohmann::json Params, Schedule;
  EvalStatus Status = EvalStatus::Skipped;
  std::string Reason; ///< Why it failed; "" when Ok.
  CompileInfo Compile;
  double SmallError = -1;  ///< Relative L2 vs the float64 C; < 0: not run.
  double TuningError = -1; ///< Relative L2 vs the plain mapping.
  TimeStats Time;
  /// Occupancy predicted from the registers ptxas reported (0..1), and the
  /// resource that limits it ("registers", "shared memory", ...).
  double PredictedOccupancy = 0;
  std::string OccupancyLimiter;
  double ModelSeconds = -1; ///< The cost model's prediction, if any.
  double GFlops = 0, GBytesPerSecond = 0;
  double FractionOfFlopFloor = 0; ///< Floor time / measured time.
  double FractionOfBandwidthFloor = 0;
  std::string Gpu, Toolkit; ///< "NVIDIA H100 80GB HBM3", "13.0".
  unsigned GpuIndex = 0;    ///< Which GPU of the machine ran it.
  unsigned Order = 0;       ///< 1-based position in the search.
  double FinishedAt = 0;    ///< Seconds since the sweep began.
  bool FromCache = false;   ///< Not stored in the cache line.
};

nlohmann::json evaluationToJson(const Evaluation &E);
bool evaluationFromJson(const nlohmann::json &J, Evaluation &Out,
                        std::string &Err);

} // namespace tuner
} // namespace c2cuda

#endif
