//===- Value.cpp - Typed scalar values with C semantics -------------------===//

#include "Value.h"

#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <sstream>

namespace c2cuda {
namespace exec {

namespace {

bool isUnsigned(ScalarKind K) { return isUnsignedKind(K); }
unsigned rank(ScalarKind K) {
  return K == ScalarKind::Long || K == ScalarKind::ULong ? 2 : 1;
}
bool isWide(ScalarKind K) { return rank(K) == 2; }
/// C's integer promotions: every char and short value is an int value.
ScalarKind promote(ScalarKind K) {
  return isNarrowInteger(K) ? ScalarKind::Int : K;
}

} // namespace

Value Value::ofInt(ScalarKind K, int64_t V) {
  Value R;
  R.Kind = K;
  switch (K) {
  case ScalarKind::Int:
    R.I = static_cast<int32_t>(static_cast<uint32_t>(V));
    break;
  case ScalarKind::UInt:
    R.I = static_cast<uint32_t>(V);
    break;
  // Conversion to a narrower type keeps the value modulo 2^N: C's rule for
  // unsigned types, and what GCC, Clang and nvcc define for signed ones.
  case ScalarKind::Char:
  case ScalarKind::SChar:
    R.I = static_cast<int8_t>(static_cast<uint8_t>(V));
    break;
  case ScalarKind::UChar:
    R.I = static_cast<uint8_t>(V);
    break;
  case ScalarKind::Short:
    R.I = static_cast<int16_t>(static_cast<uint16_t>(V));
    break;
  case ScalarKind::UShort:
    R.I = static_cast<uint16_t>(V);
    break;
  case ScalarKind::Long:
  case ScalarKind::ULong:
    R.I = V;
    break;
  case ScalarKind::Float:
    R.D = static_cast<float>(V);
    break;
  case ScalarKind::Double:
    R.D = static_cast<double>(V);
    break;
  }
  return R;
}

Value Value::ofFloat(ScalarKind K, double V) {
  Value R;
  R.Kind = K;
  R.D = K == ScalarKind::Float ? static_cast<double>(static_cast<float>(V)) : V;
  return R;
}

bool Value::isTrue() const { return isFloating(Kind) ? D != 0 : I != 0; }

double Value::toDouble() const {
  if (isFloating(Kind))
    return D;
  if (Kind == ScalarKind::ULong)
    return static_cast<double>(static_cast<uint64_t>(I));
  return static_cast<double>(I);
}

std::string Value::str() const {
  std::ostringstream OS;
  OS.precision(isFloating(Kind) ? 9 : 20);
  if (isFloating(Kind))
    OS << D;
  else if (Kind == ScalarKind::ULong)
    OS << static_cast<uint64_t>(I);
  else
    OS << I;
  return OS.str();
}

ScalarKind commonType(ScalarKind A, ScalarKind B) {
  A = promote(A);
  B = promote(B);
  if (A == ScalarKind::Double || B == ScalarKind::Double)
    return ScalarKind::Double;
  if (A == ScalarKind::Float || B == ScalarKind::Float)
    return ScalarKind::Float;
  if (A == B)
    return A;
  if (isUnsigned(A) == isUnsigned(B))
    return rank(A) >= rank(B) ? A : B;
  ScalarKind U = isUnsigned(A) ? A : B, S = isUnsigned(A) ? B : A;
  if (rank(U) >= rank(S))
    return U;
  // A wider signed type holds every value of the unsigned one (LP64).
  return S;
}

Value convert(const Value &V, ScalarKind To, std::string &Err) {
  if (!isFloating(V.Kind)) {
    if (isFloating(To)) {
      if (V.Kind == ScalarKind::ULong)
        return To == ScalarKind::Float
                   ? Value::ofFloat(
                         To, static_cast<float>(static_cast<uint64_t>(V.I)))
                   : Value::ofFloat(
                         To, static_cast<double>(static_cast<uint64_t>(V.I)));
      return To == ScalarKind::Float
                 ? Value::ofFloat(To, static_cast<float>(V.I))
                 : Value::ofFloat(To, static_cast<double>(V.I));
    }
    return Value::ofInt(To, V.I);
  }
  if (isFloating(To))
    return Value::ofFloat(To, V.D);
  // Floating to integer truncates; out of range is undefined in C.
  double T = std::trunc(V.D);
  double Lo, Hi; // Exclusive bounds.
  switch (To) {
  case ScalarKind::Int:
    Lo = -2147483649.0, Hi = 2147483648.0;
    break;
  case ScalarKind::UInt:
    Lo = -1.0, Hi = 4294967296.0;
    break;
  case ScalarKind::Char:
  case ScalarKind::SChar:
    Lo = -129.0, Hi = 128.0;
    break;
  case ScalarKind::UChar:
    Lo = -1.0, Hi = 256.0;
    break;
  case ScalarKind::Short:
    Lo = -32769.0, Hi = 32768.0;
    break;
  case ScalarKind::UShort:
    Lo = -1.0, Hi = 65536.0;
    break;
  case ScalarKind::Long:
    Lo = -9223372036854777856.0, Hi = 9223372036854775808.0;
    break;
  default:
    Lo = -1.0, Hi = 18446744073709551616.0;
    break;
  }
  if (std::isnan(V.D) || T <= Lo || T >= Hi) {
    Err = "conversion of " + V.str() + " to '" + spelling(To) +
          "' is out of range (undefined behaviour)";
    return Value::ofInt(To, 0);
  }
  if (To == ScalarKind::ULong)
    return Value::ofInt(To, static_cast<int64_t>(static_cast<uint64_t>(T)));
  return Value::ofInt(To, static_cast<int64_t>(T));
}

namespace {

Value compare(BinaryOpKind Op, const Value &A, const Value &B) {
  int C; // -1, 0, 1; 2 = unordered (NaN).
  if (isFloating(A.Kind)) {
    C = A.D < B.D ? -1 : A.D > B.D ? 1 : A.D == B.D ? 0 : 2;
  } else if (isUnsigned(A.Kind)) {
    uint64_t X = A.I, Y = B.I;
    C = X < Y ? -1 : X > Y ? 1 : 0;
  } else {
    C = A.I < B.I ? -1 : A.I > B.I ? 1 : 0;
  }
  bool R = false;
  switch (Op) {
  case BinaryOpKind::LT:
    R = C == -1;
    break;
  case BinaryOpKind::LE:
    R = C == -1 || C == 0;
    break;
  case BinaryOpKind::GT:
    R = C == 1;
    break;
  case BinaryOpKind::GE:
    R = C == 1 || C == 0;
    break;
  case BinaryOpKind::EQ:
    R = C == 0;
    break;
  default:
    R = C != 0;
    break; // NE, true for NaN.
  }
  return Value::ofInt(ScalarKind::Int, R);
}

Value floatArith(BinaryOpKind Op, ScalarKind K, double X, double Y,
                 std::string &Err) {
  if (K == ScalarKind::Float) {
    float A = static_cast<float>(X), B = static_cast<float>(Y), R = 0;
    switch (Op) {
    case BinaryOpKind::Add:
      R = A + B;
      break;
    case BinaryOpKind::Sub:
      R = A - B;
      break;
    case BinaryOpKind::Mul:
      R = A * B;
      break;
    case BinaryOpKind::Div:
      R = A / B;
      break;
    default:
      Err = std::string("operator '") + spelling(Op) + "' on 'float'";
    }
    return Value::ofFloat(K, R);
  }
  double R = 0;
  switch (Op) {
  case BinaryOpKind::Add:
    R = X + Y;
    break;
  case BinaryOpKind::Sub:
    R = X - Y;
    break;
  case BinaryOpKind::Mul:
    R = X * Y;
    break;
  case BinaryOpKind::Div:
    R = X / Y;
    break;
  default:
    Err = std::string("operator '") + spelling(Op) + "' on 'double'";
  }
  return Value::ofFloat(K, R);
}

Value intArith(BinaryOpKind Op, ScalarKind K, int64_t X, int64_t Y,
               std::string &Err) {
  uint64_t UX = X, UY = Y;
  switch (Op) {
  case BinaryOpKind::Add:
    return Value::ofInt(K, UX + UY);
  case BinaryOpKind::Sub:
    return Value::ofInt(K, UX - UY);
  case BinaryOpKind::Mul:
    return Value::ofInt(K, UX * UY);
  case BinaryOpKind::Div:
  case BinaryOpKind::Rem: {
    if (Y == 0) {
      Err = "integer division by zero";
      return Value::ofInt(K, 0);
    }
    bool Div = Op == BinaryOpKind::Div;
    if (isUnsigned(K))
      return Value::ofInt(K, Div ? UX / UY : UX % UY);
    if (Y == -1 && ((K == ScalarKind::Int && X == INT32_MIN) ||
                    (K == ScalarKind::Long && X == INT64_MIN))) {
      Err = "signed division overflow";
      return Value::ofInt(K, 0);
    }
    return Value::ofInt(K, Div ? X / Y : X % Y);
  }
  case BinaryOpKind::BitAnd:
    return Value::ofInt(K, UX & UY);
  case BinaryOpKind::BitOr:
    return Value::ofInt(K, UX | UY);
  case BinaryOpKind::BitXor:
    return Value::ofInt(K, UX ^ UY);
  default:
    Err = std::string("unexpected operator '") + spelling(Op) + "'";
    return Value::ofInt(K, 0);
  }
}

} // namespace

Value applyBinary(BinaryOpKind Op, const Value &A, const Value &B,
                  ScalarKind ResultType, std::string &Err) {
  switch (Op) {
  case BinaryOpKind::LAnd:
    return Value::ofInt(ScalarKind::Int, A.isTrue() && B.isTrue());
  case BinaryOpKind::LOr:
    return Value::ofInt(ScalarKind::Int, A.isTrue() || B.isTrue());
  case BinaryOpKind::Shl:
  case BinaryOpKind::Shr: {
    // The result has the (promoted) left operand's type.
    ScalarKind K = ResultType;
    Value L = convert(A, K, Err);
    Value R = convert(B, ScalarKind::Long, Err);
    unsigned Bits = isWide(K) ? 64 : 32;
    if (isFloating(K) || R.I < 0 || R.I >= Bits) {
      Err = "shift by " + B.str() + " of a " + std::to_string(Bits) +
            "-bit value (undefined behaviour)";
      return Value::ofInt(K, 0);
    }
    if (Op == BinaryOpKind::Shl)
      return Value::ofInt(K, static_cast<uint64_t>(L.I) << R.I);
    if (isUnsigned(K))
      return Value::ofInt(K, static_cast<uint64_t>(L.I) >> R.I);
    return Value::ofInt(K, L.I >> R.I); // Arithmetic shift, as GCC/nvcc.
  }
  default:
    break;
  }
  ScalarKind K = commonType(A.Kind, B.Kind);
  Value X = convert(A, K, Err), Y = convert(B, K, Err);
  if (isComparison(Op))
    return compare(Op, X, Y);
  Value R = isFloating(K) ? floatArith(Op, K, X.D, Y.D, Err)
                          : intArith(Op, K, X.I, Y.I, Err);
  return R.Kind == ResultType ? R : convert(R, ResultType, Err);
}

Value applyUnary(UnaryOpKind Op, const Value &A, ScalarKind ResultType,
                 std::string &Err) {
  if (Op == UnaryOpKind::LNot)
    return Value::ofInt(ScalarKind::Int, !A.isTrue());
  Value X = convert(A, ResultType, Err);
  if (Op == UnaryOpKind::Neg) {
    if (isFloating(X.Kind))
      return Value::ofFloat(X.Kind, -X.D);
    return Value::ofInt(X.Kind, 0 - static_cast<uint64_t>(X.I));
  }
  if (isFloating(X.Kind)) {
    Err = "'~' on a floating value";
    return X;
  }
  return Value::ofInt(X.Kind, ~static_cast<uint64_t>(X.I));
}

namespace {

using F1 = std::function<float(float)>;
using D1 = std::function<double(double)>;
using F2 = std::function<float(float, float)>;
using D2 = std::function<double(double, double)>;

#define C2C_UNARY(N)                                                           \
  {                                                                            \
    #N, {                                                                      \
      [](float X) { return std::N(X); }, [](double X) { return std::N(X); }    \
    }                                                                          \
  }
#define C2C_BINARY(N)                                                          \
  {                                                                            \
    #N, {                                                                      \
      [](float X, float Y) { return std::N(X, Y); },                           \
          [](double X, double Y) { return std::N(X, Y); }                      \
    }                                                                          \
  }

const std::map<std::string, std::pair<F1, D1>> &unaryFns() {
  static const std::map<std::string, std::pair<F1, D1>> M = {
      C2C_UNARY(acos),
      C2C_UNARY(asin),
      C2C_UNARY(atan),
      C2C_UNARY(cos),
      C2C_UNARY(sin),
      C2C_UNARY(tan),
      C2C_UNARY(acosh),
      C2C_UNARY(asinh),
      C2C_UNARY(atanh),
      C2C_UNARY(cosh),
      C2C_UNARY(sinh),
      C2C_UNARY(tanh),
      C2C_UNARY(exp),
      C2C_UNARY(exp2),
      C2C_UNARY(expm1),
      C2C_UNARY(log),
      C2C_UNARY(log10),
      C2C_UNARY(log1p),
      C2C_UNARY(log2),
      C2C_UNARY(logb),
      C2C_UNARY(cbrt),
      C2C_UNARY(fabs),
      C2C_UNARY(sqrt),
      C2C_UNARY(erf),
      C2C_UNARY(erfc),
      C2C_UNARY(lgamma),
      C2C_UNARY(tgamma),
      C2C_UNARY(ceil),
      C2C_UNARY(floor),
      C2C_UNARY(nearbyint),
      C2C_UNARY(rint),
      C2C_UNARY(round),
      C2C_UNARY(trunc),
      {"rsqrt",
       {[](float X) { return 1.0f / std::sqrt(X); },
        [](double X) { return 1.0 / std::sqrt(X); }}}};
  return M;
}

const std::map<std::string, std::pair<F2, D2>> &binaryFns() {
  static const std::map<std::string, std::pair<F2, D2>> M = {
      C2C_BINARY(atan2), C2C_BINARY(hypot),     C2C_BINARY(pow),
      C2C_BINARY(fmod),  C2C_BINARY(remainder), C2C_BINARY(copysign),
      C2C_BINARY(fdim),  C2C_BINARY(fmax),      C2C_BINARY(fmin)};
  return M;
}

#undef C2C_UNARY
#undef C2C_BINARY

/// Splits "sqrtf" into ("sqrt", float) and "sqrt" into ("sqrt", double).
bool isKnownBase(const std::string &N) {
  static const std::set<std::string> Other = {"fma",    "ilogb",  "ldexp",
                                              "scalbn", "lrint",  "llrint",
                                              "lround", "llround"};
  return unaryFns().count(N) || binaryFns().count(N) || Other.count(N);
}

/// CUDA's fast intrinsics (RelaxFloatArithmetic) as the GPU computes them:
/// the special function units evaluate base-2 exponentials and logarithms
/// of a float argument, so the float rounding of the scaling by log2(e)
/// etc. (the error CUDA documents as growing with |x|) is reproduced; the
/// units' own few-ulp errors are not.
std::optional<float> fastIntrinsic(const std::string &N,
                                   const std::vector<float> &X) {
  const float Log2E = 1.44269504f, Ln2 = 0.693147181f, Log2Ten = 3.32192809f,
              Log10Two = 0.301029996f;
  if (X.size() == 1) {
    float V = X[0];
    if (N == "__expf")
      return std::exp2(V * Log2E);
    if (N == "__exp10f")
      return std::exp2(V * Log2Ten);
    if (N == "__logf")
      return std::log2(V) * Ln2;
    if (N == "__log2f")
      return std::log2(V);
    if (N == "__log10f")
      return std::log2(V) * Log10Two;
    if (N == "__sinf")
      return std::sin(V);
    if (N == "__cosf")
      return std::cos(V);
    if (N == "__tanf")
      return std::sin(V) / std::cos(V);
  }
  if (X.size() == 2 && N == "__powf")
    return std::exp2(X[1] * std::log2(X[0]));
  return std::nullopt;
}

} // namespace

Value applyCall(const std::string &Callee, const std::vector<Value> &Args,
                ScalarKind ResultType, std::string &Err) {
  auto Arity = [&](size_t N) {
    if (Args.size() == N)
      return true;
    Err = "'" + Callee + "' called with " + std::to_string(Args.size()) +
          " arguments";
    return false;
  };
  if (Callee == "abs" || Callee == "labs" || Callee == "llabs") {
    if (!Arity(1))
      return Value::ofInt(ResultType, 0);
    Value X = convert(Args[0], ResultType, Err);
    return Value::ofInt(ResultType, X.I < 0 ? 0 - static_cast<uint64_t>(X.I)
                                            : static_cast<uint64_t>(X.I));
  }
  if ((Callee == "min" || Callee == "max") && !isFloating(ResultType)) {
    // CUDA's integer min and max (lowered code: clamped tile coordinates).
    if (!Arity(2))
      return Value::ofInt(ResultType, 0);
    int64_t A = convert(Args[0], ResultType, Err).I,
            B = convert(Args[1], ResultType, Err).I;
    return Value::ofInt(ResultType, (Callee == "min") == (A < B) ? A : B);
  }
  if (Callee == "isnan" || Callee == "isinf" || Callee == "isfinite") {
    if (!Arity(1))
      return Value::ofInt(ResultType, 0);
    double X = convert(Args[0], ScalarKind::Double, Err).D;
    bool R = Callee == "isnan"   ? std::isnan(X)
             : Callee == "isinf" ? std::isinf(X)
                                 : std::isfinite(X);
    return Value::ofInt(ResultType, R ? 1 : 0);
  }
  if (Callee.rfind("__", 0) == 0) {
    std::vector<float> X;
    for (const Value &A : Args)
      X.push_back(static_cast<float>(convert(A, ScalarKind::Float, Err).D));
    if (std::optional<float> R = fastIntrinsic(Callee, X))
      return convert(Value::ofFloat(ScalarKind::Float, *R), ResultType, Err);
  }
  std::string Base = Callee;
  bool Float = false;
  if (!isKnownBase(Base) && !Base.empty() && Base.back() == 'f' &&
      isKnownBase(Base.substr(0, Base.size() - 1))) {
    Base.pop_back();
    Float = true;
  }
  ScalarKind FK = Float ? ScalarKind::Float : ScalarKind::Double;
  auto Result = [&](double R) {
    return convert(Value::ofFloat(FK, R), ResultType, Err);
  };
  auto U = unaryFns().find(Base);
  if (U != unaryFns().end()) {
    if (!Arity(1))
      return Value::ofInt(ResultType, 0);
    double X = convert(Args[0], FK, Err).D;
    return Result(Float ? U->second.first(static_cast<float>(X))
                        : U->second.second(X));
  }
  auto B = binaryFns().find(Base);
  if (B != binaryFns().end()) {
    if (!Arity(2))
      return Value::ofInt(ResultType, 0);
    double X = convert(Args[0], FK, Err).D, Y = convert(Args[1], FK, Err).D;
    return Result(
        Float ? B->second.first(static_cast<float>(X), static_cast<float>(Y))
              : B->second.second(X, Y));
  }
  if (Base == "fma") {
    if (!Arity(3))
      return Value::ofInt(ResultType, 0);
    double X = convert(Args[0], FK, Err).D, Y = convert(Args[1], FK, Err).D,
           Z = convert(Args[2], FK, Err).D;
    return Result(Float ? std::fma(static_cast<float>(X), static_cast<float>(Y),
                                   static_cast<float>(Z))
                        : std::fma(X, Y, Z));
  }
  if (Base == "ldexp" || Base == "scalbn") {
    if (!Arity(2))
      return Value::ofInt(ResultType, 0);
    double X = convert(Args[0], FK, Err).D;
    int E = static_cast<int>(convert(Args[1], ScalarKind::Int, Err).I);
    return Result(Float ? std::ldexp(static_cast<float>(X), E)
                        : std::ldexp(X, E));
  }
  if (Base == "ilogb" || Base == "lrint" || Base == "llrint" ||
      Base == "lround" || Base == "llround") {
    if (!Arity(1))
      return Value::ofInt(ResultType, 0);
    double X = convert(Args[0], FK, Err).D;
    if (Base == "ilogb")
      return convert(Value::ofInt(ScalarKind::Int, std::ilogb(X)), ResultType,
                     Err);
    double R =
        Base.find("rint") != std::string::npos ? std::rint(X) : std::round(X);
    return convert(Value::ofFloat(ScalarKind::Double, R), ResultType, Err);
  }
  Err = "call to unknown function '" + Callee + "'";
  return Value::ofInt(ResultType, 0);
}

} // namespace exec
} // namespace c2cuda
