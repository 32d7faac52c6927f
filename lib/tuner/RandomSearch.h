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

#include "tuner/ExhaustiveSearch.h"

namespace c2cuda {
namespace tuner {

class RandomSearch : public ExhaustiveSearch {
public:
  RandomSearch(const Bundle &B, unsigned long long Seed);
  const char *name() const override { return "random"; }
};

} // namespace tuner
} // namespace c2cuda

#endif
