//===- EvaluateTest.cpp - Integer evaluation of IR expressions -----------===//

#include "ir/Evaluate.h"

#include "gtest/gtest.h"

#include <memory>

using namespace c2cuda;

namespace {

ExprPtr lit(int64_t V, ScalarKind T = ScalarKind::Int) {
  return std::make_shared<IntLit>(V, T);
}
ExprPtr var(const std::string &N, ScalarKind T = ScalarKind::Int) {
  return std::make_shared<VarRef>(N, T);
}
ExprPtr bin(BinaryOpKind Op, ExprPtr A, ExprPtr B,
            ScalarKind T = ScalarKind::Int) {
  return std::make_shared<BinaryExpr>(Op, std::move(A), std::move(B), T);
}

TEST(Evaluate, IntArithmeticWrapsAsC) {
  // 65536 * 65536 in int wraps to 0; in long long it does not.
  EXPECT_EQ(evaluateInt(*bin(BinaryOpKind::Mul, lit(65536), lit(65536)),
                        ScalarValues()),
            0);
  auto Wide = bin(BinaryOpKind::Mul, lit(65536, ScalarKind::Long),
                  lit(65536, ScalarKind::Long), ScalarKind::Long);
  EXPECT_EQ(evaluateInt(*Wide, ScalarValues()), int64_t(1) << 32);
}

TEST(Evaluate, DivisionTruncatesTowardZero) {
  EXPECT_EQ(
      evaluateInt(*bin(BinaryOpKind::Div, lit(-7), lit(2)), ScalarValues()),
      -3);
  EXPECT_EQ(
      evaluateInt(*bin(BinaryOpKind::Rem, lit(-7), lit(2)), ScalarValues()),
      -1);
  EXPECT_EQ(
      evaluateInt(*bin(BinaryOpKind::Div, lit(1), lit(0)), ScalarValues()),
      std::nullopt);
}

TEST(Evaluate, VariablesAndShortCircuit) {
  ScalarValues N = {{"n", 0}};
  // n != 0 && 10 / n > 1: the division is never evaluated when n is 0.
  auto Guarded = bin(
      BinaryOpKind::LAnd, bin(BinaryOpKind::NE, var("n"), lit(0)),
      bin(BinaryOpKind::GT, bin(BinaryOpKind::Div, lit(10), var("n")), lit(1)));
  EXPECT_EQ(evaluateInt(*Guarded, N), 0);
  EXPECT_EQ(evaluateInt(*Guarded, ScalarValues{{"n", 4}}), 1);
  EXPECT_EQ(evaluateInt(*var("m"), N), std::nullopt);
}

TEST(Evaluate, ShiftsOutOfRangeAreUndefined) {
  EXPECT_EQ(
      evaluateInt(*bin(BinaryOpKind::Shl, lit(1), lit(31)), ScalarValues()),
      int64_t(INT32_MIN));
  EXPECT_EQ(
      evaluateInt(*bin(BinaryOpKind::Shl, lit(1), lit(32)), ScalarValues()),
      std::nullopt);
  EXPECT_EQ(
      evaluateInt(*bin(BinaryOpKind::Shr, lit(8), lit(-1)), ScalarValues()),
      std::nullopt);
}

TEST(Evaluate, UnsignedComparison) {
  // (unsigned)-1 > 1u in C.
  auto Cmp = bin(BinaryOpKind::GT, lit(-1, ScalarKind::UInt),
                 lit(1, ScalarKind::UInt));
  EXPECT_EQ(evaluateInt(*Cmp, ScalarValues()), 1);
}

} // namespace
