//===- BundleEmitter.h - A nest's tuning bundle from its C -----*- C++ -*-===//
//
// Everything `c2cuda-tune` needs to tune one nest, made where Clang is:
// the space (SpaceBuilder) with every point lowered through the normal
// pipeline (a schedule the lowering refuses is dropped, with its reason
// counted), pruned by resources and ranked by the cost model (CostModel);
// the CUDA of each surviving variant as c2cuda would emit it; the plain
// mapping and the default schedule as baselines; the harness, the float64
// reference and the floors (WorkCount). Variant sources hold only the tuned
// function, so that their symbols can be renamed (Bundle.h).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TUNEGEN_BUNDLEEMITTER_H
#define C2CUDA_TUNEGEN_BUNDLEEMITTER_H

#include "InputSpec.h"

#include "ir/Diagnostics.h"
#include "ir/Evaluate.h"
#include "ir/IR.h"
#include "schedule/Schedule.h"
#include "tuner/Bundle.h"

#include <map>
#include <string>
#include <vector>

namespace c2cuda {

struct TuneRequest {
  const Module *M = nullptr;
  std::string SourcePath;     ///< The C file as given.
  std::string SourceContents; ///< Its bytes (hashed, copied into the bundle).
  std::string Function;       ///< Tuned function.
  unsigned Nest = 0;
  /// Schedules of the function's other nests, applied in every lowering but
  /// the plain mapping's (whole-function tuning fixes the winners of the
  /// nests tuned before); a nest not named keeps the default schedule.
  std::map<unsigned, NestSchedule> OtherNests;
  ScalarValues Sizes, VerifySizes;
  bool AllowReassociation = false;
  bool FastMath = false;
  bool Tf32x3 = false; ///< --allow-tf32x3.
  /// --input: array parameter -> distribution of its inputs.
  std::map<std::string, InputDistribution> Inputs;
  bool PlantFaults = false; ///< Add planted-oob and planted-hang variants.
  tuner::TimingSettings Timing;
  double TimeoutSeconds = 60;
  std::string Strategy = "model", Budget;
  unsigned long long Seed = 0;
};

struct PreparedBundle {
  tuner::Bundle B;
  /// Relative path in the bundle -> contents.
  std::map<std::string, std::string> Files;
  std::string Shape;     ///< SpaceBuilder's.
  size_t Enumerated = 0; ///< Points before lowering and pruning.
  /// Reason -> count, for points dropped.
  std::map<std::string, size_t> Refused, Pruned;
};

/// Builds the bundle; false after errors in Diags (sizes missing, a nest
/// that has no space, the plain mapping failing).
bool prepareBundle(const TuneRequest &R, PreparedBundle &Out,
                   DiagnosticList &Diags);

/// Writes the files and bundle.json into Dir (created); false with Err.
bool writeBundleDir(const std::string &Dir, const PreparedBundle &P,
                    std::string &Err);

/// The full drop-in .cu of R's module with Schedule applied to the tuned
/// nest and R.OtherNests to the others (what `c2cuda FILE.c --schedule`
/// emits), the tuned nest with the default schedule where Schedule is null;
/// empty after errors.
std::string emitWithSchedule(const TuneRequest &R,
                             const nlohmann::json &Schedule,
                             DiagnosticList &Diags);

/// The nests of R's function that the plain mapping offloads (each has a
/// kernel to tune), in source order; empty after errors in Diags.
std::vector<unsigned> tunableNests(const TuneRequest &R, DiagnosticList &Diags);

/// A variant's schedule (JSON, as a bundle holds it) read back, its origin
/// "tuned schedule"; false after an error in Diags.
bool tunedSchedule(const nlohmann::json &Schedule, NestSchedule &S,
                   DiagnosticList &Diags);

/// F's integer parameters, in order: the sizes a tuning run is for.
std::vector<std::string> sizeParameters(const Function &F);

/// "M4096_N4096_K4096": Sizes of F's integer parameters, in their order (a
/// name for a size set in paths and identifiers).
std::string sizeSetLabel(const Function &F, const ScalarValues &Sizes);

/// A schedule of the tuned nest (JSON, as a bundle's variant holds it; null:
/// the default schedule) and the sizes it was tuned at.
struct TunedSize {
  ScalarValues Sizes;
  nlohmann::json Schedule;
};

/// The drop-in .cu of R's module in which the tuned function is lowered
/// once per entry of Tuned with a schedule, and once with the default
/// schedule (also the lowering of the sets it won), and its entry points run
/// per call the lowering of the nearest size set
/// (codegen/SizeDispatchPrinter.h); empty after errors.
std::string emitWithSizeDispatch(const TuneRequest &R,
                                 const std::vector<TunedSize> &Tuned,
                                 DiagnosticList &Diags);

} // namespace c2cuda

#endif
