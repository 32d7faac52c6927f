//===- ExhaustiveSearch.cpp - Every candidate, in space order -------------===//

#include "tuner/ExhaustiveSearch.h"

namespace c2cuda {
namespace tuner {

ExhaustiveSearch::ExhaustiveSearch(const Bundle &B, unsigned Shard,
                                   unsigned Shards) {
  size_t Position = 0;
  for (size_t V = 0; V < B.Variants.size(); ++V)
    if (B.Variants[V].Role == "candidate" && Position++ % Shards == Shard)
      Order.push_back(V);
}

std::vector<size_t> ExhaustiveSearch::propose(size_t MaxBatch,
                                              std::optional<size_t>) {
  std::vector<size_t> Out;
  while (Out.size() < MaxBatch && Next < Order.size())
    Out.push_back(Order[Next++]);
  return Out;
}

} // namespace tuner
} // namespace c2cuda
