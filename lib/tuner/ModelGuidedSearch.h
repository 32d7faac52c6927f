//===- ModelGuidedSearch.h - Cost model ranking, then hill climb -*- C++ -*-=//
//
// Ranks the candidates by the cost model's predicted time (no prediction
// ranks last; the seed breaks ties, so equal predictions are visited in a
// seed-dependent order). It measures the best-ranked k first, where
// k = max(3, ceil(Remaining / 3)) for an evaluation budget and 8 for a
// time budget: the model is good at discarding the bad part of the space
// but not at ordering the good part, which only measurement does.
//
// Then it climbs: from the fastest measured variant that still has
// unproposed neighbours (one parameter one step away), it proposes those
// neighbours, best-predicted first, as one batch. A faster neighbour
// becomes the next point to climb from; when a point has no neighbour
// left, the climb restarts from the next fastest measured point. When no
// measured point has an unproposed neighbour, it measures the next
// candidate by rank, which starts a new climb; so, given the budget, it
// ends up proposing every candidate.
//
// It assumes the engine observes a batch before asking for the next one;
// if not, it still never stalls (the rank order covers the gap).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TUNER_MODELGUIDEDSEARCH_H
#define C2CUDA_TUNER_MODELGUIDEDSEARCH_H

#include "tuner/CandidateGrid.h"
#include "tuner/SearchStrategy.h"

#include <cstdint>
#include <deque>

namespace c2cuda {
namespace tuner {

class ModelGuidedSearch : public SearchStrategy {
public:
  ModelGuidedSearch(const Bundle &B, unsigned long long Seed);
  std::vector<size_t> propose(size_t MaxBatch,
                              std::optional<size_t> Remaining) override;
  void observe(const Observation &O) override;
  const char *name() const override { return "model"; }

  /// Candidates from best to worst prediction (ties in seed order).
  const std::vector<size_t> &ranking() const { return Ranked; }

private:
  CandidateGrid Grid;
  std::vector<size_t> Ranked;
  std::vector<size_t> Rank; ///< Variant -> position in Ranked.
  std::vector<bool> Proposed;
  /// Measured Ok variants and their times.
  std::vector<std::pair<double, size_t>> Measured;
  std::deque<size_t> Initial;
  bool Started = false;
  size_t NextRanked = 0; ///< Where the rank order resumes.
};

} // namespace tuner
} // namespace c2cuda

#endif
