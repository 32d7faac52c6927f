//===- StrategyReplay.cpp - Run a strategy against known results ----------===//

#include "tuner/StrategyReplay.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace c2cuda {
namespace tuner {

static size_t countCandidates(const Bundle &B) {
  return std::count_if(B.Variants.begin(), B.Variants.end(),
                       [](const Variant &V) { return V.Role == "candidate"; });
}

std::map<size_t, Observation>
observationsFrom(const Bundle &B, const std::vector<Evaluation> &Results) {
  std::map<std::string, size_t> ById;
  for (size_t V = 0; V < B.Variants.size(); ++V)
    ById.emplace(B.Variants[V].Id, V);
  std::map<size_t, Observation> Out;
  for (const Evaluation &E : Results) {
    auto It = ById.find(E.VariantId);
    if (It == ById.end() || E.Status == EvalStatus::Skipped)
      continue;
    bool Ok = E.Status == EvalStatus::Ok;
    Out[It->second] = Observation{It->second, Ok, Ok ? E.Time.MedianMs : 0};
  }
  return Out;
}

std::optional<Observation>
exhaustiveBest(const Bundle &B, const std::map<size_t, Observation> &Measured) {
  std::optional<Observation> Best;
  for (const auto &KV : Measured) {
    const Observation &O = KV.second;
    if (O.Ok && KV.first < B.Variants.size() &&
        B.Variants[KV.first].Role == "candidate" && (!Best || O.Ms < Best->Ms))
      Best = O;
  }
  return Best;
}

ReplayOutcome replayStrategy(const Bundle &B,
                             const std::map<size_t, Observation> &Measured,
                             const std::string &Name, unsigned long long Seed,
                             const Budget &Bud, size_t Batch) {
  ReplayOutcome R;
  std::unique_ptr<SearchStrategy> S = makeStrategy(Name, B, Seed, R.Error);
  if (!S)
    return R;
  std::optional<size_t> Limit = Bud.Evaluations;
  if (!Limit) {
    R.TimeBudgetReplaced = Bud.Seconds.has_value();
    Limit = defaultBudget(Name, countCandidates(B)).Evaluations;
  }
  double BestMs = std::numeric_limits<double>::infinity();
  Batch = std::max<size_t>(Batch, 1);
  while (R.Evaluations < *Limit) {
    size_t Remaining = *Limit - R.Evaluations;
    std::vector<size_t> P = S->propose(std::min(Batch, Remaining), Remaining);
    if (P.empty())
      break;
    // The engine evaluates the whole batch but the budget cuts it short.
    if (P.size() > Remaining)
      P.resize(Remaining);
    for (size_t V : P) {
      Observation O{V, false, 0};
      auto It = Measured.find(V);
      if (It != Measured.end())
        O = Observation{V, It->second.Ok, It->second.Ms};
      else
        ++R.Missing;
      S->observe(O);
      R.Order.push_back(V);
      ++R.Evaluations;
      if (O.Ok && O.Ms < BestMs) {
        BestMs = O.Ms;
        R.Best = O;
      }
      R.BestSoFar.push_back(BestMs);
    }
  }
  return R;
}

ReplaySummary summarizeReplays(const Bundle &B,
                               const std::map<size_t, Observation> &Measured,
                               const std::string &Name,
                               const std::vector<unsigned long long> &Seeds,
                               const Budget &Bud, size_t Batch) {
  ReplaySummary S;
  S.Strategy = Name;
  S.Seeds = Seeds;
  S.Candidates = countCandidates(B);
  for (const auto &KV : Measured)
    if (KV.second.Ok && KV.first < B.Variants.size() &&
        B.Variants[KV.first].Role == "candidate")
      ++S.Measured;
  std::optional<Observation> Best = exhaustiveBest(B, Measured);
  if (Best)
    S.ExhaustiveMs = Best->Ms;
  for (unsigned long long Seed : Seeds) {
    ReplayOutcome R = replayStrategy(B, Measured, Name, Seed, Bud, Batch);
    if (!R.Error.empty()) {
      S.Error = R.Error;
      return S;
    }
    double Gap = std::numeric_limits<double>::infinity();
    if (Best && R.Best)
      Gap = (R.Best->Ms - Best->Ms) / Best->Ms;
    S.Gaps.push_back(Gap);
    S.MeanGap += Gap / Seeds.size();
    S.WorstGap = std::max(S.WorstGap, Gap);
    S.MeanEvaluations += double(R.Evaluations) / Seeds.size();
    S.MaxEvaluations = std::max(S.MaxEvaluations, R.Evaluations);
    S.Runs.push_back(std::move(R));
  }
  return S;
}

std::string ReplaySummary::str() const {
  if (!Error.empty())
    return Error;
  if (ExhaustiveMs <= 0)
    return Strategy + ": no candidate was measured Ok";
  char Buf[512];
  std::snprintf(Buf, sizeof(Buf),
                "%s reaches within %.1f%% of the exhaustive best (%.4g ms) "
                "using %zu of %zu evaluations over %zu seeds (worst seed "
                "%.1f%%)",
                Strategy.c_str(), 100 * MeanGap, ExhaustiveMs, MaxEvaluations,
                Candidates, Seeds.size(), 100 * WorstGap);
  return Buf;
}

} // namespace tuner
} // namespace c2cuda
