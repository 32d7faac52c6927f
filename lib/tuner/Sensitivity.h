//===- Sensitivity.h - How much each parameter matters ---------*- C++ -*-===//
//
// For each tunable parameter, the Ok variants are grouped by the value they
// give it. Per value: the median of the variants' median times, the best
// time and how many variants had it. The parameter's sensitivity is
// (worst per-value best) / (best per-value best): the factor by which
// fixing that parameter at its worst value slows the best variant one can
// still find. 1 means the parameter does not matter (or only one of its
// values was measured).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TUNER_SENSITIVITY_H
#define C2CUDA_TUNER_SENSITIVITY_H

#include "tuner/Bundle.h"
#include "tuner/TuningRun.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace c2cuda {
namespace tuner {

struct ValueStats {
  nlohmann::json Value;
  size_t Ok = 0;       ///< Ok variants with this value.
  double MedianMs = 0; ///< Median of their median times; 0 when Ok == 0.
  double BestMs = 0;   ///< Fastest of them; 0 when Ok == 0.
};

struct ParamSensitivity {
  std::string Name;
  std::vector<ValueStats> Values; ///< In Parameter::Values order.
  /// Worst per-value best / best per-value best, over values with Ok > 0;
  /// 1 when fewer than two values were measured.
  double Factor = 1;
  size_t MeasuredValues = 0; ///< Values with Ok > 0.
};

/// One entry per Bundle::Params, most sensitive first (ties by name). Only
/// Ok evaluations of candidate and default variants count; a variant
/// evaluated twice counts once.
std::vector<ParamSensitivity> computeSensitivity(const Bundle &B,
                                                 const TuningRun &R);

/// {"method": ..., "parameters": [{"name", "factor", "measured_values",
///  "values": [{"value", "ok", "median_ms", "best_ms"}]}]}; the times of a
/// value with no Ok variant are null.
nlohmann::json sensitivityToJson(const std::vector<ParamSensitivity> &S);

} // namespace tuner
} // namespace c2cuda

#endif
