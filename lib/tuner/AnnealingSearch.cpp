//===- AnnealingSearch.cpp - Simulated annealing over the grid ------------===//

#include "tuner/AnnealingSearch.h"

#include <cmath>
#include <limits>

namespace c2cuda {
namespace tuner {

AnnealingSearch::AnnealingSearch(const Bundle &B, unsigned long long Seed)
    : Grid(B), Rng(Seed), Proposed(B.Variants.size(), false),
      Unproposed(Grid.candidates().size()) {
  const std::vector<size_t> &C = Grid.candidates();
  Start = C.empty() ? 0 : C[Rng.below(C.size())];
  double BestS = -1;
  for (size_t V : C) {
    double S = B.Variants[V].Model.Seconds;
    if (S >= 0 && (BestS < 0 || S < BestS)) {
      BestS = S;
      Start = V;
    }
  }
}

void AnnealingSearch::observe(const Observation &O) {
  for (size_t V : Batch)
    if (V == O.Variant)
      Outcomes[V] = O.Ok ? O.Ms : std::numeric_limits<double>::infinity();
}

/// Decides the last batch's step with what was observed of it.
void AnnealingSearch::settle() {
  if (Outcomes.empty())
    return;
  size_t Next = 0;
  double NextMs = 0;
  bool First = true;
  for (size_t V : Batch) {
    auto It = Outcomes.find(V);
    if (It != Outcomes.end() && (First || It->second < NextMs)) {
      Next = V;
      NextMs = It->second;
      First = false;
    }
  }
  bool Accept;
  if (Moving || !HaveCurrent || NextMs <= CurrentMs)
    Accept = true;
  else if (std::isinf(NextMs))
    Accept = false;
  else if (std::isinf(CurrentMs))
    Accept = true;
  else
    Accept = Rng.unit() < std::exp(-(NextMs - CurrentMs) / (T * CurrentMs));
  if (Accept) {
    Current = Next;
    CurrentMs = NextMs;
    HaveCurrent = true;
  }
  if (!Moving)
    T *= Cooling;
  Moving = false;
  Batch.clear();
  Outcomes.clear();
}

std::vector<size_t> AnnealingSearch::jump(size_t MaxBatch) {
  std::vector<size_t> Out;
  if (Unproposed == 0 || MaxBatch == 0)
    return Out;
  // The k-th unproposed candidate, k uniform.
  size_t K = Rng.below(Unproposed);
  for (size_t V : Grid.candidates())
    if (!Proposed[V] && K-- == 0) {
      Out.push_back(V);
      break;
    }
  return Out;
}

std::vector<size_t> AnnealingSearch::propose(size_t MaxBatch,
                                             std::optional<size_t>) {
  settle();
  std::vector<size_t> Out;
  if (MaxBatch == 0 || Unproposed == 0)
    return Out;
  if (!HaveCurrent && !Proposed[Start]) {
    Out.push_back(Start);
  } else if (HaveCurrent) {
    std::vector<size_t> Open;
    for (size_t N : Grid.neighbours(Current))
      if (!Proposed[N]) {
        bool Dup = false;
        for (size_t O : Open)
          Dup |= O == N;
        if (!Dup)
          Open.push_back(N);
      }
    Rng.shuffle(Open);
    if (Open.size() > MaxBatch)
      Open.resize(MaxBatch);
    Out = Open;
  }
  if (Out.empty()) {
    // Stuck (or the start's result is still out): jump.
    Out = jump(MaxBatch);
    Moving = true;
  } else if (!HaveCurrent) {
    Moving = true;
  }
  for (size_t V : Out) {
    Proposed[V] = true;
    --Unproposed;
  }
  Batch = Out;
  return Out;
}

} // namespace tuner
} // namespace c2cuda
