//===- IRBuild.h - Terse construction of IR nodes ---------------*- C++ -*-===//
//
// Builders for the nodes lowering passes create: literals, variables, casts
// that C would insert, arithmetic in a given type, declarations and
// assignments. A cast to the type an expression already has is omitted.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_IR_IRBUILD_H
#define C2CUDA_IR_IRBUILD_H

#include "ir/IR.h"

#include <memory>
#include <string>

namespace c2cuda {
namespace build {

inline ExprPtr ilit(int64_t V) {
  return std::make_shared<IntLit>(V, ScalarKind::Int);
}
inline ExprPtr llit(int64_t V) {
  return std::make_shared<IntLit>(V, ScalarKind::Long);
}
inline ExprPtr var(const std::string &N, ScalarKind T) {
  return std::make_shared<VarRef>(N, T);
}
inline ExprPtr lvar(const std::string &N) { return var(N, ScalarKind::Long); }
inline ExprPtr ivar(const std::string &N) { return var(N, ScalarKind::Int); }
inline ExprPtr cast(ExprPtr E, ScalarKind T) {
  if (E->Type == T)
    return E;
  return std::make_shared<CastExpr>(E, T);
}
/// A op B in type T (operands converted to T, except for comparisons and
/// logical operators, whose result is an int).
inline ExprPtr bin(BinaryOpKind Op, ExprPtr A, ExprPtr B, ScalarKind T) {
  if (!isComparison(Op) && Op != BinaryOpKind::LAnd &&
      Op != BinaryOpKind::LOr) {
    A = cast(A, T);
    B = cast(B, T);
  }
  return std::make_shared<BinaryExpr>(Op, A, B, T);
}
inline ExprPtr addL(ExprPtr A, ExprPtr B) {
  return bin(BinaryOpKind::Add, A, B, ScalarKind::Long);
}
inline ExprPtr mulL(ExprPtr A, ExprPtr B) {
  return bin(BinaryOpKind::Mul, A, B, ScalarKind::Long);
}
/// A Op B compared in long long.
inline ExprPtr cmpL(BinaryOpKind Op, ExprPtr A, ExprPtr B) {
  return std::make_shared<BinaryExpr>(Op, cast(A, ScalarKind::Long),
                                      cast(B, ScalarKind::Long),
                                      ScalarKind::Int);
}
/// A && B; either may be null (no condition: the other alone).
inline ExprPtr andE(ExprPtr A, ExprPtr B) {
  if (!A)
    return B;
  if (!B)
    return A;
  return std::make_shared<BinaryExpr>(BinaryOpKind::LAnd, A, B,
                                      ScalarKind::Int);
}
/// ceil(A / B) in long long, for A >= 0 and a literal B > 0.
inline ExprPtr ceilDivL(ExprPtr A, int64_t B) {
  if (B == 1)
    return cast(A, ScalarKind::Long);
  return bin(BinaryOpKind::Div, addL(A, llit(B - 1)), llit(B),
             ScalarKind::Long);
}
/// A CUDA built-in such as threadIdx.x (What = "threadIdx", D = 0).
inline ExprPtr builtin(const char *What, unsigned D) {
  static const char *const Dim[3] = {"x", "y", "z"};
  return var(std::string(What) + "." + Dim[D], ScalarKind::UInt);
}
inline StmtPtr decl(const std::string &N, ScalarKind T, ExprPtr Init) {
  return std::make_shared<DeclStmt>(N, T, cast(Init, T));
}
inline StmtPtr assign(ExprPtr L, ExprPtr R) {
  return std::make_shared<AssignStmt>(L, AssignOpKind::Set, cast(R, L->Type));
}

/// for (int I = 0; I < N; ++I) Body, with an unroll hint (-1: full).
inline std::shared_ptr<ForStmt> countLoop(const std::string &I, int64_t N,
                                          StmtList Body, int Unroll) {
  auto F = std::make_shared<ForStmt>(I, ScalarKind::Int, ilit(0), LoopCmp::LT,
                                     ilit(N), 1, std::move(Body));
  F->Unroll = Unroll;
  return F;
}
/// An element of an array the kernel declares itself (registers, shared).
inline ExprPtr localRef(const std::string &A, std::vector<ExprPtr> Idx,
                        ScalarKind T) {
  auto R = std::make_shared<ArrayRef>(A, std::move(Idx), T);
  R->Local = true;
  return R;
}

} // namespace build
} // namespace c2cuda

#endif
