//===- BayesianSearch.cpp - Gaussian-process search, expected improvement -===//

#include "tuner/BayesianSearch.h"

#include <algorithm>
#include <cmath>

namespace c2cuda {
namespace tuner {

/// How much slower than the slowest Ok time a failure counts (log).
static const double FailurePenalty = std::log(2.0);
static const double InvSqrt2Pi = 0.3989422804014327;

BayesianSearch::BayesianSearch(const Bundle &B, unsigned long long Seed)
    : Grid(B), Features(B.Variants.size()), LogPredicted(B.Variants.size()),
      Proposed(B.Variants.size(), false) {
  // The predicted times' log range over the candidates.
  double Lo = HUGE_VAL, Hi = -HUGE_VAL;
  for (size_t V : Grid.candidates()) {
    double S = B.Variants[V].Model.Seconds;
    if (S > 0) {
      Lo = std::min(Lo, std::log(S));
      Hi = std::max(Hi, std::log(S));
    }
  }
  for (size_t V : Grid.candidates()) {
    const nlohmann::json &Ps = B.Variants[V].Params;
    std::vector<double> &F = Features[V];
    for (const Parameter &P : B.Params) {
      double X = 1;
      if (Ps.is_object()) {
        auto It = Ps.find(P.Name);
        for (size_t I = 0; It != Ps.end() && I < P.Values.size(); ++I)
          if (P.Values[I] == *It) {
            X = P.Values.size() > 1 ? double(I) / (P.Values.size() - 1) : 0;
            break;
          }
      }
      F.push_back(X);
    }
    double S = B.Variants[V].Model.Seconds;
    bool Known = S > 0;
    LogPredicted[V] = Known ? std::log(S) - Lo : Hi > Lo ? Hi - Lo : 0;
    F.push_back(!Known ? 1 : Hi > Lo ? (std::log(S) - Lo) / (Hi - Lo) : 0);
  }
  if (!Grid.candidates().empty())
    Hyper.LengthScales.assign(Features[Grid.candidates()[0]].size(), 1.0);

  Ranked = modelRanking(B, Grid.candidates(), Seed);
}

size_t BayesianSearch::initialCount(std::optional<size_t> Remaining) {
  if (!Remaining)
    return 8;
  return std::max<size_t>(5, (*Remaining + 3) / 4);
}

void BayesianSearch::observe(const Observation &O) {
  auto It = std::find(Pending.begin(), Pending.end(), O.Variant);
  if (It == Pending.end())
    return;
  Pending.erase(It);
  if (O.Ok) // A time of 0 would be -infinity in log time.
    Times.emplace_back(O.Variant, std::max(O.Ms, 1e-6));
  else
    Failed.push_back(O.Variant);
}

size_t BayesianSearch::nextByRank() {
  while (NextRanked < Ranked.size() && Proposed[Ranked[NextRanked]])
    ++NextRanked;
  return NextRanked < Ranked.size() ? Ranked[NextRanked] : SIZE_MAX;
}

size_t BayesianSearch::bestImprovement(const std::vector<size_t> &Believed) {
  // The observations in log time; failures at twice the slowest.
  std::vector<std::vector<double>> X;
  std::vector<double> P, Y;
  double Best = HUGE_VAL, Worst = -HUGE_VAL;
  auto Add = [&](size_t V, double LogMs) {
    X.push_back(Features[V]);
    P.push_back(LogPredicted[V]);
    Y.push_back(LogMs);
  };
  for (const auto &T : Times) {
    Add(T.first, std::log(T.second));
    Best = std::min(Best, Y.back());
    Worst = std::max(Worst, Y.back());
  }
  if (X.empty())
    return SIZE_MAX;
  for (size_t V : Failed)
    Add(V, Worst + FailurePenalty);
  Hyper = GaussianProcess::select(X, P, Y, Hyper);
  GaussianProcess G;
  if (!G.fit(X, P, Y, Hyper))
    return SIZE_MAX;
  if (!Believed.empty()) {
    for (size_t V : Believed) {
      double Mean, Sd;
      G.predict(Features[V], LogPredicted[V], Mean, Sd);
      Add(V, Mean);
    }
    if (!G.fit(X, P, Y, Hyper))
      return SIZE_MAX;
  }

  size_t Pick = SIZE_MAX;
  double PickEi = -1;
  for (size_t V : Ranked) {
    if (Proposed[V])
      continue;
    double Mean, Sd;
    G.predict(Features[V], LogPredicted[V], Mean, Sd);
    double Gain = Best - Mean;
    double Ei = std::max(Gain, 0.0);
    if (Sd > 0) {
      double Z = Gain / Sd;
      double Pdf = InvSqrt2Pi * std::exp(-0.5 * Z * Z);
      double Cdf = 0.5 * std::erfc(-Z / std::sqrt(2.0));
      Ei = Gain * Cdf + Sd * Pdf;
    }
    if (Ei > PickEi) { // In rank order: a tie goes to the better predicted.
      PickEi = Ei;
      Pick = V;
    }
  }
  return Pick;
}

std::vector<size_t> BayesianSearch::propose(size_t MaxBatch,
                                            std::optional<size_t> Remaining) {
  std::vector<size_t> Out;
  if (!Started) {
    Started = true;
    Initial = initialCount(Remaining);
  }
  while (Out.size() < MaxBatch) {
    size_t Seen = Times.size() + Failed.size() + Pending.size();
    size_t V = Seen >= Initial ? bestImprovement(Pending) : SIZE_MAX;
    if (V == SIZE_MAX)
      V = nextByRank();
    if (V == SIZE_MAX)
      break;
    Proposed[V] = true;
    Pending.push_back(V);
    Out.push_back(V);
  }
  return Out;
}

} // namespace tuner
} // namespace c2cuda
