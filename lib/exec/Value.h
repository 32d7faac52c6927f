//===- Value.h - Typed scalar values with C semantics ----------*- C++ -*-===//
//
// A scalar value of one of the IR's ScalarKinds and the C operators on it:
// 32-bit int/unsigned arithmetic wraps as the hardware does, float is
// computed in float (never widened to double), conversions follow C, and
// the C math library calls map to the <cmath> function of the right
// precision. Undefined behaviour that the oracle can see (division by zero,
// out-of-range shifts, out-of-range float-to-integer conversions) is
// reported as an error instead of being given a value.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_EXEC_VALUE_H
#define C2CUDA_EXEC_VALUE_H

#include "ir/IR.h"

#include <cstdint>
#include <string>

namespace c2cuda {
namespace exec {

struct Value {
  ScalarKind Kind = ScalarKind::Int;
  /// Integer kinds: the value, sign- or zero-extended to 64 bits (ULong as
  /// its bits). Float and Double: in D (a Float is exactly a float).
  int64_t I = 0;
  double D = 0;

  static Value ofInt(ScalarKind K, int64_t V);
  static Value ofFloat(ScalarKind K, double V);
  bool isTrue() const;
  /// The value as double (for comparisons of outputs).
  double toDouble() const;
  std::string str() const;
};

/// C's usual arithmetic conversions of two operand types.
ScalarKind commonType(ScalarKind A, ScalarKind B);

/// Results of the operators; Err is set (and a zero value returned) on
/// undefined behaviour.
Value convert(const Value &V, ScalarKind To, std::string &Err);
Value applyBinary(BinaryOpKind Op, const Value &A, const Value &B,
                  ScalarKind ResultType, std::string &Err);
Value applyUnary(UnaryOpKind Op, const Value &A, ScalarKind ResultType,
                 std::string &Err);
/// A C math library call (names as in the frontend's isMathFunction).
Value applyCall(const std::string &Callee, const std::vector<Value> &Args,
                ScalarKind ResultType, std::string &Err);

} // namespace exec
} // namespace c2cuda

#endif
