//===- FunctionTuning.cpp - Every nest of a function, tuned ---------------===//

#include "FunctionTuning.h"

#include "tuner/NcuProfile.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

namespace c2cuda {

namespace {

/// The median time of Run's evaluation at Index where it verified; < 0
/// otherwise.
double medianMs(const tuner::TuningRun &Run, int Index) {
  if (Index < 0 || static_cast<size_t>(Index) >= Run.Results.size())
    return -1;
  const tuner::Evaluation &E = Run.Results[Index];
  return E.Status == tuner::EvalStatus::Ok ? E.Time.MedianMs : -1;
}

std::string firstErrorOf(const DiagnosticList &D) {
  for (const Diagnostic &X : D.all())
    if (X.Level == DiagLevel::Error)
      return X.Message;
  return "its bundle could not be built";
}

} // namespace

bool tuneFunction(const TuneRequest &R, const std::vector<unsigned> &Nests,
                  const StageRunner &Run, FunctionTuning &Out,
                  DiagnosticList &Diags, std::string &Err) {
  for (unsigned Nest : Nests) {
    NestStage &Stage = Out.Stages.emplace_back();
    Stage.Nest = Nest;
    TuneRequest RS = R;
    RS.Nest = Nest;
    RS.OtherNests = Out.Winners;
    DiagnosticList StageDiags;
    if (!prepareBundle(RS, Stage.P, StageDiags)) {
      Stage.Skipped = firstErrorOf(StageDiags);
      continue;
    }
    // The mapping's remarks are the same at every stage: the first's.
    for (Diagnostic &D : StageDiags.all())
      if (Out.Stages.size() == 1 || D.Level != DiagLevel::Remark)
        Diags.add(std::move(D));
    if (!Run(Stage, Err))
      return false;
    if (Stage.Run.Interrupted) {
      Out.Interrupted = true;
      return true;
    }
    if (Stage.Run.Best < 0)
      continue;
    const tuner::Evaluation &Best = Stage.Run.Results[Stage.Run.Best];
    if (Best.Role == "default")
      continue; // The incumbent won: the nest keeps what it had.
    NestSchedule S;
    if (!tunedSchedule(Best.Schedule, S, Diags))
      return false;
    Out.Winners[Nest] = S;
  }
  return true;
}

nlohmann::json functionTuningJson(const TuneRequest &R,
                                  const FunctionTuning &T) {
  nlohmann::json J;
  J["function"] = R.Function;
  J["sizes"] = nlohmann::json::object();
  for (const auto &[Name, Value] : R.Sizes)
    J["sizes"][Name] = Value;
  J["stages"] = nlohmann::json::array();
  double DefaultMs = -1, PlainMs = -1, TunedMs = -1, Gain = 1;
  for (const NestStage &S : T.Stages) {
    nlohmann::json Stage;
    Stage["nest"] = S.Nest;
    if (!S.Skipped.empty()) {
      Stage["skipped"] = S.Skipped;
      J["stages"].push_back(std::move(Stage));
      continue;
    }
    const tuner::TuningRun &Run = S.Run;
    double Before = medianMs(Run, Run.Default), After = medianMs(Run, Run.Best);
    if (DefaultMs < 0) {
      DefaultMs = Before;
      PlainMs = medianMs(Run, Run.Plain);
    }
    // A winner timed again with the incumbent: those paired runs are the
    // stage's figures (the search's margin may be between-process noise).
    if (Run.Confirmed) {
      Before = Run.ConfirmDefaultMs;
      After = Run.ConfirmBestMs;
    }
    if (After > 0)
      TunedMs = After;
    if (Before > 0 && After > 0)
      Gain *= Before / After;
    Stage["candidates"] = Run.Candidates;
    Stage["evaluated"] = Run.Evaluations;
    Stage["incumbent_ms"] = Before > 0 ? nlohmann::json(Before) : nullptr;
    Stage["best_ms"] = After > 0 ? nlohmann::json(After) : nullptr;
    Stage["winner"] = Run.Best < 0
                          ? nlohmann::json()
                          : nlohmann::json(Run.Results[Run.Best].VariantId);
    Stage["schedule"] = T.Winners.count(S.Nest) ? Run.Results[Run.Best].Schedule
                                                : nlohmann::json();
    Stage["interrupted"] = Run.Interrupted;
    if (Run.ConfirmBestMs > 0)
      Stage["retimed"] = {{"variant", Run.ConfirmedId},
                          {"best_ms", Run.ConfirmBestMs},
                          {"incumbent_ms", Run.ConfirmDefaultMs},
                          {"kept", Run.Confirmed}};
    J["stages"].push_back(std::move(Stage));
  }
  // Where ncu ran: the function's time by nest at the default schedule
  // (the first stage's incumbent) and tuned (the last stage's best).
  const NestStage *First = nullptr, *Last = nullptr;
  for (const NestStage &S : T.Stages)
    if (S.Skipped.empty()) {
      First = First ? First : &S;
      Last = &S;
    }
  if (First && !First->Run.DefaultKernelMs.empty() &&
      !Last->Run.BestKernelMs.empty())
    J["time_by_nest"] = {
        {"default",
         tuner::timeByNest(First->Run.DefaultKernelMs, First->P.B.KernelNests)},
        {"tuned",
         tuner::timeByNest(Last->Run.BestKernelMs, Last->P.B.KernelNests)}};
  auto Ms = [](double V) { return V > 0 ? nlohmann::json(V) : nullptr; };
  J["default_ms"] = Ms(DefaultMs);
  J["plain_ms"] = Ms(PlainMs);
  J["tuned_ms"] = Ms(TunedMs);
  // Over the default: each stage's gain is measured within its stage (one
  // sweep, the same state of the GPU); times of different stages differ by
  // the noise between processes.
  J["speedup_over_default"] = TunedMs > 0 ? nlohmann::json(Gain) : nullptr;
  J["speedup_over_plain"] = TunedMs > 0 && PlainMs > 0 && DefaultMs > 0
                                ? nlohmann::json(Gain * PlainMs / DefaultMs)
                                : nullptr;
  J["interrupted"] = T.Interrupted;
  return J;
}

std::string functionTuningHeadline(const nlohmann::json &J) {
  const nlohmann::json &D = J["default_ms"], &P = J["plain_ms"],
                       &Tu = J["tuned_ms"];
  if (Tu.is_null())
    return "No nest's variants verified.";
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << llvm::format("Tuned: %.4f ms", Tu.get<double>());
  if (!D.is_null())
    OS << llvm::format(", %.2fx over the default schedule (%.4f ms)",
                       J["speedup_over_default"].get<double>(),
                       D.get<double>());
  // (Over the plain mapping only through the default's time: where the
  // default did not verify, the plain time alone.)
  const nlohmann::json &OverPlain = J["speedup_over_plain"];
  if (!P.is_null() && !OverPlain.is_null())
    OS << llvm::format(", %.2fx over the plain mapping (%.4f ms)",
                       OverPlain.get<double>(), P.get<double>());
  else if (!P.is_null())
    OS << llvm::format(", the plain mapping %.4f ms", P.get<double>());
  OS << ". The speedups multiply the stages' gains, each measured within "
        "its stage.";
  OS.flush();
  return Text;
}

std::string functionTuningMarkdown(const nlohmann::json &J) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  auto Ms = [&](const nlohmann::json &V) {
    if (V.is_null())
      OS << "-";
    else
      OS << llvm::format("%.4f", V.get<double>());
  };
  OS << "# Whole-function tuning: " << J["function"].get<std::string>();
  std::string Sizes;
  for (const auto &[Name, Value] : J["sizes"].items())
    Sizes += (Sizes.empty() ? "" : ", ") + Name + "=" + Value.dump();
  OS << " at " << (Sizes.empty() ? "its sizes" : Sizes) << "\n\n";
  OS << functionTuningHeadline(J) << "\n\n";
  if (J["interrupted"].get<bool>())
    OS << "Interrupted: the nests after the last row were not tuned.\n\n";
  OS << "Each row is one stage: the nest's space searched with the nests "
        "above it at their winners and those below at the default; both "
        "times are the whole function's.\n\n";
  OS << "| nest | evaluated | function before (ms) | after (ms) | gain | "
        "winner | schedule |\n|---|---|---|---|---|---|---|\n";
  for (const nlohmann::json &S : J["stages"]) {
    OS << "| " << S["nest"].get<unsigned>() << " | ";
    if (S.contains("skipped")) {
      OS << "not tuned: " << S["skipped"].get<std::string>()
         << " | | | | | |\n";
      continue;
    }
    OS << S["evaluated"].get<size_t>() << " of "
       << S["candidates"].get<size_t>() << " | ";
    Ms(S["incumbent_ms"]);
    OS << " | ";
    Ms(S["best_ms"]);
    OS << " | ";
    if (!S["incumbent_ms"].is_null() && !S["best_ms"].is_null())
      OS << llvm::format("%.3fx", S["incumbent_ms"].get<double>() /
                                      S["best_ms"].get<double>());
    OS << " | "
       << (S["winner"].is_null() ? "none verified"
                                 : S["winner"].get<std::string>())
       << " | " << (S["schedule"].is_null() ? "kept" : S["schedule"].dump())
       << " |\n";
  }
  for (const nlohmann::json &S : J["stages"])
    if (S.contains("retimed")) {
      const nlohmann::json &R = S["retimed"];
      OS << "\nNest " << S["nest"].get<unsigned>() << ": "
         << R["variant"].get<std::string>()
         << " timed again with the incumbent, alternately: "
         << llvm::format("%.4f against %.4f ms", R["best_ms"].get<double>(),
                         R["incumbent_ms"].get<double>())
         << (R["kept"].get<bool>() ? ", kept.\n"
                                   : "; the incumbent stays (the search's "
                                     "margin was noise).\n");
    }
  if (J.contains("time_by_nest")) {
    const nlohmann::json &D = J["time_by_nest"]["default"],
                         &Tu = J["time_by_nest"]["tuned"];
    OS << "\nTime by nest (Nsight Compute's kernel durations in one call, "
          "ms):\n\n| nest | default | tuned |\n|---|---|---|\n";
    std::set<std::string> Names;
    for (const nlohmann::json *M : {&D, &Tu})
      for (const auto &[Name, V] : M->items())
        Names.insert(Name);
    for (const std::string &N : Names) {
      OS << "| " << N << " | ";
      Ms(D.contains(N) ? D[N] : nlohmann::json());
      OS << " | ";
      Ms(Tu.contains(N) ? Tu[N] : nlohmann::json());
      OS << " |\n";
    }
  }
  OS.flush();
  return Text;
}

} // namespace c2cuda
