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

#include "llvm/ADT/STLFunctionalExtras.h"

#include <map>
#include <optional>
#include <string>

namespace c2cuda {

using ScalarValues = std::map<std::string, int64_t>;

/// The value of a scalar variable, or nullopt if it has none.
using VarResolver = llvm::function_ref<std::optional<int64_t>(const VarRef &)>;

/// The value of E with variables from Resolve (converted to their C type),
/// or nullopt if a variable has no value, E reads an array, calls a
/// function, is floating-point, divides by zero or shifts out of range. `&&`,
/// `||` and `?:` evaluate only the operand C evaluates.
std::optional<int64_t> evaluateInt(const Expr &E, VarResolver Resolve);

/// The same with variables looked up in Values.
std::optional<int64_t> evaluateInt(const Expr &E, const ScalarValues &Values);

} // namespace c2cuda

#endif
