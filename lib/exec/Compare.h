//===- Compare.h - Comparing the arrays of two executions ------*- C++ -*-===//
//
// Compares arrays of a reference and a lowered execution by relative L2
// error in double, ||got - ref|| / ||ref||. Any NaN fails (outputs are
// poisoned with NaN before running, so an element nobody wrote shows).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_EXEC_COMPARE_H
#define C2CUDA_EXEC_COMPARE_H

#include "Memory.h"

#include <string>
#include <vector>

namespace c2cuda {
namespace exec {

struct ArrayDiff {
  std::string Array;
  double RelL2 = 0;
  /// Empty if the arrays agree within the tolerance; else what differs,
  /// with the first differing element.
  std::string Message;
};

/// Compares array Name of Ref and Got; Tol bounds the relative L2 error.
ArrayDiff compareArray(const Memory &Ref, const Memory &Got,
                       const std::string &Name, double Tol);

/// Sets every element of the array to NaN (floating) or a marker value.
void poisonArray(Memory &M, const std::string &Name);
/// Whether some element of the array still holds the poisonArray value.
bool hasPoison(const Memory &M, const std::string &Name);

} // namespace exec
} // namespace c2cuda

#endif
