//===- TunerStrategyTest.cpp - Search strategies, budgets, replay ---------===//

#include "tuner/BayesianSearch.h"
#include "tuner/CandidateGrid.h"
#include "tuner/ModelGuidedSearch.h"
#include "tuner/SearchStrategy.h"
#include "tuner/StrategyReplay.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>
#include <set>

using namespace c2cuda::tuner;

namespace {

using Objective = std::function<double(int, int, int)>;

/// A 6x6x4 grid (a, b, c) with some points missing, framed by the
/// non-candidate roles the engine puts in every bundle. True time from F;
/// the model predicts F times (1 + noise) (no prediction when Noise < 0).
struct Synthetic {
  Bundle B;
  std::map<size_t, Observation> Truth;
};

bool missing(int A, int Bv, int C) {
  return (A * 36 + Bv * 6 + C) % 7 == 3 || (A == 2 && C == 1);
}

Synthetic makeSynthetic(const Objective &F, double Noise, unsigned Seed = 1) {
  Synthetic S;
  Bundle &B = S.B;
  B.Params = {{"a", {8, 16, 32, 64, 128, 256}},
              {"b", {1, 2, 4, 8, 16, 32}},
              {"c", {false, true, 2, 4}}};
  Variant Plain;
  Plain.Id = "v0000";
  Plain.Role = "plain";
  B.Variants.push_back(Plain);
  Variant Default;
  Default.Id = "v0001";
  Default.Role = "default";
  Default.Params = {{"a", 32}, {"b", 4}, {"c", true}};
  B.Variants.push_back(Default);
  std::mt19937_64 Rng(Seed);
  std::uniform_real_distribution<double> U(-1, 1);
  for (int A = 0; A < 6; ++A)
    for (int Bv = 0; Bv < 6; ++Bv)
      for (int C = 0; C < 4; ++C) {
        if (missing(A, Bv, C))
          continue;
        Variant V;
        V.Id = "v" + std::to_string(1000 + B.Variants.size());
        V.Params = {{"a", B.Params[0].Values[A]},
                    {"b", B.Params[1].Values[Bv]},
                    {"c", B.Params[2].Values[C]}};
        double T = F(A, Bv, C);
        V.Model.Seconds = Noise < 0 ? -1 : T * (1 + Noise * U(Rng)) * 1e-3;
        S.Truth[B.Variants.size()] =
            Observation{B.Variants.size(), std::isfinite(T), T};
        B.Variants.push_back(V);
      }
  Variant Planted;
  Planted.Id = "v9999";
  Planted.Role = "planted";
  Planted.Params = {{"a", 8}, {"b", 1}, {"c", false}};
  B.Variants.push_back(Planted);
  return S;
}

/// Bumpy but with one clear optimum at (4, 1, 2).
double bumpy(int A, int Bv, int C) {
  return 1.0 + 0.08 * (A - 4) * (A - 4) + 0.05 * (Bv - 1) * (Bv - 1) +
         0.1 * std::abs(C - 2) + 0.03 * ((A * 5 + Bv * 3 + C) % 4);
}

double convex(int A, int Bv, int C) {
  return 1.0 + 0.2 * (A - 3) * (A - 3) + 0.2 * (Bv - 4) * (Bv - 4) +
         0.3 * (C - 1) * (C - 1);
}

size_t candidateCount(const Bundle &B) {
  return std::count_if(B.Variants.begin(), B.Variants.end(),
                       [](const Variant &V) { return V.Role == "candidate"; });
}

/// Drives a strategy like the engine; returns everything proposed.
std::vector<size_t> drive(SearchStrategy &S, const Synthetic &Syn, size_t Batch,
                          size_t Limit = SIZE_MAX) {
  std::vector<size_t> All;
  while (All.size() < Limit) {
    std::vector<size_t> P = S.propose(Batch, std::nullopt);
    if (P.empty())
      break;
    EXPECT_LE(P.size(), Batch);
    for (size_t V : P) {
      All.push_back(V);
      S.observe(Syn.Truth.at(V));
    }
  }
  return All;
}

std::unique_ptr<SearchStrategy> make(const std::string &Name, const Bundle &B,
                                     unsigned long long Seed) {
  std::string Err;
  auto S = makeStrategy(Name, B, Seed, Err);
  EXPECT_TRUE(S) << Err;
  return S;
}

TEST(TunerStrategy, ExhaustiveProposesEveryCandidateOnceInOrder) {
  Synthetic Syn = makeSynthetic(bumpy, 0.1);
  auto S = make("exhaustive", Syn.B, 0);
  std::vector<size_t> All = drive(*S, Syn, 5);
  std::vector<size_t> Expected;
  for (const auto &KV : Syn.Truth)
    Expected.push_back(KV.first);
  EXPECT_EQ(All, Expected);
  EXPECT_EQ(All.size(), candidateCount(Syn.B));
  EXPECT_STREQ(S->name(), "exhaustive");
}

TEST(TunerStrategy, RandomOrderDependsOnSeedOnly) {
  Synthetic Syn = makeSynthetic(bumpy, 0.1);
  auto S1 = make("random", Syn.B, 1), S1b = make("random", Syn.B, 1),
       S2 = make("random", Syn.B, 2);
  std::vector<size_t> A = drive(*S1, Syn, 4), Ab = drive(*S1b, Syn, 7),
                      C = drive(*S2, Syn, 4);
  EXPECT_EQ(A, Ab); // The batch size does not change the order.
  EXPECT_NE(A, C);
  std::vector<size_t> Sorted = A;
  std::sort(Sorted.begin(), Sorted.end());
  std::vector<size_t> Expected;
  for (const auto &KV : Syn.Truth)
    Expected.push_back(KV.first);
  EXPECT_EQ(Sorted, Expected);
  EXPECT_NE(A, Expected); // Actually shuffled.
}

TEST(TunerStrategy, NoStrategyProposesTwiceOrANonCandidate) {
  // Some candidates fail: strategies must carry on past them.
  Objective Failing = [](int A, int Bv, int C) {
    return (A + Bv + C) % 5 == 0 ? INFINITY : bumpy(A, Bv, C);
  };
  for (const char *Name : {"exhaustive", "random", "model", "anneal"})
    for (double Noise : {0.2, -1.0})
      for (size_t Batch : {1, 3, 8})
        for (unsigned long long Seed : {1, 7}) {
          Synthetic Syn = makeSynthetic(Failing, Noise);
          auto S = make(Name, Syn.B, Seed);
          std::vector<size_t> All = drive(*S, Syn, Batch);
          std::set<size_t> Unique(All.begin(), All.end());
          EXPECT_EQ(Unique.size(), All.size()) << Name;
          for (size_t V : All)
            EXPECT_EQ(Syn.B.Variants.at(V).Role, "candidate") << Name;
          // Without a budget every strategy ends up covering the space.
          EXPECT_EQ(All.size(), candidateCount(Syn.B))
              << Name << " batch " << Batch;
          EXPECT_TRUE(S->propose(4, std::nullopt).empty());
        }
}

TEST(TunerStrategy, ModelMeasuresTheBestPredictedFirst) {
  Synthetic Syn = makeSynthetic(bumpy, 0.1);
  ModelGuidedSearch S(Syn.B, 3);
  // 30 evaluations left: k = max(3, ceil(30 / 3)) = 10.
  std::vector<size_t> First = S.propose(64, 30);
  ASSERT_EQ(First.size(), 10u);
  const std::vector<size_t> &R = S.ranking();
  EXPECT_EQ(First, std::vector<size_t>(R.begin(), R.begin() + 10));
  for (size_t I = 1; I < R.size(); ++I)
    EXPECT_LE(Syn.B.Variants[R[I - 1]].Model.Seconds,
              Syn.B.Variants[R[I]].Model.Seconds);
  // Then it climbs: every next proposal neighbours a measured point.
  for (size_t V : First)
    S.observe(Syn.Truth.at(V));
  std::vector<size_t> Next = S.propose(64, 20);
  ASSERT_FALSE(Next.empty());
  size_t BestV = First[0];
  for (size_t V : First)
    if (Syn.Truth.at(V).Ms < Syn.Truth.at(BestV).Ms)
      BestV = V;
  std::vector<size_t> N = neighbours(Syn.B, BestV);
  for (size_t V : Next)
    EXPECT_NE(std::find(N.begin(), N.end(), V), N.end());
}

TEST(TunerStrategy, ModelNoPredictionRanksLast) {
  Synthetic Syn = makeSynthetic(bumpy, 0.1);
  size_t Unpredicted = Syn.Truth.begin()->first;
  Syn.B.Variants[Unpredicted].Model.Seconds = -1;
  ModelGuidedSearch S(Syn.B, 0);
  EXPECT_EQ(S.ranking().back(), Unpredicted);
  // Equal predictions: the seed orders them.
  for (Variant &V : Syn.B.Variants)
    V.Model.Seconds = 1e-3;
  ModelGuidedSearch A(Syn.B, 1), B(Syn.B, 2);
  EXPECT_NE(A.ranking(), B.ranking());
}

TEST(TunerStrategy, ModelWithFifteenPercentReachesFivePercentOfBest) {
  Synthetic Syn = makeSynthetic(bumpy, 0.15);
  size_t N = candidateCount(Syn.B);
  Budget Bud;
  Bud.Evaluations = (N * 15 + 99) / 100;
  std::optional<Observation> Best = exhaustiveBest(Syn.B, Syn.Truth);
  ASSERT_TRUE(Best);
  for (size_t Batch : {1, 4})
    for (unsigned long long Seed = 1; Seed <= 5; ++Seed) {
      // A differently noisy model per seed, too.
      Synthetic S = makeSynthetic(bumpy, 0.15, unsigned(Seed) * 11);
      ReplayOutcome R = replayStrategy(S.B, S.Truth, "model", Seed, Bud, Batch);
      ASSERT_TRUE(R.Best);
      EXPECT_LE(R.Evaluations, *Bud.Evaluations);
      EXPECT_LE(R.Best->Ms, Best->Ms * 1.05)
          << "seed " << Seed << " batch " << Batch;
    }
  // Random search with the same budget is not as reliable: the test
  // objective is not trivial.
  ReplaySummary Rand =
      summarizeReplays(Syn.B, Syn.Truth, "random", {1, 2, 3, 4, 5}, Bud);
  ReplaySummary Model =
      summarizeReplays(Syn.B, Syn.Truth, "model", {1, 2, 3, 4, 5}, Bud);
  EXPECT_LT(Model.MeanGap, Rand.MeanGap);
}

TEST(TunerStrategy, AnnealFindsTheOptimumOfAConvexObjective) {
  size_t Found = 0;
  for (double Noise : {-1.0, 0.3})
    for (unsigned long long Seed = 1; Seed <= 5; ++Seed) {
      Synthetic Syn = makeSynthetic(convex, Noise, unsigned(Seed));
      std::optional<Observation> Best = exhaustiveBest(Syn.B, Syn.Truth);
      Budget Bud;
      Bud.Evaluations = 40; // Of 120 candidates.
      ReplayOutcome R = replayStrategy(Syn.B, Syn.Truth, "anneal", Seed, Bud);
      ASSERT_TRUE(R.Best);
      Found += R.Best->Variant == Best->Variant;
    }
  EXPECT_EQ(Found, 10u);
}

TEST(TunerStrategy, AnnealStartsAtTheBestPredictedAndCools) {
  Synthetic Syn = makeSynthetic(convex, 0.05);
  auto S = make("anneal", Syn.B, 4);
  std::vector<size_t> First = S->propose(4, std::nullopt);
  ASSERT_EQ(First.size(), 1u);
  size_t BestPredicted = SIZE_MAX;
  for (const auto &KV : Syn.Truth)
    if (BestPredicted == SIZE_MAX ||
        Syn.B.Variants[KV.first].Model.Seconds <
            Syn.B.Variants[BestPredicted].Model.Seconds)
      BestPredicted = KV.first;
  EXPECT_EQ(First[0], BestPredicted);
  S->observe(Syn.Truth.at(First[0]));
  std::vector<size_t> Second = S->propose(4, std::nullopt);
  std::vector<size_t> N = neighbours(Syn.B, First[0]);
  ASSERT_FALSE(Second.empty());
  for (size_t V : Second)
    EXPECT_NE(std::find(N.begin(), N.end(), V), N.end());
}

TEST(TunerStrategy, BayesCoversTheSpaceOnceDespiteFailures) {
  // The full space is slow for a process refitted at every proposal (a
  // second each): one seed, with a model in batches of 4, without one in
  // batches of 1.
  Objective Failing = [](int A, int Bv, int C) {
    return (A + Bv + C) % 5 == 0 ? INFINITY : bumpy(A, Bv, C);
  };
  for (auto [Noise, Batch] : {std::pair<double, size_t>{0.2, 4}, {-1.0, 1}}) {
    Synthetic Syn = makeSynthetic(Failing, Noise);
    auto S = make("bayes", Syn.B, 1);
    std::vector<size_t> All = drive(*S, Syn, Batch);
    std::set<size_t> Unique(All.begin(), All.end());
    EXPECT_EQ(Unique.size(), All.size());
    for (size_t V : All)
      EXPECT_EQ(Syn.B.Variants.at(V).Role, "candidate");
    EXPECT_EQ(All.size(), candidateCount(Syn.B)) << "batch " << Batch;
    EXPECT_TRUE(S->propose(4, std::nullopt).empty());
  }
}

TEST(TunerStrategy, BayesStartsWithTheBestPredictedThenLearns) {
  Synthetic Syn = makeSynthetic(bumpy, 0.1);
  // 30 evaluations left: k = max(5, ceil(30 / 4)) = 8, the best predicted.
  EXPECT_EQ(BayesianSearch::initialCount(30), 8u);
  EXPECT_EQ(BayesianSearch::initialCount(12), 5u);
  BayesianSearch S(Syn.B, 3);
  std::vector<size_t> First = S.propose(8, 30);
  ASSERT_EQ(First.size(), 8u);
  std::vector<size_t> ByPrediction;
  for (const auto &KV : Syn.Truth)
    ByPrediction.push_back(KV.first);
  std::sort(ByPrediction.begin(), ByPrediction.end(), [&](size_t A, size_t B) {
    return Syn.B.Variants[A].Model.Seconds < Syn.B.Variants[B].Model.Seconds;
  });
  EXPECT_EQ(std::set<size_t>(First.begin(), First.end()),
            std::set<size_t>(ByPrediction.begin(), ByPrediction.begin() + 8));
  // Every feature lies in [0, 1]: one per parameter, one for the model.
  for (size_t V : First) {
    ASSERT_EQ(S.features(V).size(), 4u);
    for (double F : S.features(V)) {
      EXPECT_GE(F, 0.0);
      EXPECT_LE(F, 1.0);
    }
  }
  // With 15% of the space it comes within 5% of the best, for every seed
  // and a differently noisy model each time, one at a time or in batches.
  size_t N = candidateCount(Syn.B);
  Budget Bud;
  Bud.Evaluations = (N * 15 + 99) / 100;
  for (size_t Batch : {1, 4})
    for (unsigned long long Seed = 1; Seed <= 5; ++Seed) {
      Synthetic Noisy = makeSynthetic(bumpy, 0.15, unsigned(Seed) * 11);
      std::optional<Observation> Best = exhaustiveBest(Noisy.B, Noisy.Truth);
      ReplayOutcome R =
          replayStrategy(Noisy.B, Noisy.Truth, "bayes", Seed, Bud, Batch);
      ASSERT_TRUE(R.Best);
      EXPECT_LE(R.Best->Ms, Best->Ms * 1.05)
          << "seed " << Seed << " batch " << Batch;
    }
  // The same seed gives the same search.
  ReplayOutcome A = replayStrategy(Syn.B, Syn.Truth, "bayes", 7, Bud, 3),
                B = replayStrategy(Syn.B, Syn.Truth, "bayes", 7, Bud, 3);
  EXPECT_EQ(A.Order, B.Order);
}

/// A 2-parameter 5x5 grid; Holes are (x, y) points left out.
Bundle grid2(const std::set<std::pair<int, int>> &Holes) {
  Bundle B;
  B.Params = {{"x", {0, 1, 2, 3, 4}}, {"y", {"a", "b", "c", "d", "e"}}};
  Variant Plain;
  Plain.Role = "plain";
  B.Variants.push_back(Plain);
  for (int X = 0; X < 5; ++X)
    for (int Y = 0; Y < 5; ++Y)
      if (!Holes.count({X, Y})) {
        Variant V;
        V.Id = std::to_string(X) + std::to_string(Y);
        V.Params = {{"x", X}, {"y", B.Params[1].Values[Y]}};
        B.Variants.push_back(V);
      }
  return B;
}

std::set<std::string> ids(const Bundle &B, const std::vector<size_t> &Vs) {
  std::set<std::string> Out;
  for (size_t V : Vs)
    Out.insert(B.Variants[V].Id);
  return Out;
}

size_t indexOf(const Bundle &B, const std::string &Id) {
  for (size_t V = 0; V < B.Variants.size(); ++V)
    if (B.Variants[V].Id == Id)
      return V;
  return SIZE_MAX;
}

TEST(TunerStrategy, NeighboursOnSparseGrids) {
  Bundle Full = grid2({});
  EXPECT_EQ(ids(Full, neighbours(Full, indexOf(Full, "22"))),
            (std::set<std::string>{"12", "32", "21", "23"}));
  EXPECT_EQ(ids(Full, neighbours(Full, indexOf(Full, "00"))),
            (std::set<std::string>{"10", "01"}));
  EXPECT_EQ(ids(Full, neighbours(Full, indexOf(Full, "44"))),
            (std::set<std::string>{"34", "43"}));

  // Holes at 12, 32, 42 and 23, 24: along x from 22 the nearest existing
  // points are 02 (skipping 12) and nothing above; along y, 21 and none.
  Bundle Sparse = grid2({{1, 2}, {3, 2}, {4, 2}, {2, 3}, {2, 4}});
  EXPECT_EQ(ids(Sparse, neighbours(Sparse, indexOf(Sparse, "22"))),
            (std::set<std::string>{"02", "21"}));
  // 13: x neighbours 03 and 33, y neighbours 11 (skipping the hole 12), 14.
  EXPECT_EQ(ids(Sparse, neighbours(Sparse, indexOf(Sparse, "13"))),
            (std::set<std::string>{"03", "33", "11", "14"}));
  // Never the plain variant, never itself.
  Bundle Line = grid2({});
  for (size_t V = 1; V < Line.Variants.size(); ++V)
    for (size_t N : neighbours(Line, V)) {
      EXPECT_NE(N, 0u);
      EXPECT_NE(N, V);
    }
  // A variant that is not a candidate still has candidate neighbours.
  Variant Def;
  Def.Role = "default";
  Def.Params = {{"x", 1}, {"y", "b"}};
  Full.Variants.push_back(Def);
  EXPECT_EQ(ids(Full, neighbours(Full, Full.Variants.size() - 1)),
            (std::set<std::string>{"01", "21", "10", "12"}));
  // Numbers match whatever their JSON type (64 == 64.0).
  Bundle Typed = grid2({});
  Typed.Variants[indexOf(Typed, "32")].Params["x"] = 3.0;
  EXPECT_EQ(ids(Typed, neighbours(Typed, indexOf(Typed, "22"))),
            (std::set<std::string>{"12", "32", "21", "23"}));
}

TEST(TunerStrategy, ParseBudget) {
  Budget B;
  std::string Err;
  ASSERT_TRUE(parseBudget("200", B, Err));
  EXPECT_EQ(B.Evaluations, 200u);
  EXPECT_FALSE(B.Seconds);
  ASSERT_TRUE(parseBudget("90s", B, Err));
  EXPECT_EQ(B.Seconds, 90.0);
  EXPECT_FALSE(B.Evaluations);
  ASSERT_TRUE(parseBudget("10m", B, Err));
  EXPECT_EQ(B.Seconds, 600.0);
  ASSERT_TRUE(parseBudget("1h", B, Err));
  EXPECT_EQ(B.Seconds, 3600.0);
  ASSERT_TRUE(parseBudget("1.5m", B, Err));
  EXPECT_EQ(B.Seconds, 90.0);
  ASSERT_TRUE(parseBudget(".5h", B, Err));
  EXPECT_EQ(B.Seconds, 1800.0);
  ASSERT_TRUE(parseBudget("", B, Err));
  EXPECT_FALSE(B.Evaluations);
  EXPECT_FALSE(B.Seconds);
  for (const char *Bad :
       {"10x", "0", "0s", "-5", "1.5", "m", "1.m", "10 m", " 10m", "10M", "1e3",
        "1..5s", "abc", "5ms", "99999999999999999999999"}) {
    Err.clear();
    EXPECT_FALSE(parseBudget(Bad, B, Err)) << Bad;
    EXPECT_EQ(Err, std::string("budget '") + Bad +
                       "': expected a number of evaluations (200) or a "
                       "time (90s, 10m, 1h)");
  }
}

TEST(TunerStrategy, DefaultBudget) {
  EXPECT_EQ(defaultBudget("exhaustive", 500).Evaluations, 500u);
  EXPECT_EQ(defaultBudget("model", 500).Evaluations, 50u);
  EXPECT_EQ(defaultBudget("random", 501).Evaluations, 51u);
  EXPECT_EQ(defaultBudget("anneal", 40).Evaluations, 8u);
  EXPECT_EQ(defaultBudget("model", 5).Evaluations, 5u);
  EXPECT_FALSE(defaultBudget("model", 40).Seconds);
}

TEST(TunerStrategy, UnknownStrategy) {
  Bundle B;
  std::string Err;
  EXPECT_FALSE(makeStrategy("genetic", B, 0, Err));
  EXPECT_NE(Err.find("unknown strategy 'genetic'"), std::string::npos);
  ReplayOutcome R = replayStrategy(B, {}, "genetic", 0, Budget());
  EXPECT_FALSE(R.Error.empty());
}

TEST(TunerStrategy, ReplayMatchesDrivingTheStrategy) {
  Synthetic Syn = makeSynthetic(bumpy, 0.2);
  for (const char *Name : {"random", "model", "anneal", "bayes"}) {
    Budget Bud;
    Bud.Evaluations = 25;
    ReplayOutcome R = replayStrategy(Syn.B, Syn.Truth, Name, 9, Bud, 3);
    auto S = make(Name, Syn.B, 9);
    std::vector<size_t> Manual;
    while (Manual.size() < 25) {
      size_t Left = 25 - Manual.size();
      std::vector<size_t> P = S->propose(std::min<size_t>(3, Left), Left);
      if (P.empty())
        break;
      for (size_t V : P) {
        Manual.push_back(V);
        S->observe(Syn.Truth.at(V));
      }
    }
    EXPECT_EQ(R.Order, Manual) << Name;
    EXPECT_EQ(R.Evaluations, 25u);
    EXPECT_EQ(R.Missing, 0u);
    ASSERT_EQ(R.BestSoFar.size(), 25u);
    for (size_t I = 1; I < R.BestSoFar.size(); ++I)
      EXPECT_LE(R.BestSoFar[I], R.BestSoFar[I - 1]);
    double Min = INFINITY;
    for (size_t V : R.Order)
      Min = std::min(Min, Syn.Truth.at(V).Ms);
    ASSERT_TRUE(R.Best);
    EXPECT_EQ(R.Best->Ms, Min);
    EXPECT_EQ(R.BestSoFar.back(), Min);
  }
  // Exhaustive replay with its default budget finds the exhaustive best.
  ReplayOutcome E = replayStrategy(Syn.B, Syn.Truth, "exhaustive", 0, Budget());
  EXPECT_EQ(E.Evaluations, candidateCount(Syn.B));
  ASSERT_TRUE(E.Best);
  EXPECT_EQ(E.Best->Variant, exhaustiveBest(Syn.B, Syn.Truth)->Variant);
  // A time budget cannot be replayed: the default count stands in.
  Budget Time;
  Time.Seconds = 60;
  ReplayOutcome T = replayStrategy(Syn.B, Syn.Truth, "model", 0, Time);
  EXPECT_TRUE(T.TimeBudgetReplaced);
  EXPECT_EQ(T.Evaluations,
            *defaultBudget("model", candidateCount(Syn.B)).Evaluations);
}

TEST(TunerStrategy, ReplayFromEvaluationsAndSummary) {
  Synthetic Syn = makeSynthetic(bumpy, 0.1);
  // As the engine's results would give them: by id, some failed, one
  // candidate never measured.
  std::vector<Evaluation> Results;
  size_t Unmeasured = Syn.Truth.begin()->first;
  for (const auto &KV : Syn.Truth) {
    if (KV.first == Unmeasured)
      continue;
    Evaluation E;
    E.VariantId = Syn.B.Variants[KV.first].Id;
    E.Status = KV.first % 9 == 0 ? EvalStatus::Timeout : EvalStatus::Ok;
    E.Time.MedianMs = KV.second.Ms;
    Results.push_back(E);
  }
  Evaluation Stray;
  Stray.VariantId = "v-unknown";
  Results.push_back(Stray);
  std::map<size_t, Observation> M = observationsFrom(Syn.B, Results);
  EXPECT_EQ(M.size(), Syn.Truth.size() - 1);
  EXPECT_FALSE(M.count(Unmeasured));
  for (const auto &KV : M) {
    EXPECT_EQ(KV.second.Variant, KV.first);
    EXPECT_EQ(KV.second.Ok, KV.first % 9 != 0);
  }
  std::optional<Observation> Best = exhaustiveBest(Syn.B, M);
  ASSERT_TRUE(Best);
  for (const auto &KV : M) {
    if (KV.second.Ok) {
      EXPECT_LE(Best->Ms, KV.second.Ms);
    }
  }

  ReplayOutcome Ex = replayStrategy(Syn.B, M, "exhaustive", 0, Budget());
  EXPECT_EQ(Ex.Missing, 1u);

  Budget Bud;
  Bud.Evaluations = 20;
  ReplaySummary S = summarizeReplays(Syn.B, M, "model", {1, 2, 3, 4, 5}, Bud);
  ASSERT_EQ(S.Runs.size(), 5u);
  EXPECT_EQ(S.Candidates, candidateCount(Syn.B));
  EXPECT_EQ(S.ExhaustiveMs, Best->Ms);
  EXPECT_EQ(S.MaxEvaluations, 20u);
  for (double G : S.Gaps) {
    EXPECT_GE(G, 0);
    EXPECT_LE(G, S.WorstGap);
  }
  std::string Line = S.str();
  EXPECT_NE(Line.find("model reaches within"), std::string::npos) << Line;
  EXPECT_NE(Line.find("using 20 of " + std::to_string(S.Candidates) +
                      " evaluations over 5 seeds"),
            std::string::npos)
      << Line;
}

} // namespace
