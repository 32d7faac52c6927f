//===- Evaluate.h - Integer values of IR expressions -----------*- C++ -*-===//
//
// Evaluates an integer expression (extents, trip counts, bounds) for concrete
// values of the scalars it names, with C's semantics for the operators
// (truncating division, the types' widths). Used where a report needs
// numbers for a given problem size (`c2cuda analyze --size N=4096`).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_IR_EVALUATE_H
#define C2CUDA_IR_EVALUATE_H

#include "IR.h"

#include <map>
#include <optional>
#include <string>

namespace c2cuda {

using ScalarValues = std::map<std::string, int64_t>;

/// The value of E, or nullopt if it names a scalar without a value, reads an
/// array, calls a function, is floating-point, or divides by zero.
std::optional<int64_t> evaluateInt(const Expr &E, const ScalarValues &Values);

} // namespace c2cuda

#endif
