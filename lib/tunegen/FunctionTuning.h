//===- FunctionTuning.h - Every nest of a function, tuned ------*- C++ -*-===//
//
// Whole-function tuning (`c2cuda tune --kernel FUNC` where FUNC has several
// nests) by coordinate descent over its nests: each nest the plain mapping
// offloads is tuned in turn, in source order, with the nests before it fixed
// at their winners and those after it at the default schedule. The objective
// of every stage is the function's time (the harness times the `_device`
// entry: host loops, every nest and the copies between them), so a stage's
// "default" variant is the incumbent, the function as tuned so far, and a
// schedule that speeds its nest up but slows a fused or following nest down
// loses. A nest whose winner is that incumbent keeps its schedule (the
// default, or nothing new); the engine times a winner again beside the
// incumbent before it is kept (EngineOptions::ConfirmRuns, which the caller
// sets). One round: a second would pay only where nests interact beyond
// adding their times.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TUNEGEN_FUNCTIONTUNING_H
#define C2CUDA_TUNEGEN_FUNCTIONTUNING_H

#include "BundleEmitter.h"

#include "tuner/TuningRun.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace c2cuda {

/// One nest's stage of the descent.
struct NestStage {
  unsigned Nest = 0;
  /// The bundle: the nest's space with the winners of the nests before it.
  PreparedBundle P;
  tuner::TuningRun Run;
  /// Why the nest was not tuned (its bundle could not be built: no space,
  /// no kernel); empty when it was.
  std::string Skipped;
};

/// Runs a stage's bundle (Stage.P) into Stage.Run; false with Err stops the
/// descent (an engine error, no GPU). A run that verified nothing
/// (Run.Best < 0) or was interrupted is no error.
using StageRunner = std::function<bool(NestStage &Stage, std::string &Err)>;

struct FunctionTuning {
  std::vector<NestStage> Stages; ///< In the order they ran.
  /// The schedule each nest won where it is not the incumbent's.
  std::map<unsigned, NestSchedule> Winners;
  bool Interrupted = false; ///< A stage's run was cut short: later ones
                            ///< did not run.
};

/// Tunes each nest of Nests (R.Nest and R.OtherNests are set per stage)
/// through Run. False after errors: Err from Run, or in Diags (a schedule
/// that does not read back); a nest whose bundle cannot be built is
/// skipped, with the reason in its stage.
bool tuneFunction(const TuneRequest &R, const std::vector<unsigned> &Nests,
                  const StageRunner &Run, FunctionTuning &Out,
                  DiagnosticList &Diags, std::string &Err);

/// The function's time, stage by stage: for each nest tuned, the function's
/// median time with the incumbent and with the nest's winner (their second
/// timing where there was one), the winning schedule; then the function at
/// the default schedule, tuned and at the plain mapping, the speedups as
/// the product of the stages' gains, and, where ncu ran, the time by nest.
/// JSON (`function-report.json`) and Markdown (`function-report.md`).
nlohmann::json functionTuningJson(const TuneRequest &R,
                                  const FunctionTuning &T);
std::string functionTuningMarkdown(const nlohmann::json &Summary);

/// The summary's first paragraph: the tuned time and the speedups.
std::string functionTuningHeadline(const nlohmann::json &Summary);

} // namespace c2cuda

#endif // C2CUDA_TUNEGEN_FUNCTIONTUNING_H
