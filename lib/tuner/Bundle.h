//===- Bundle.h - A tuning bundle: the space and what runs it --*- C++ -*-===//
//
// A bundle is a directory holding everything a GPU machine needs to tune
// one nest, with no Clang: `c2cuda tune --emit-bundle DIR` writes it where
// the C is parsed, and `c2cuda-tune DIR` runs it where the GPU is.
//
//   DIR/bundle.json     this struct (docs/tuning.md, "Bundle")
//   DIR/harness.cu      main(): inputs, verification, timing (HarnessEmitter)
//   DIR/ref64.c         the original C, float spelt double, function renamed
//   DIR/<name>.c        the original C file, included by ref64.c
//   DIR/variants/*.cu   one drop-in .cu per variant, as c2cuda emits it
//
// Every variant defines the same extern "C" symbols (the function, its
// _device entry and its kernels). A variant's executable links harness.o,
// ref64.o, the plain mapping renamed with -D<sym>=c2c_plain_<sym>, and the
// variant renamed with -D<sym>=c2c_var_<sym>; Symbols lists <sym>.
//
// Clang-free: only nlohmann/json and LLVM Support.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TUNER_BUNDLE_H
#define C2CUDA_TUNER_BUNDLE_H

#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <vector>

namespace c2cuda {
namespace tuner {

/// One tunable parameter and its values, in increasing order: neighbours in
/// the space differ in one parameter by one position in Values.
struct Parameter {
  std::string Name; ///< "tile_i", "block_x", "shared", ...
  std::vector<nlohmann::json> Values;
};

/// What the cost model predicted for a variant (CostModel, c2cuda side).
struct ModelPrediction {
  double Seconds = -1;  ///< Predicted time at the tuning size; < 0: none.
  double Occupancy = 0; ///< Predicted warps resident / max, 0..1.
  unsigned EstRegisters = 0;
  uint64_t SharedBytes = 0; ///< Static shared memory per block.
  unsigned ThreadsPerBlock = 0;
  /// The model's terms (seconds each: "compute", "global", "shared", ...)
  /// so the report can say which one bound the prediction.
  std::map<std::string, double> Terms;
};

struct Variant {
  std::string Id; ///< "v0042"; also the file stem under variants/.
  /// "plain": the untiled mapping (reference at the tuning size);
  /// "default": what `c2cuda FILE.c` emits; "candidate": a point of the
  /// space; "planted": a deliberately broken variant (tests only).
  std::string Role = "candidate";
  nlohmann::json Params = nlohmann::json::object();   ///< Parameter -> value.
  nlohmann::json Schedule = nlohmann::json::object(); ///< Schedule.h form.
  std::string Source; ///< Relative to the bundle: "variants/v0042.cu".
  std::vector<std::string> NvccFlags; ///< e.g. "-maxrregcount=128".
  /// SHA-256 of the code that runs (the variant's source with the harness
  /// and the reference), so that a result is not reused once the compiler
  /// emits other code for the same schedule. Empty: not known (older or
  /// hand-made bundles); the cache key then leaves it out.
  std::string CodeSha256;
  ModelPrediction Model;
};

struct TimingSettings {
  unsigned Warmup = 3;
  unsigned Reps = 25;
  bool FlushL2 = true;
};

struct Bundle {
  unsigned Format = 1;
  std::string SourceName;   ///< "matmul.c"
  std::string SourceSha256; ///< Of the C file's bytes.
  std::string Function;     ///< "matmul"
  unsigned Nest = 0;
  std::map<std::string, long long> Sizes;       ///< Tuning size.
  std::map<std::string, long long> VerifySizes; ///< Small size vs the C.
  std::string Arch = "sm_90";
  std::string ElemType = "float"; ///< Of the outputs: float or double.
  double Tolerance = 1e-4;        ///< Relative L2 error allowed.
  double Flops = 0;               ///< Floating-point operations at Sizes.
  double MinBytes = 0;            ///< Compulsory DRAM traffic at Sizes.
  TimingSettings Timing;
  double TimeoutSeconds = 60; ///< Per variant run (verification + timing).
  std::vector<std::string> Symbols; ///< Renamed per variant (see above).
  /// Each kernel name of the variants (before renaming) -> the nest it
  /// runs, for the report's time by nest.
  std::map<std::string, unsigned> KernelNests;
  std::string Harness = "harness.cu";
  std::string Reference = "ref64.c";
  std::vector<Parameter> Params;
  std::vector<Variant> Variants; ///< Plain first, then default, then the rest.
  /// Defaults for the runner, from `c2cuda tune`'s options.
  std::string Strategy = "model";
  std::string Budget; ///< "" (strategy default), "200", "10m", "90s".
  unsigned long long Seed = 0;

  const Variant *find(const std::string &Id) const;
  /// Index of the variant with Role, or -1.
  int indexOfRole(const std::string &Role) const;
};

nlohmann::json bundleToJson(const Bundle &B);
bool bundleFromJson(const nlohmann::json &J, Bundle &Out, std::string &Err);

/// Reads DIR/bundle.json; false with Err naming the file and the key.
bool readBundle(const std::string &Dir, Bundle &Out, std::string &Err);
/// Writes DIR/bundle.json (the sources are written by the caller).
bool writeBundle(const std::string &Dir, const Bundle &B, std::string &Err);

/// A variant's prediction as bundle.json and report.json give it (seconds
/// null when there is none).
nlohmann::json modelToJson(const ModelPrediction &M);
/// The space's parameters: [{"name", "values"}, ...].
nlohmann::json parametersToJson(const std::vector<Parameter> &Params);

/// Writes Text to Path (replacing it); false with Err naming the path.
bool writeTextFile(const std::string &Path, const std::string &Text,
                   std::string &Err);

/// The problem a bundle poses, as bundle.json and report.json both give it:
/// function, nest, sizes, element type, tolerance, floors and timing.
nlohmann::json problemToJson(const Bundle &B);

} // namespace tuner
} // namespace c2cuda

#endif
