//===- HarnessEmitter.h - The tuning harness of a function -----*- C++ -*-===//
//
// Writes the two sources of a tuning bundle that are not variants
// (Bundle.h, docs/tuning.md):
//
//   harness.cu  main() of every variant's executable. `--info` prints the
//               GPU as one JSON line; `--run` verifies the variant twice
//               (at the small size against the float64 reference, at the
//               tuning size against the plain mapping) on fresh random
//               inputs (drawn as --input says, HarnessOptions::Inputs)
//               and poisoned outputs, then times it (CUDA events,
//               L2 flushed before each rep) and prints one JSON line;
//               `--profile` runs it once after a warm-up, for ncu.
//   ref64.c     the original C with float spelt double and the function
//               renamed c2c_ref64_<fn>.
//
// The variant, the plain mapping and the reference are linked in under
// renamed symbols (harnessSymbols); the harness calls their _device entries
// (c2c_var_<fn>_device, c2c_plain_<fn>_device) and c2c_ref64_<fn>, whose
// array parameters are flat pointers whatever their C form (the C ABI).
//
// Errors are relative L2 norms over the elements the reference wrote
// (|x - r|_2 / |r|_2; the absolute norm when r is all zero). An output
// element that the reference left poisoned (NaN) must be left poisoned by
// the variant too; a NaN or inf where the reference has a number fails.
// In JSON an error that is not finite is printed as 1e300, an error of a
// stage that did not run as -1.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TUNEGEN_HARNESSEMITTER_H
#define C2CUDA_TUNEGEN_HARNESSEMITTER_H

#include "InputSpec.h"

#include "ir/IR.h"

#include <map>
#include <string>
#include <vector>

namespace c2cuda {

struct HarnessOptions {
  /// Values of the integer scalar parameters at the tuning size and at the
  /// small (verification) size; every one the function has must be given.
  /// A floating-point parameter takes its value from here when given, else
  /// a fixed random value in [0.5, 1.5) drawn from --seed.
  std::map<std::string, long long> Sizes, VerifySizes;
  /// Relative L2 error allowed. <= 0: chosen by emitHarness
  /// (defaultTolerance) and stored back here.
  double Tolerance = 0;
  /// The C file's name as copied into the bundle ("matmul.c"), which
  /// ref64.c includes.
  std::string SourceFileName;
  /// Array parameter -> the distribution its inputs are drawn from
  /// (--input); the others get the default.
  std::map<std::string, InputDistribution> Inputs;
};

/// 1e-4 when F computes in float anywhere (a float parameter, array or
/// variable): float rounding against a float64 reference, examples/README.md
/// says why 1e-4. 1e-10 when everything is double (reassociation only).
double defaultTolerance(const Function &F);

/// harness.cu for F, whose plain mapping is Plain (its array plans give the
/// element counts). Empty with Err when a size is missing or an array has
/// no known extent.
std::string emitHarness(const Function &F, const LoweredFunction &Plain,
                        HarnessOptions &Opts, std::string &Err);

/// ref64.c: the standard headers, `#define float double`, F renamed
/// c2c_ref64_<fn>, then `#include "<SourceFileName>"`.
std::string emitRef64(const Function &F, const std::string &SourceFileName);

/// The extern "C" symbols a variant's .cu defines, each renamed per
/// variant with -D<sym>=c2c_var_<sym>: the function, its _device entry and
/// its kernels.
std::vector<std::string> harnessSymbols(const LoweredFunction &LF);

} // namespace c2cuda

#endif
