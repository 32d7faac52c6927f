//===- SearchStrategy.cpp - Strategy factory, budgets, neighbours ---------===//

#include "tuner/SearchStrategy.h"
#include "tuner/AnnealingSearch.h"
#include "tuner/BayesianSearch.h"
#include "tuner/CandidateGrid.h"
#include "tuner/ExhaustiveSearch.h"
#include "tuner/ModelGuidedSearch.h"
#include "tuner/RandomSearch.h"
#include "tuner/SearchRng.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <tuple>

namespace c2cuda {
namespace tuner {

SearchStrategy::~SearchStrategy() = default;

std::unique_ptr<SearchStrategy> makeStrategy(const std::string &Name,
                                             const Bundle &B,
                                             unsigned long long Seed,
                                             std::string &Err) {
  if (Name == "exhaustive")
    return std::make_unique<ExhaustiveSearch>(B);
  if (Name == "random")
    return std::make_unique<RandomSearch>(B, Seed);
  if (Name == "model")
    return std::make_unique<ModelGuidedSearch>(B, Seed);
  if (Name == "anneal")
    return std::make_unique<AnnealingSearch>(B, Seed);
  if (Name == "bayes")
    return std::make_unique<BayesianSearch>(B, Seed);
  Err = "unknown strategy '" + Name +
        "': expected exhaustive, random, model, anneal or bayes";
  return nullptr;
}

static bool allDigits(const std::string &S) {
  return !S.empty() && std::all_of(S.begin(), S.end(),
                                   [](char C) { return C >= '0' && C <= '9'; });
}

bool parseBudget(const std::string &Text, Budget &Out, std::string &Err) {
  Out = Budget();
  if (Text.empty())
    return true; // The strategy's default (defaultBudget).
  auto Fail = [&] {
    Err = "budget '" + Text +
          "': expected a number of evaluations (200) or a time (90s, 10m, "
          "1h)";
    return false;
  };
  if (allDigits(Text)) {
    errno = 0;
    unsigned long long N = std::strtoull(Text.c_str(), nullptr, 10);
    if (errno == ERANGE || N == 0)
      return Fail();
    Out.Evaluations = size_t(N);
    return true;
  }
  double Unit = 0;
  switch (Text.back()) {
  case 's':
    Unit = 1;
    break;
  case 'm':
    Unit = 60;
    break;
  case 'h':
    Unit = 3600;
    break;
  default:
    return Fail();
  }
  // A plain decimal: digits, at most one '.', digits on at least one side.
  std::string Num = Text.substr(0, Text.size() - 1);
  size_t Dot = Num.find('.');
  std::string Int = Num.substr(0, Dot);
  std::string Frac = Dot == std::string::npos ? "" : Num.substr(Dot + 1);
  if ((Int.empty() && Frac.empty()) || (!Int.empty() && !allDigits(Int)) ||
      (!Frac.empty() && !allDigits(Frac)) ||
      (Dot != std::string::npos && Frac.empty()))
    return Fail();
  double Value = std::strtod(Num.c_str(), nullptr);
  if (!(Value > 0) || !std::isfinite(Value * Unit))
    return Fail();
  Out.Seconds = Value * Unit;
  return true;
}

Budget defaultBudget(const std::string &Strategy, size_t Candidates) {
  Budget B;
  if (Strategy == "exhaustive") {
    B.Evaluations = Candidates;
    return B;
  }
  size_t Tenth = (Candidates + 9) / 10;
  B.Evaluations = std::min(Candidates, std::max<size_t>(8, Tenth));
  return B;
}

std::vector<size_t> neighbours(const Bundle &B, size_t Variant) {
  return CandidateGrid(B).neighbours(Variant);
}

std::vector<size_t> modelRanking(const Bundle &B,
                                 const std::vector<size_t> &Candidates,
                                 unsigned long long Seed) {
  SearchRng Rng(Seed);
  std::vector<std::tuple<bool, double, uint64_t, size_t>> Keys;
  for (size_t V : Candidates) {
    double S = B.Variants[V].Model.Seconds;
    bool None = !(S >= 0);
    Keys.emplace_back(None, None ? 0.0 : S, Rng.next(), V);
  }
  std::sort(Keys.begin(), Keys.end());
  std::vector<size_t> Out;
  for (const auto &K : Keys)
    Out.push_back(std::get<3>(K));
  return Out;
}

} // namespace tuner
} // namespace c2cuda
