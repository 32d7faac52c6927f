//===- TripCount.cpp - Iteration count of a canonical loop ----------------===//

#include "TripCount.h"

#include <optional>

using namespace llvm;

namespace c2cuda {

namespace {

constexpr ScalarKind Long = ScalarKind::Long;

std::optional<int64_t> literalValue(const ExprPtr &E) {
  const Expr *X = E.get();
  // Look through integer casts of literals, e.g. (long)10.
  while (const auto *C = dyn_cast<CastExpr>(X)) {
    if (isFloating(C->Type) || isFloating(C->Operand->Type))
      return std::nullopt;
    X = C->Operand.get();
  }
  if (const auto *I = dyn_cast<IntLit>(X))
    return I->Value;
  return std::nullopt;
}

ExprPtr lit(int64_t V) { return std::make_shared<IntLit>(V, Long); }

ExprPtr toLong(const ExprPtr &E) {
  if (E->Type == Long)
    return E;
  if (auto V = literalValue(E); V && E->Type != ScalarKind::ULong)
    return lit(*V);
  return std::make_shared<CastExpr>(E, Long, E->Loc);
}

ExprPtr bin(BinaryOpKind Op, ExprPtr A, ExprPtr B) {
  // Keep the printed expression short: drop `+ 0`, `- 0`, `/ 1`.
  auto BV = literalValue(B);
  if ((Op == BinaryOpKind::Add || Op == BinaryOpKind::Sub) && BV && *BV == 0)
    return A;
  if (Op == BinaryOpKind::Div && BV && *BV == 1)
    return A;
  ScalarKind T = isComparison(Op) ? ScalarKind::Int : Long;
  return std::make_shared<BinaryExpr>(Op, std::move(A), std::move(B), T);
}

} // namespace

ExprPtr buildTripCount(const ExprPtr &Lower, LoopCmp Cmp, const ExprPtr &Upper,
                       int64_t Step) {
  bool Up = Cmp == LoopCmp::LT || Cmp == LoopCmp::LE;
  bool Inclusive = Cmp == LoopCmp::LE || Cmp == LoopCmp::GE;
  int64_t S = Step < 0 ? -Step : Step;
  if (S == 0)
    S = 1; // Malformed loop; the frontend never builds one.

  auto Lo = literalValue(Lower), Hi = literalValue(Upper);
  if (Lo && Hi) {
    // Both bounds known: fold (in 128 bits so extreme bounds cannot wrap).
    __int128 From = Up ? *Lo : *Hi, To = Up ? *Hi : *Lo;
    __int128 N = 0;
    if (Inclusive ? To >= From : To > From)
      N = Inclusive ? (To - From) / S + 1 : (To - From + S - 1) / S;
    return lit(static_cast<int64_t>(N));
  }

  // The iteration space runs from From up to To (for a decreasing loop, from
  // the upper bound up to the starting value).
  ExprPtr From = toLong(Up ? Lower : Upper), To = toLong(Up ? Upper : Lower);
  ExprPtr Span = bin(BinaryOpKind::Sub, To, From);
  ExprPtr Count =
      Inclusive
          ? bin(BinaryOpKind::Add, bin(BinaryOpKind::Div, Span, lit(S)), lit(1))
          : bin(BinaryOpKind::Div, bin(BinaryOpKind::Add, Span, lit(S - 1)),
                lit(S));
  ExprPtr NonEmpty =
      bin(Inclusive ? BinaryOpKind::GE : BinaryOpKind::GT, To, From);
  return std::make_shared<SelectExpr>(NonEmpty, Count, lit(0), Long);
}

} // namespace c2cuda
