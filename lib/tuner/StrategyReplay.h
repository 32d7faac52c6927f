//===- StrategyReplay.h - Run a strategy against known results -*- C++ -*-===//
//
// Replays a strategy over results already measured (an exhaustive sweep's
// cache or TuningRun), exactly as the engine drives it when every result
// is a cache hit: propose a batch, look each one up, observe, repeat until
// the strategy stops or the evaluation budget is spent. No GPU is needed,
// so the strategies can be compared on real data:
//
//   model reaches within 1.8% of the exhaustive best (0.412 ms) using 22
//   of 216 evaluations over 5 seeds (worst seed 3.0%)
//
// A time budget cannot be replayed (lookups take no time); it is replaced
// by the strategy's default evaluation budget (TimeBudgetReplaced).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TUNER_STRATEGYREPLAY_H
#define C2CUDA_TUNER_STRATEGYREPLAY_H

#include "tuner/Evaluation.h"
#include "tuner/SearchStrategy.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace c2cuda {
namespace tuner {

/// Variant index -> its result, from a sweep's evaluations (by VariantId;
/// Ok iff Status is Ok, Ms the median). Unknown ids and skipped
/// evaluations (no result) are left out.
std::map<size_t, Observation>
observationsFrom(const Bundle &B, const std::vector<Evaluation> &Results);

/// The fastest Ok candidate of Measured, if any.
std::optional<Observation>
exhaustiveBest(const Bundle &B, const std::map<size_t, Observation> &Measured);

struct ReplayOutcome {
  std::string Error;         ///< Non-empty: the strategy could not be made.
  std::vector<size_t> Order; ///< Proposed variants, in order.
  size_t Evaluations = 0;    ///< Order.size().
  size_t Missing = 0;        ///< Proposed but not in Measured (counted failed).
  std::optional<Observation> Best;
  /// Best Ok time after each evaluation (infinity before the first Ok).
  std::vector<double> BestSoFar;
  bool TimeBudgetReplaced = false;
};

/// Batch: the MaxBatch the engine would pass (2 x jobs there).
ReplayOutcome replayStrategy(const Bundle &B,
                             const std::map<size_t, Observation> &Measured,
                             const std::string &Name, unsigned long long Seed,
                             const Budget &Bud, size_t Batch = 1);

/// A strategy replayed over several seeds, against the exhaustive best.
struct ReplaySummary {
  std::string Strategy, Error;
  size_t Candidates = 0, Measured = 0; ///< Measured: Ok candidates.
  double ExhaustiveMs = 0;             ///< 0 when nothing was Ok.
  std::vector<unsigned long long> Seeds;
  std::vector<ReplayOutcome> Runs;
  /// Per run, (best found - exhaustive best) / exhaustive best; infinity
  /// when the run found nothing Ok.
  std::vector<double> Gaps;
  double MeanGap = 0, WorstGap = 0;
  double MeanEvaluations = 0;
  size_t MaxEvaluations = 0;
  std::string str() const; ///< The sentence above.
};

ReplaySummary summarizeReplays(const Bundle &B,
                               const std::map<size_t, Observation> &Measured,
                               const std::string &Name,
                               const std::vector<unsigned long long> &Seeds,
                               const Budget &Bud, size_t Batch = 1);

} // namespace tuner
} // namespace c2cuda

#endif
