//===- BayesianSearch.h - Gaussian-process search, expected improvement -*-===//
//
// Bayesian optimization over the candidates. Each candidate is a point of
// the unit box: one feature per parameter of the space (the position of
// its value in the parameter's list, scaled to [0,1]; a value the list
// lacks sits at 1) and one for the cost model's predicted time (its log,
// scaled to [0,1] over the candidates; no prediction sits at 1).
//
// It starts like the model strategy: it measures the best-predicted
// k = max(5, ceil(Remaining / 4)) candidates (8 under a time budget; ties
// in a seed-dependent order). Then, before each proposal, it fits a
// Gaussian process (GaussianProcess.h) to the log of the observed times,
// with the log predicted time as the prior mean (its slope fitted, so a
// model that ranks badly stops counting) and Matern 5/2 residuals whose
// length scales, one per feature, learn which parameters matter. It
// proposes the unproposed candidate of highest expected improvement over
// the fastest observed time,
//
//   EI = (t* - mu) Phi(z) + sigma phi(z),   z = (t* - mu) / sigma,
//
// in log time (ties: better predicted first). A failed variant counts as
// twice as slow as the slowest one that worked. A batch (the engine's
// parallelism) is chosen one by one, each proposal not yet observed
// counting as observed at its predicted mean (the "kriging believer"), so
// a batch does not pile onto one point. While nothing has worked, it keeps
// to the model's ranking. The seed only orders equal predictions.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TUNER_BAYESIANSEARCH_H
#define C2CUDA_TUNER_BAYESIANSEARCH_H

#include "tuner/CandidateGrid.h"
#include "tuner/GaussianProcess.h"
#include "tuner/SearchStrategy.h"

namespace c2cuda {
namespace tuner {

class BayesianSearch : public SearchStrategy {
public:
  BayesianSearch(const Bundle &B, unsigned long long Seed);
  std::vector<size_t> propose(size_t MaxBatch,
                              std::optional<size_t> Remaining) override;
  void observe(const Observation &O) override;
  const char *name() const override { return "bayes"; }

  /// Variant V's features (empty for a non-candidate).
  const std::vector<double> &features(size_t V) const { return Features[V]; }
  /// The best-predicted candidates measured before the first fit, for an
  /// evaluation budget of Remaining (nullopt: a time budget).
  static size_t initialCount(std::optional<size_t> Remaining);

private:
  CandidateGrid Grid;
  std::vector<std::vector<double>> Features; ///< Per variant.
  /// Per variant: ln(predicted s) - the candidates' lowest (the slowest
  /// prediction where there is none); the process's prior value.
  std::vector<double> LogPredicted;
  std::vector<size_t> Ranked; ///< By prediction, ties in seed order.
  std::vector<bool> Proposed;
  std::vector<size_t> Pending;                  ///< Proposed, not observed yet.
  std::vector<std::pair<size_t, double>> Times; ///< Ok: (variant, ms).
  std::vector<size_t> Failed;
  GpHyperparameters Hyper; ///< The last fit's; the next starts from it.
  size_t Initial = 0;
  bool Started = false;
  size_t NextRanked = 0; ///< Where the rank order resumes.

  size_t nextByRank();
  /// The unproposed candidate of highest expected improvement, believing
  /// Believed (proposed, unobserved) at the fit's mean; SIZE_MAX if there
  /// is none or no fit.
  size_t bestImprovement(const std::vector<size_t> &Believed);
};

} // namespace tuner
} // namespace c2cuda

#endif
