//===- TuningRun.h - The outcome of one sweep ------------------*- C++ -*-===//
//
// What the engine hands to the report and to `-o best.cu`: the bundle's
// identity, the GPU, the strategy and its budget, every evaluation in the
// order the search asked for it (cached ones included), and the Nsight
// Compute counters of the best and default variants where ncu ran.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TUNER_TUNINGRUN_H
#define C2CUDA_TUNER_TUNINGRUN_H

#include "tuner/Evaluation.h"

#include <map>
#include <string>
#include <vector>

namespace c2cuda {
namespace tuner {

struct GpuInfo {
  std::string Name, ComputeCapability, Driver, Runtime;
  unsigned SMs = 0;
  unsigned long long L2Bytes = 0;
  double PeakGFlops = 0; ///< FP32 FMA peak, 2 flops per FMA.
  double PeakGBs = 0;    ///< DRAM bandwidth.
  std::string Toolkit;   ///< nvcc's release, "13.0".
};

/// Counters of one variant's kernels (summed over its launches), by the
/// names used in the report: "achieved_occupancy", "sectors_per_request",
/// "shared_bank_conflicts", "divergent_branches", "dram_bytes",
/// "spilled_bytes" (local memory traffic).
using NcuCounters = std::map<std::string, double>;

struct TuningRun {
  std::string Strategy;
  std::string Budget; ///< As given ("" for the default), and as applied:
  size_t BudgetEvaluations = 0; ///< 0 when the budget was time.
  double BudgetSeconds = 0;     ///< 0 when the budget was evaluations.
  unsigned long long Seed = 0;
  GpuInfo Gpu;
  std::vector<unsigned> Gpus; ///< Device indices used.
  size_t Candidates = 0;      ///< Candidate variants in the space.
  size_t Evaluations = 0;     ///< Candidates the strategy evaluated.
  size_t Measured = 0;        ///< Of those, measured now (not cached).
  bool Interrupted = false;   ///< Ctrl-C or the time budget cut it short.
  bool Stopped = false;       ///< Ctrl-C / SIGTERM (Interrupted too).
  /// The harness could not reach the first GPU (no device, no driver):
  /// runTuning failed before anything was measured.
  bool NoGpu = false;
  double WallSeconds = 0;
  std::string StartedAt; ///< ISO 8601, UTC.
  /// Baselines (plain, default, planted) first, then the search's order.
  std::vector<Evaluation> Results;
  int Best = -1;    ///< Index into Results of the fastest Ok candidate.
  int Default = -1; ///< Index of the default variant's evaluation.
  int Plain = -1;   ///< Index of the plain mapping's evaluation.
  /// EngineOptions::ConfirmRuns: the medians of the second timing of the
  /// search's fastest and of the default (< 0: not timed again), and
  /// whether the fastest stayed the best.
  double ConfirmBestMs = -1, ConfirmDefaultMs = -1;
  bool Confirmed = false;
  std::string ConfirmedId; ///< The fastest variant that was timed again.
  NcuCounters BestCounters, DefaultCounters; ///< Empty without ncu.
  /// Nsight Compute's gpu__time_duration of each kernel (name as the
  /// variant defines it), in ms summed over the launches of one call;
  /// empty without ncu.
  std::map<std::string, double> BestKernelMs, DefaultKernelMs;
  std::string NcuNote; ///< Why counters are missing, or ncu's version.
};

} // namespace tuner
} // namespace c2cuda

#endif
