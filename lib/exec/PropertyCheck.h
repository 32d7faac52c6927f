//===- PropertyCheck.h - Lowered vs. reference on random inputs -*- C++ -*-===//
//
// One property check: fresh random inputs for a function (scalar parameters
// from the given sizes, floating scalars drawn at random), arrays written
// but never read on the device poisoned with NaN, then the reference and the
// lowered execution on copies of the same Memory, and every array compared
// by relative L2 error. Used by the property tests and anything else that
// wants to know whether a lowering keeps the C semantics.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_EXEC_PROPERTYCHECK_H
#define C2CUDA_EXEC_PROPERTYCHECK_H

#include "Execute.h"

#include "ir/IR.h"

#include <map>
#include <string>
#include <vector>

namespace c2cuda {
namespace exec {

struct CheckConfig {
  /// Values of scalar parameters; integer ones must all be given.
  std::map<std::string, double> Scalars;
  /// Range of random floating inputs.
  double Lo = 0.1, Hi = 1.0;
  uint64_t Seed = 0;
  ThreadOrder Order = ThreadOrder::Shuffled;
  /// Bound on the relative L2 error of every array.
  double Tol = 1e-5;
};

struct CheckResult {
  enum class Status { Pass, Fail, Unsupported };
  Status St = Status::Pass;
  std::string Message;
  double MaxRelL2 = 0;
  uint64_t Launches = 0, Threads = 0;
  std::vector<std::string> KernelsRun; ///< ExecResult::KernelsRun.
};

CheckResult checkLowering(const Function &F, const LoweredFunction &LF,
                          const CheckConfig &C);

} // namespace exec
} // namespace c2cuda

#endif
