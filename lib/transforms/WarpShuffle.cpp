//===- WarpShuffle.cpp - Combining values across the lanes of a warp ------===//

#include "WarpShuffle.h"

#include "ir/IRBuild.h"

#include <limits>

namespace c2cuda {

using namespace build;

ExprPtr combineReduction(AtomicKind K, ExprPtr A, ExprPtr B, ScalarKind T) {
  switch (K) {
  case AtomicKind::Add:
  case AtomicKind::Sub:
    return bin(BinaryOpKind::Add, A, B, T);
  case AtomicKind::Mul:
    return bin(BinaryOpKind::Mul, A, B, T);
  case AtomicKind::And:
    return bin(BinaryOpKind::BitAnd, A, B, T);
  case AtomicKind::Or:
    return bin(BinaryOpKind::BitOr, A, B, T);
  case AtomicKind::Xor:
    return bin(BinaryOpKind::BitXor, A, B, T);
  case AtomicKind::Min:
  case AtomicKind::Max: {
    bool Max = K == AtomicKind::Max;
    if (isFloating(T)) {
      std::string Fn = Max ? "fmax" : "fmin";
      if (T == ScalarKind::Float)
        Fn += "f";
      return std::make_shared<CallExpr>(Fn, std::vector<ExprPtr>{A, B}, T);
    }
    return std::make_shared<SelectExpr>(
        bin(Max ? BinaryOpKind::GT : BinaryOpKind::LT, B, A, T), B, A, T);
  }
  case AtomicKind::None:
    break;
  }
  return A;
}

ExprPtr reductionIdentity(AtomicKind K, ScalarKind T) {
  auto Int = [&](int64_t V) { return std::make_shared<IntLit>(V, T); };
  if (isFloating(T)) {
    double Inf = std::numeric_limits<double>::infinity();
    switch (K) {
    case AtomicKind::Add:
    case AtomicKind::Sub:
      return std::make_shared<FloatLit>(0, T);
    case AtomicKind::Mul:
      return std::make_shared<FloatLit>(1, T);
    case AtomicKind::Min:
      return std::make_shared<FloatLit>(Inf, T);
    case AtomicKind::Max:
      return std::make_shared<FloatLit>(-Inf, T);
    default:
      return nullptr;
    }
  }
  bool Unsigned = isUnsignedKind(T), Wide = sizeInBytes(T) == 8;
  switch (K) {
  case AtomicKind::Add:
  case AtomicKind::Sub:
  case AtomicKind::Or:
  case AtomicKind::Xor:
    return Int(0);
  case AtomicKind::Mul:
    return Int(1);
  case AtomicKind::And:
    return std::make_shared<UnaryExpr>(UnaryOpKind::BitNot, Int(0), T);
  case AtomicKind::Min:
    if (Unsigned)
      return Wide ? nullptr : Int(0xffffffffLL);
    return Int(Wide ? std::numeric_limits<int64_t>::max()
                    : std::numeric_limits<int32_t>::max());
  case AtomicKind::Max:
    if (Unsigned)
      return Int(0);
    // INT_MIN as -INT_MAX - 1, a literal C can spell.
    return bin(BinaryOpKind::Sub,
               std::make_shared<UnaryExpr>(
                   UnaryOpKind::Neg,
                   Int(Wide ? std::numeric_limits<int64_t>::max()
                            : std::numeric_limits<int32_t>::max()),
                   T),
               Int(1), T);
  case AtomicKind::None:
    break;
  }
  return nullptr;
}

void appendWarpButterfly(StmtList &Out, const std::string &Part,
                         const std::string &Tag, AtomicKind K, ScalarKind T) {
  ExprPtr P = var(Part, T);
  for (int64_t Off = 16; Off >= 1; Off /= 2) {
    std::string O = "c2c_lane" + std::to_string(Off) + "_" + Tag;
    Out.push_back(
        decl(O, T,
             std::make_shared<CallExpr>(
                 "c2c_shfl_xor", std::vector<ExprPtr>{P, ilit(Off)}, T)));
    Out.push_back(assign(P, combineReduction(K, P, var(O, T), T)));
  }
}

} // namespace c2cuda
