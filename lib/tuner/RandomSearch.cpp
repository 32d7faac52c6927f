//===- RandomSearch.cpp - Candidates in a seeded random order -------------===//

#include "tuner/RandomSearch.h"
#include "tuner/SearchRng.h"

namespace c2cuda {
namespace tuner {

RandomSearch::RandomSearch(const Bundle &B, unsigned long long Seed)
    : ExhaustiveSearch(B) {
  SearchRng Rng(Seed);
  Rng.shuffle(Order);
}

} // namespace tuner
} // namespace c2cuda
