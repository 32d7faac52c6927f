//===- Evaluate.cpp - Integer values of IR expressions -------------------===//

#include "Evaluate.h"

using namespace c2cuda;
using llvm::dyn_cast;

/// V converted to the C type K (wrapping as C's conversions do).
static int64_t convert(int64_t V, ScalarKind K) {
  switch (K) {
  case ScalarKind::Int:
    return static_cast<int32_t>(V);
  case ScalarKind::UInt:
    return static_cast<uint32_t>(V);
  case ScalarKind::Char:
  case ScalarKind::SChar:
    return static_cast<int8_t>(V);
  case ScalarKind::UChar:
    return static_cast<uint8_t>(V);
  case ScalarKind::Short:
    return static_cast<int16_t>(V);
  case ScalarKind::UShort:
    return static_cast<uint16_t>(V);
  default:
    return V;
  }
}

/// Whether operands of types K compare as unsigned (char and short kinds
/// are promoted to int first).
static bool isUnsigned(ScalarKind K) {
  return K == ScalarKind::UInt || K == ScalarKind::ULong;
}

std::optional<int64_t> c2cuda::evaluateInt(const Expr &E,
                                           const ScalarValues &Values) {
  return evaluateInt(E, [&](const VarRef &V) -> std::optional<int64_t> {
    auto It = Values.find(V.Name);
    if (It == Values.end())
      return std::nullopt;
    return It->second;
  });
}

std::optional<int64_t> c2cuda::evaluateInt(const Expr &E, VarResolver Resolve) {
  if (isFloating(E.Type))
    return std::nullopt;
  if (const auto *I = dyn_cast<IntLit>(&E))
    return I->Value;
  if (const auto *V = dyn_cast<VarRef>(&E)) {
    auto X = Resolve(*V);
    return X ? std::optional<int64_t>(convert(*X, V->Type)) : std::nullopt;
  }
  if (const auto *C = dyn_cast<CastExpr>(&E)) {
    auto X = evaluateInt(*C->Operand, Resolve);
    return X ? std::optional<int64_t>(convert(*X, C->Type)) : std::nullopt;
  }
  if (const auto *U = dyn_cast<UnaryExpr>(&E)) {
    auto X = evaluateInt(*U->Operand, Resolve);
    if (!X)
      return std::nullopt;
    switch (U->Op) {
    case UnaryOpKind::Neg:
      return convert(-*X, E.Type);
    case UnaryOpKind::LNot:
      return *X == 0;
    case UnaryOpKind::BitNot:
      return convert(~*X, E.Type);
    }
  }
  if (const auto *S = dyn_cast<SelectExpr>(&E)) {
    auto C = evaluateInt(*S->Cond, Resolve);
    if (!C)
      return std::nullopt;
    return evaluateInt(*C ? *S->True : *S->False, Resolve);
  }
  const auto *B = dyn_cast<BinaryExpr>(&E);
  if (!B)
    return std::nullopt;
  auto L = evaluateInt(*B->LHS, Resolve);
  if (!L)
    return std::nullopt;
  // C evaluates the right operand of && and || only when it decides.
  if (B->Op == BinaryOpKind::LAnd && !*L)
    return 0;
  if (B->Op == BinaryOpKind::LOr && *L)
    return 1;
  auto R = evaluateInt(*B->RHS, Resolve);
  if (!R)
    return std::nullopt;
  // Comparisons and logical operators compare in the operands' type.
  bool U = isUnsigned(B->LHS->Type) || isUnsigned(B->RHS->Type);
  uint64_t UL = static_cast<uint64_t>(*L), UR = static_cast<uint64_t>(*R);
  switch (B->Op) {
  case BinaryOpKind::Add:
    return convert(static_cast<int64_t>(UL + UR), E.Type);
  case BinaryOpKind::Sub:
    return convert(static_cast<int64_t>(UL - UR), E.Type);
  case BinaryOpKind::Mul:
    return convert(static_cast<int64_t>(UL * UR), E.Type);
  case BinaryOpKind::Div:
    if (*R == 0)
      return std::nullopt;
    return convert(U ? static_cast<int64_t>(UL / UR) : *L / *R, E.Type);
  case BinaryOpKind::Rem:
    if (*R == 0)
      return std::nullopt;
    return convert(U ? static_cast<int64_t>(UL % UR) : *L % *R, E.Type);
  case BinaryOpKind::Shl:
  case BinaryOpKind::Shr: {
    // A shift by a negative amount or by the width or more is undefined.
    int64_t Width = 8 * sizeInBytes(E.Type);
    if (*R < 0 || *R >= Width)
      return std::nullopt;
    if (B->Op == BinaryOpKind::Shl)
      return convert(static_cast<int64_t>(UL << UR), E.Type);
    return convert(U ? static_cast<int64_t>(UL >> UR) : *L >> *R, E.Type);
  }
  case BinaryOpKind::BitAnd:
    return *L & *R;
  case BinaryOpKind::BitOr:
    return *L | *R;
  case BinaryOpKind::BitXor:
    return *L ^ *R;
  case BinaryOpKind::LAnd:
    return *L && *R;
  case BinaryOpKind::LOr:
    return *L || *R;
  case BinaryOpKind::LT:
    return U ? UL < UR : *L < *R;
  case BinaryOpKind::LE:
    return U ? UL <= UR : *L <= *R;
  case BinaryOpKind::GT:
    return U ? UL > UR : *L > *R;
  case BinaryOpKind::GE:
    return U ? UL >= UR : *L >= *R;
  case BinaryOpKind::EQ:
    return *L == *R;
  case BinaryOpKind::NE:
    return *L != *R;
  }
  return std::nullopt;
}
