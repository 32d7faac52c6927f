//===- ExhaustiveSearch.h - Every candidate, in space order ----*- C++ -*-===//
//
// Proposes every candidate exactly once, in the order the bundle lists
// them (SpaceBuilder's order), ignoring what it observes. It is the
// reference the other strategies are measured against: with its default
// budget it finds the true best of the space. Sharded (Shard of Shards), it
// proposes the candidates whose position in that order is Shard modulo
// Shards: the shards of a sweep run on several machines (a Slurm job
// array) together propose every candidate once.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TUNER_EXHAUSTIVESEARCH_H
#define C2CUDA_TUNER_EXHAUSTIVESEARCH_H

#include "tuner/SearchStrategy.h"

namespace c2cuda {
namespace tuner {

class ExhaustiveSearch : public SearchStrategy {
public:
  explicit ExhaustiveSearch(const Bundle &B, unsigned Shard = 0,
                            unsigned Shards = 1);
  std::vector<size_t> propose(size_t MaxBatch,
                              std::optional<size_t> Remaining) override;
  void observe(const Observation &) override {}
  const char *name() const override { return "exhaustive"; }

protected:
  std::vector<size_t> Order; ///< Candidates, in the order proposed.
  size_t Next = 0;
};

} // namespace tuner
} // namespace c2cuda

#endif
