//===- InputSpec.h - The values a tuning run fills an array with -*- C++
//-*-===//
//
// `c2cuda tune --input V=uniform(0,1)`: the distribution the harness draws
// an input array's elements from, instead of the default (floating types
// uniform in [-1, 1), integers 0 to 7). Multiplicative updates (NMF), logs
// and square roots need inputs of one sign; a stencil may need a range.
//
//   uniform(lo, hi)      uniform in [lo, hi) (integers: floor of it)
//   normal(mean, sd)     Gaussian (Box-Muller on the harness's generator)
//   constant(v)          every element v
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TUNEGEN_INPUTSPEC_H
#define C2CUDA_TUNEGEN_INPUTSPEC_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace c2cuda {

struct InputDistribution {
  /// The harness's codes (c2c_array_desc::dist): 0 is the default.
  enum class Kind { Default = 0, Uniform = 1, Normal = 2, Constant = 3 };
  Kind K = Kind::Default;
  double A = 0, B = 0; ///< lo and hi, mean and sd, or v and unused.
  /// As written: "uniform(0, 1)".
  std::string str() const;
};

/// Parses "NAME=KIND(ARGS)" into Name and D; false with Err (a sentence
/// saying what is wrong) otherwise.
bool parseInputSpec(llvm::StringRef Spec, std::string &Name,
                    InputDistribution &D, std::string &Err);

} // namespace c2cuda

#endif
