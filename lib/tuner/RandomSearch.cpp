//===- RandomSearch.cpp - Candidates in a seeded random order -------------===//

#include "tuner/RandomSearch.h"
#include "tuner/SearchRng.h"

namespace c2cuda {
namespace tuner {

RandomSearch::RandomSearch(const Bundle &B, unsigned long long Seed) {
  for (size_t V = 0; V < B.Variants.size(); ++V)
    if (B.Variants[V].Role == "candidate")
      Order.push_back(V);
  SearchRng Rng(Seed);
  Rng.shuffle(Order);
}

std::vector<size_t> RandomSearch::propose(size_t MaxBatch,
                                          std::optional<size_t>) {
  std::vector<size_t> Out;
  while (Out.size() < MaxBatch && Next < Order.size())
    Out.push_back(Order[Next++]);
  return Out;
}

} // namespace tuner
} // namespace c2cuda
