//===- ReportTables.cpp - The report's tables, format-neutral -------------===//

#include "tuner/ReportTables.h"

#include "tuner/NcuProfile.h"
#include "tuner/Sensitivity.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

namespace c2cuda {
namespace tuner {

std::string fmtSig(double V, int Digits) {
  if (!std::isfinite(V))
    return "-";
  if (V == 0)
    return "0";
  double A = std::fabs(V);
  int Mag = (int)std::floor(std::log10(A));
  int Decimals = std::max(0, Digits - 1 - Mag);
  if (Decimals > 9)
    Decimals = 9;
  char Buf[64];
  std::snprintf(Buf, sizeof(Buf), "%.*f", Decimals, V);
  return Buf;
}

/// The shortest form: 0.0001, 1e-06.
static std::string fmtG(double V) {
  char Buf[32];
  std::snprintf(Buf, sizeof(Buf), "%g", V);
  return Buf;
}

std::string fmtPct(double F) {
  if (!std::isfinite(F))
    return "-";
  char Buf[32];
  std::snprintf(Buf, sizeof(Buf), "%.1f%%", F * 100);
  return Buf;
}

static std::string jsonScalarText(const nlohmann::json &V) {
  if (V.is_string())
    return V.get<std::string>();
  return V.dump();
}

std::string paramsText(const nlohmann::json &Params) {
  if (!Params.is_object() || Params.empty())
    return "-";
  std::string S;
  for (auto It = Params.begin(); It != Params.end(); ++It)
    S += (S.empty() ? "" : " ") + It.key() + "=" + jsonScalarText(It.value());
  return S;
}

static std::string sizesText(const std::map<std::string, long long> &S) {
  std::string T;
  for (const auto &[K, V] : S)
    T += (T.empty() ? "" : ",") + K + "=" + std::to_string(V);
  return T.empty() ? "-" : T;
}

std::string fmtErr(double E) {
  if (E < 0)
    return "not run";
  char Buf[32];
  std::snprintf(Buf, sizeof(Buf), "%.2e", E);
  return Buf;
}

std::vector<size_t> rankedOk(const TuningRun &R) {
  std::vector<size_t> Idx;
  std::set<std::string> Seen;
  for (size_t I = 0; I < R.Results.size(); ++I) {
    const Evaluation &E = R.Results[I];
    if (E.Status != EvalStatus::Ok || E.Time.MedianMs <= 0)
      continue;
    if (E.Role != "candidate" && E.Role != "default")
      continue;
    if (Seen.insert(E.VariantId).second)
      Idx.push_back(I);
  }
  std::stable_sort(Idx.begin(), Idx.end(), [&](size_t A, size_t B) {
    return R.Results[A].Time.MedianMs < R.Results[B].Time.MedianMs;
  });
  return Idx;
}

static const Evaluation *at(const TuningRun &R, int I) {
  return I >= 0 && (size_t)I < R.Results.size() ? &R.Results[I] : nullptr;
}

static bool okTime(const Evaluation *E) {
  return E && E->Status == EvalStatus::Ok && E->Time.MedianMs > 0;
}

/// "1.35x" when both are timed, else "-".
static std::string speedup(const Evaluation *Base, const Evaluation *E) {
  if (!okTime(Base) || !okTime(E))
    return "-";
  return fmtSig(Base->Time.MedianMs / E->Time.MedianMs) + "x";
}

/// What Best's schedule sets differently from Def's, clause by clause:
/// "tile {i: 128, ...} -> {i: 256, ...}", "pipeline 2 -> 1".
static std::string scheduleChanges(const nlohmann::json &Def,
                                   const nlohmann::json &Best) {
  std::set<std::string> Keys;
  for (const nlohmann::json *S : {&Def, &Best})
    if (S->is_object())
      for (auto It = S->begin(); It != S->end(); ++It)
        if (It.key() != "nest")
          Keys.insert(It.key());
  auto Text = [](const nlohmann::json &S, const std::string &K) {
    if (!S.is_object() || !S.contains(K))
      return std::string("none");
    const nlohmann::json &V = S.at(K);
    return V.is_string() ? V.get<std::string>() : V.dump();
  };
  std::string Out;
  for (const std::string &K : Keys) {
    std::string A = Text(Def, K), C = Text(Best, K);
    if (A != C)
      Out += (Out.empty() ? "" : "; ") + K + " " + A + " -> " + C;
  }
  return Out;
}

std::string reportHeadline(const Bundle &B, const TuningRun &R) {
  const Evaluation *Best = at(R, R.Best), *Def = at(R, R.Default),
                   *Plain = at(R, R.Plain);
  if (!okTime(Best))
    return "No variant verified and ran: there is no best schedule (see "
           "Failures).";
  bool IsDefault = Best->Role == "default";
  std::string S =
      "Best: " +
      (IsDefault ? std::string("the default schedule") : Best->VariantId) +
      ", " + fmtSig(Best->Time.MedianMs) + " ms";
  if (!IsDefault)
    S += ", " + speedup(Def, Best) + " over the default schedule";
  if (okTime(Plain))
    S += ", " + speedup(Plain, Best) + " over the plain mapping";
  if (IsDefault)
    S += "; no candidate beat it (" + std::to_string(R.Evaluations) +
         " evaluated)";
  S += ".";
  if (Best->Role != "default" && Def) {
    std::string Changes = scheduleChanges(Def->Schedule, Best->Schedule);
    if (!Changes.empty())
      S += " Changed from the default: " + Changes + ".";
  }
  std::string Moved;
  for (const auto &[Name, V] : R.BestCounters) {
    auto D = R.DefaultCounters.find(Name);
    if (D == R.DefaultCounters.end() || Best->Role == "default")
      continue;
    double Base = std::max(std::fabs(D->second), 1e-12);
    if (std::fabs(V - D->second) / Base <= 0.1)
      continue;
    bool Pct = Name == "achieved_occupancy";
    Moved += (Moved.empty() ? "" : ", ") + Name + " " +
             (Pct ? fmtPct(D->second) : fmtSig(D->second, 4)) + " -> " +
             (Pct ? fmtPct(V) : fmtSig(V, 4));
  }
  if (!Moved.empty())
    S += " Counters that moved (default -> best): " + Moved + ".";
  (void)B;
  return S;
}

std::vector<std::pair<std::string, std::string>>
reportFacts(const Bundle &B, const TuningRun &R) {
  std::vector<std::pair<std::string, std::string>> F;
  F.push_back({"source", B.SourceName + " (sha256 " +
                             B.SourceSha256.substr(0, 12) + ")"});
  F.push_back({"function", B.Function + ", nest " + std::to_string(B.Nest)});
  F.push_back({"sizes", sizesText(B.Sizes) + " (verified at " +
                            sizesText(B.VerifySizes) + ", tolerance " +
                            fmtG(B.Tolerance) + " relative L2)"});
  std::string Gpu = R.Gpu.Name.empty() ? "unknown" : R.Gpu.Name;
  if (!R.Gpu.ComputeCapability.empty())
    Gpu += ", cc " + R.Gpu.ComputeCapability;
  if (R.Gpu.SMs)
    Gpu += ", " + std::to_string(R.Gpu.SMs) + " SMs";
  if (R.Gpu.PeakGFlops > 0)
    Gpu += ", peak " + fmtSig(R.Gpu.PeakGFlops, 4) + " GFLOP/s";
  if (R.Gpu.PeakGBs > 0)
    Gpu += ", " + fmtSig(R.Gpu.PeakGBs, 4) + " GB/s";
  if (!R.Gpu.Toolkit.empty())
    Gpu += ", CUDA " + R.Gpu.Toolkit;
  if (R.Gpus.size() > 1)
    Gpu += " (" + std::to_string(R.Gpus.size()) + " GPUs)";
  F.push_back({"GPU", Gpu});
  std::string Budget = R.Budget.empty() ? "default" : R.Budget;
  if (R.BudgetEvaluations)
    Budget += ", " + std::to_string(R.BudgetEvaluations) + " evaluations";
  if (R.BudgetSeconds > 0)
    Budget += ", " + fmtSig(R.BudgetSeconds) + " s";
  F.push_back({"strategy", R.Strategy + " (budget " + Budget + ", seed " +
                               std::to_string(R.Seed) + ")"});
  F.push_back(
      {"evaluations",
       std::to_string(R.Evaluations) + " of " + std::to_string(R.Candidates) +
           " candidates (" + std::to_string(R.Measured) + " measured, " +
           std::to_string(
               R.Evaluations >= R.Measured ? R.Evaluations - R.Measured : 0) +
           " from the cache)" + (R.Interrupted ? ", interrupted" : "")});
  F.push_back(
      {"wall time",
       fmtSig(R.WallSeconds) + " s" +
           (R.StartedAt.empty() ? std::string() : ", started " + R.StartedAt)});
  return F;
}

static ReportTable baselines(const Bundle &B, const TuningRun &R) {
  ReportTable T;
  T.Id = "baselines";
  T.Title = "Best vs default vs plain";
  const Evaluation *Cols[3] = {at(R, R.Best), at(R, R.Default), at(R, R.Plain)};
  const Evaluation *Def = Cols[1], *Plain = Cols[2];
  T.Head = {"", "best", "default", "plain"};
  if (!Cols[0])
    T.Note = "No candidate verified and ran: there is no best variant.";
  auto Row = [&](const std::string &Name, auto Fn) {
    std::vector<std::string> Cells = {Name};
    for (const Evaluation *E : Cols)
      Cells.push_back(E ? Fn(*E) : "-");
    T.Rows.push_back(std::move(Cells));
  };
  auto IfOk = [](const Evaluation &E, std::string S) {
    return E.Status == EvalStatus::Ok ? S : std::string("-");
  };
  Row("variant", [](const Evaluation &E) { return E.VariantId; });
  Row("status",
      [](const Evaluation &E) { return std::string(statusName(E.Status)); });
  Row("median ms",
      [&](const Evaluation &E) { return IfOk(E, fmtSig(E.Time.MedianMs)); });
  Row("min - max ms", [&](const Evaluation &E) {
    return IfOk(E, fmtSig(E.Time.MinMs) + " - " + fmtSig(E.Time.MaxMs));
  });
  Row("speedup over default",
      [&](const Evaluation &E) { return speedup(Def, &E); });
  Row("speedup over plain",
      [&](const Evaluation &E) { return speedup(Plain, &E); });
  Row("GFLOP/s",
      [&](const Evaluation &E) { return IfOk(E, fmtSig(E.GFlops, 4)); });
  Row("GB/s", [&](const Evaluation &E) {
    return IfOk(E, fmtSig(E.GBytesPerSecond, 4));
  });
  Row("% of arithmetic floor", [&](const Evaluation &E) {
    return IfOk(E, fmtPct(E.FractionOfFlopFloor));
  });
  Row("% of bandwidth floor", [&](const Evaluation &E) {
    return IfOk(E, fmtPct(E.FractionOfBandwidthFloor));
  });
  Row("registers", [](const Evaluation &E) {
    return E.Compile.Ok ? std::to_string(E.Compile.Registers) : "-";
  });
  Row("spill bytes (st/ld)", [](const Evaluation &E) {
    return E.Compile.Ok ? std::to_string(E.Compile.SpillStoreBytes) + "/" +
                              std::to_string(E.Compile.SpillLoadBytes)
                        : "-";
  });
  Row("shared bytes", [](const Evaluation &E) {
    return E.Compile.Ok ? std::to_string(E.Compile.SharedBytes) : "-";
  });
  Row("predicted occupancy", [](const Evaluation &E) {
    if (!E.Compile.Ok)
      return std::string("-");
    return fmtPct(E.PredictedOccupancy) +
           (E.OccupancyLimiter.empty() ? "" : " (" + E.OccupancyLimiter + ")");
  });
  Row("error vs C (float64)",
      [](const Evaluation &E) { return fmtErr(E.SmallError); });
  Row("error vs plain", [](const Evaluation &E) {
    return E.Role == "plain" ? std::string("-") : fmtErr(E.TuningError);
  });
  Row("parameters", [](const Evaluation &E) { return paramsText(E.Params); });
  (void)B;
  return T;
}

static ReportTable topTen(const Bundle &B, const TuningRun &R) {
  ReportTable T;
  T.Id = "top";
  T.Title = "Top ten";
  T.Head = {"#",       "variant", "median ms", "vs default",
            "GFLOP/s", "regs",    "occupancy"};
  for (const Parameter &P : B.Params)
    T.Head.push_back(P.Name);
  const Evaluation *Def = at(R, R.Default);
  std::vector<size_t> Ranked = rankedOk(R);
  if (Ranked.empty())
    T.Note = "No variant verified and ran.";
  for (size_t K = 0; K < Ranked.size() && K < 10; ++K) {
    const Evaluation &E = R.Results[Ranked[K]];
    std::vector<std::string> Row = {
        std::to_string(K + 1),
        E.VariantId + (E.Role == "default" ? " (default)" : ""),
        fmtSig(E.Time.MedianMs),
        speedup(Def, &E),
        fmtSig(E.GFlops, 4),
        std::to_string(E.Compile.Registers),
        fmtPct(E.PredictedOccupancy)};
    for (const Parameter &P : B.Params) {
      auto It = E.Params.is_object() ? E.Params.find(P.Name) : E.Params.end();
      Row.push_back(It != E.Params.end() ? jsonScalarText(*It) : "-");
    }
    T.Rows.push_back(std::move(Row));
  }
  return T;
}

static ReportTable failures(const TuningRun &R) {
  ReportTable T;
  T.Id = "failures";
  T.Title = "Failures";
  T.Head = {"variant", "role", "status", "reason"};
  size_t Skipped = 0;
  for (const Evaluation &E : R.Results) {
    if (E.Status == EvalStatus::Ok)
      continue;
    if (E.Status == EvalStatus::Skipped) {
      ++Skipped;
      continue;
    }
    std::string Reason = E.Reason;
    if (Reason.size() > 240)
      Reason = Reason.substr(0, 237) + "...";
    T.Rows.push_back({E.VariantId, E.Role, statusName(E.Status), Reason});
  }
  if (T.Rows.empty())
    T.Note = "Every evaluated variant compiled, verified and ran.";
  if (Skipped)
    T.Note += std::string(T.Note.empty() ? "" : " ") + std::to_string(Skipped) +
              " variant" + (Skipped == 1 ? " was" : "s were") +
              " skipped (not run before the sweep stopped).";
  return T;
}

static ReportTable sensitivity(const Bundle &B, const TuningRun &R) {
  ReportTable T;
  T.Id = "sensitivity";
  T.Title = "Sensitivity of time to each parameter";
  T.Note = "Per value: best ms / median ms (Ok variants). Factor: how much "
           "slower the best variant gets when the parameter takes its worst "
           "value.";
  T.Head = {"parameter", "factor", "values"};
  for (const ParamSensitivity &S : computeSensitivity(B, R)) {
    std::string Values;
    for (const ValueStats &V : S.Values) {
      Values += Values.empty() ? "" : "; ";
      Values += jsonScalarText(V.Value) + ": ";
      Values += V.Ok ? fmtSig(V.BestMs) + " / " + fmtSig(V.MedianMs) + " (" +
                           std::to_string(V.Ok) + ")"
                     : "none";
    }
    T.Rows.push_back(
        {S.Name, S.MeasuredValues >= 2 ? fmtSig(S.Factor) + "x" : "-", Values});
  }
  if (T.Rows.empty())
    T.Note = "The space has no parameters.";
  return T;
}

static ReportTable ncu(const TuningRun &R) {
  ReportTable T;
  T.Id = "ncu";
  T.Title = "Nsight Compute counters";
  T.Head = {"counter", "best", "default"};
  static const char *const Names[] = {
      "achieved_occupancy", "sectors_per_request", "shared_bank_conflicts",
      "divergent_branches", "dram_bytes",          "spilled_bytes"};
  if (R.BestCounters.empty() && R.DefaultCounters.empty()) {
    T.Note = "No counters: " +
             (R.NcuNote.empty() ? std::string("ncu did not run.") : R.NcuNote);
    return T;
  }
  T.Note = R.NcuNote;
  auto Cell = [](const NcuCounters &C, const char *N) {
    auto It = C.find(N);
    if (It == C.end())
      return std::string("-");
    if (std::string(N) == "achieved_occupancy")
      return fmtPct(It->second);
    return fmtSig(It->second, 4);
  };
  for (const char *N : Names)
    T.Rows.push_back({N, Cell(R.BestCounters, N), Cell(R.DefaultCounters, N)});
  return T;
}

/// Where ncu timed the kernels: one call's time by nest, best and default
/// (a function with several nests shows where its time goes).
static ReportTable nestTime(const Bundle &B, const TuningRun &R) {
  ReportTable T;
  T.Id = "nest_time";
  T.Title = "Time by nest (Nsight Compute, one call)";
  T.Head = {"nest", "best ms", "default ms"};
  std::map<std::string, double> Best =
                                    timeByNest(R.BestKernelMs, B.KernelNests),
                                Default = timeByNest(R.DefaultKernelMs,
                                                     B.KernelNests);
  std::set<std::string> Names;
  for (const auto *M : {&Best, &Default})
    for (const auto &[Name, Ms] : *M)
      Names.insert(Name);
  double BestSum = 0, DefaultSum = 0;
  auto Cell = [](const std::map<std::string, double> &M, const std::string &N,
                 double &Sum) {
    auto It = M.find(N);
    if (It == M.end())
      return std::string("-");
    Sum += It->second;
    return fmtSig(It->second, 4);
  };
  for (const std::string &N : Names)
    T.Rows.push_back({N, Cell(Best, N, BestSum), Cell(Default, N, DefaultSum)});
  T.Rows.push_back({"all kernels", fmtSig(BestSum, 4), fmtSig(DefaultSum, 4)});
  return T;
}

std::vector<ReportTable> reportTables(const Bundle &B, const TuningRun &R) {
  std::vector<ReportTable> Tables = {baselines(B, R), topTen(B, R), failures(R),
                                     sensitivity(B, R), ncu(R)};
  if (!R.BestKernelMs.empty())
    Tables.push_back(nestTime(B, R));
  return Tables;
}

} // namespace tuner
} // namespace c2cuda
