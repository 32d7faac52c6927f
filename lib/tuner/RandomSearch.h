//===- RandomSearch.h - Candidates in a seeded random order ----*- C++ -*-===//
//
// Shuffles the candidates once (Fisher-Yates over std::mt19937_64 seeded
// with the run's seed) and proposes them in that order, ignoring what it
// observes. The baseline a guided strategy has to beat: with a budget of n
// evaluations it finds the best of n uniformly drawn points.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TUNER_RANDOMSEARCH_H
#define C2CUDA_TUNER_RANDOMSEARCH_H

#include "tuner/SearchStrategy.h"

namespace c2cuda {
namespace tuner {

class RandomSearch : public SearchStrategy {
public:
  RandomSearch(const Bundle &B, unsigned long long Seed);
  std::vector<size_t> propose(size_t MaxBatch,
                              std::optional<size_t> Remaining) override;
  void observe(const Observation &) override {}
  const char *name() const override { return "random"; }

private:
  std::vector<size_t> Order;
  size_t Next = 0;
};

} // namespace tuner
} // namespace c2cuda

#endif
