//===- ModelGuidedSearch.cpp - Cost model ranking, then hill climb --------===//

#include "tuner/ModelGuidedSearch.h"

#include <algorithm>

namespace c2cuda {
namespace tuner {

ModelGuidedSearch::ModelGuidedSearch(const Bundle &B, unsigned long long Seed)
    : Grid(B), Rank(B.Variants.size(), SIZE_MAX),
      Proposed(B.Variants.size(), false) {
  Ranked = modelRanking(B, Grid.candidates(), Seed);
  for (size_t R = 0; R < Ranked.size(); ++R)
    Rank[Ranked[R]] = R;
}

void ModelGuidedSearch::observe(const Observation &O) {
  if (O.Ok && Grid.isCandidate(O.Variant))
    Measured.emplace_back(O.Ms, O.Variant);
}

std::vector<size_t>
ModelGuidedSearch::propose(size_t MaxBatch, std::optional<size_t> Remaining) {
  std::vector<size_t> Out;
  if (MaxBatch == 0)
    return Out;
  auto Take = [&](size_t V) {
    Proposed[V] = true;
    Out.push_back(V);
  };
  if (!Started) {
    Started = true;
    size_t K = Remaining ? std::max<size_t>(3, (*Remaining + 2) / 3) : 8;
    K = std::min(K, Ranked.size());
    Initial.assign(Ranked.begin(), Ranked.begin() + K);
  }
  while (!Initial.empty() && Out.size() < MaxBatch) {
    size_t V = Initial.front();
    Initial.pop_front();
    if (!Proposed[V])
      Take(V);
  }
  if (!Out.empty())
    return Out;

  // Climb from the fastest measured point with unproposed neighbours
  // (ties: better rank first).
  std::vector<std::pair<double, size_t>> ByTime = Measured;
  std::sort(ByTime.begin(), ByTime.end(), [&](const auto &A, const auto &B) {
    return A.first != B.first ? A.first < B.first
                              : Rank[A.second] < Rank[B.second];
  });
  for (const auto &M : ByTime) {
    std::vector<size_t> Open;
    for (size_t N : Grid.neighbours(M.second))
      if (!Proposed[N])
        Open.push_back(N);
    if (Open.empty())
      continue;
    std::sort(Open.begin(), Open.end());
    Open.erase(std::unique(Open.begin(), Open.end()), Open.end());
    std::sort(Open.begin(), Open.end(),
              [&](size_t A, size_t B) { return Rank[A] < Rank[B]; });
    for (size_t N : Open)
      if (Out.size() < MaxBatch)
        Take(N);
    return Out;
  }

  // Every measured point is expanded: start a new climb from the next
  // candidate by rank.
  while (NextRanked < Ranked.size() && Proposed[Ranked[NextRanked]])
    ++NextRanked;
  if (NextRanked < Ranked.size())
    Take(Ranked[NextRanked]);
  return Out;
}

} // namespace tuner
} // namespace c2cuda
