//===- SearchStrategy.h - Which variants to evaluate next ------*- C++ -*-===//
//
// A strategy walks the candidate variants of a bundle (Role "candidate").
// The engine asks it for a batch of variants to evaluate, evaluates them
// (or takes them from the cache), and tells it each outcome; it stops when
// the strategy proposes nothing or the budget is spent. The engine, not
// the strategy, enforces the budget; Remaining is a hint for planning.
//
//   exhaustive  every candidate, in space order.
//   random      candidates in a seeded random order.
//   model       candidates ranked by the cost model's predicted time; the
//               best-ranked few are measured, then the search moves to the
//               unmeasured neighbours of the best measured variant (one
//               parameter one step away), best-predicted first, until no
//               neighbour improves it.
//   anneal      simulated annealing over the parameter grid: moves to a
//               random neighbour, accepts a slower one with probability
//               exp(-(t' - t) / (T t)), T cooling geometrically.
//   bayes       Bayesian optimization: measures the best-predicted few,
//               then fits a Gaussian process to the log times (the log
//               predicted time as its prior mean) and measures the
//               candidate of highest expected improvement.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TUNER_SEARCHSTRATEGY_H
#define C2CUDA_TUNER_SEARCHSTRATEGY_H

#include "tuner/Bundle.h"

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace c2cuda {
namespace tuner {

/// The outcome of one evaluation, as a strategy sees it.
struct Observation {
  size_t Variant; ///< Index into Bundle::Variants.
  bool Ok;        ///< Verified and timed.
  double Ms;      ///< Median time; meaningless unless Ok.
};

class SearchStrategy {
public:
  virtual ~SearchStrategy();
  /// Up to MaxBatch variant indices (candidates, none proposed before) to
  /// evaluate next; empty when the strategy is done. Remaining: evaluations
  /// left in the budget, or nullopt for a time budget.
  virtual std::vector<size_t> propose(size_t MaxBatch,
                                      std::optional<size_t> Remaining) = 0;
  virtual void observe(const Observation &O) = 0;
  virtual const char *name() const = 0;
};

/// "exhaustive", "random", "model", "anneal" or "bayes"; null with Err
/// otherwise.
std::unique_ptr<SearchStrategy> makeStrategy(const std::string &Name,
                                             const Bundle &B,
                                             unsigned long long Seed,
                                             std::string &Err);

/// A budget: evaluations ("200") or wall time ("10m", "90s", "1h").
struct Budget {
  std::optional<size_t> Evaluations;
  std::optional<double> Seconds;
};
/// "" gives the strategy's default: every candidate for exhaustive, and
/// max(8, 10% of the candidates) evaluations for the others.
bool parseBudget(const std::string &Text, Budget &Out, std::string &Err);
Budget defaultBudget(const std::string &Strategy, size_t Candidates);

/// Candidate indices one parameter one step away from Variant.
std::vector<size_t> neighbours(const Bundle &B, size_t Variant);

/// Candidates from best to worst predicted time (the cost model's); those
/// without a prediction last; ties in an order the seed draws. The model
/// and bayes strategies start from it.
std::vector<size_t> modelRanking(const Bundle &B,
                                 const std::vector<size_t> &Candidates,
                                 unsigned long long Seed);

} // namespace tuner
} // namespace c2cuda

#endif
