//===- IRBuilders.h - Terse construction of IR for unit tests --*- C++ -*-===//
//
// lit(3), var("i"), add(a, b), ref("A", {i, j}), forLoop("i", lo, LoopCmp::LT,
// hi, 1, body), assign(lhs, rhs) ... Every node gets its own source location
// (t.c, line 1, increasing columns) unless one is given, so diagnostics and
// reasons that name locations can be told apart. Also a small evaluator of
// integer expressions, to check inferred extents by value.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TEST_UNIT_IRBUILDERS_H
#define C2CUDA_TEST_UNIT_IRBUILDERS_H

#include "ir/IR.h"

#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace c2cuda {
namespace irb {

inline SourceLoc nextLoc() {
  static unsigned Col = 0;
  return {"t.c", 1 + Col / 200, 1 + Col++ % 200};
}

inline ExprPtr lit(int64_t V, ScalarKind T = ScalarKind::Int) {
  return std::make_shared<IntLit>(V, T, nextLoc());
}
inline ExprPtr flit(double V, ScalarKind T = ScalarKind::Float) {
  return std::make_shared<FloatLit>(V, T, nextLoc());
}
inline ExprPtr var(const std::string &N, ScalarKind T = ScalarKind::Int) {
  return std::make_shared<VarRef>(N, T, nextLoc());
}
inline ExprPtr fvar(const std::string &N) { return var(N, ScalarKind::Float); }
inline ExprPtr cast(ExprPtr E, ScalarKind T) {
  return std::make_shared<CastExpr>(E, T, nextLoc());
}

inline ExprPtr bin(BinaryOpKind Op, ExprPtr A, ExprPtr B) {
  ScalarKind T = A->Type;
  if (isFloating(B->Type) && !isFloating(T))
    T = B->Type;
  if (isComparison(Op) || Op == BinaryOpKind::LAnd || Op == BinaryOpKind::LOr)
    T = ScalarKind::Int;
  return std::make_shared<BinaryExpr>(Op, A, B, T, nextLoc());
}
inline ExprPtr add(ExprPtr A, ExprPtr B) {
  return bin(BinaryOpKind::Add, A, B);
}
inline ExprPtr sub(ExprPtr A, ExprPtr B) {
  return bin(BinaryOpKind::Sub, A, B);
}
inline ExprPtr mul(ExprPtr A, ExprPtr B) {
  return bin(BinaryOpKind::Mul, A, B);
}
inline ExprPtr div(ExprPtr A, ExprPtr B) {
  return bin(BinaryOpKind::Div, A, B);
}
inline ExprPtr rem(ExprPtr A, ExprPtr B) {
  return bin(BinaryOpKind::Rem, A, B);
}
inline ExprPtr lt(ExprPtr A, ExprPtr B) { return bin(BinaryOpKind::LT, A, B); }
inline ExprPtr le(ExprPtr A, ExprPtr B) { return bin(BinaryOpKind::LE, A, B); }
inline ExprPtr gt(ExprPtr A, ExprPtr B) { return bin(BinaryOpKind::GT, A, B); }
inline ExprPtr ge(ExprPtr A, ExprPtr B) { return bin(BinaryOpKind::GE, A, B); }
inline ExprPtr eq(ExprPtr A, ExprPtr B) { return bin(BinaryOpKind::EQ, A, B); }
inline ExprPtr ne(ExprPtr A, ExprPtr B) { return bin(BinaryOpKind::NE, A, B); }
inline ExprPtr land(ExprPtr A, ExprPtr B) {
  return bin(BinaryOpKind::LAnd, A, B);
}
inline ExprPtr neg(ExprPtr A) {
  return std::make_shared<UnaryExpr>(UnaryOpKind::Neg, A, A->Type, nextLoc());
}
inline ExprPtr select(ExprPtr C, ExprPtr T, ExprPtr F) {
  ScalarKind Ty = T->Type;
  return std::make_shared<SelectExpr>(C, T, F, Ty, nextLoc());
}
inline ExprPtr call(const std::string &F, std::vector<ExprPtr> Args,
                    ScalarKind T = ScalarKind::Double) {
  return std::make_shared<CallExpr>(F, std::move(Args), T, nextLoc());
}

inline std::shared_ptr<const ArrayRef> ref(const std::string &A,
                                           std::vector<ExprPtr> Idx,
                                           ScalarKind T = ScalarKind::Float) {
  return std::make_shared<ArrayRef>(A, std::move(Idx), T, nextLoc());
}

inline StmtPtr assign(ExprPtr L, ExprPtr R,
                      AssignOpKind Op = AssignOpKind::Set) {
  return std::make_shared<AssignStmt>(L, Op, R, nextLoc());
}
inline StmtPtr addAssign(ExprPtr L, ExprPtr R) {
  return assign(L, R, AssignOpKind::Add);
}
inline StmtPtr decl(const std::string &N, ScalarKind T, ExprPtr Init) {
  return std::make_shared<DeclStmt>(N, T, Init, nextLoc());
}
inline StmtPtr ifStmt(ExprPtr C, StmtList Then, StmtList Else = {}) {
  return std::make_shared<IfStmt>(C, std::move(Then), std::move(Else),
                                  nextLoc());
}
inline std::shared_ptr<const ForStmt> forLoop(const std::string &I, ExprPtr Lo,
                                              LoopCmp Cmp, ExprPtr Hi,
                                              int64_t Step, StmtList Body) {
  return std::make_shared<ForStmt>(I, ScalarKind::Int, Lo, Cmp, Hi, Step,
                                   std::move(Body), nextLoc());
}
inline std::shared_ptr<const NestStmt> nest(StmtList Body, unsigned Id = 0,
                                            NestClauses C = {}) {
  SourceLoc L = nextLoc();
  return std::make_shared<NestStmt>(Id, std::move(Body), std::move(C), L, L);
}
inline StmtPtr hostRegion(HostRegion::Form F, std::string Open, StmtList Body,
                          std::string Close = "}") {
  return std::make_shared<HostRegion>(F, Open, std::move(Body), Close,
                                      std::set<std::string>{}, nextLoc());
}

inline Param scalarParam(const std::string &N, ScalarKind T = ScalarKind::Int) {
  Param P;
  P.Name = N;
  P.Elem = T;
  return P;
}
inline Param ptrParam(const std::string &N, ScalarKind T = ScalarKind::Float) {
  Param P;
  P.Name = N;
  P.ParamForm = Param::Form::Pointer;
  P.Elem = T;
  return P;
}
inline Param arrayParam(const std::string &N, std::vector<ExprPtr> Dims,
                        ScalarKind T = ScalarKind::Float) {
  Param P;
  P.Name = N;
  P.ParamForm = Param::Form::Array;
  P.Elem = T;
  P.Dims = std::move(Dims);
  return P;
}
inline Function function(const std::string &Name, std::vector<Param> Params,
                         StmtList Body) {
  Function F;
  F.Name = Name;
  F.Params = std::move(Params);
  F.Body = std::move(Body);
  F.Loc = {"t.c", 1, 1};
  return F;
}

/// Value of an integer expression with the given variables (C semantics).
inline int64_t evalInt(const Expr &E, const std::map<std::string, int64_t> &V) {
  switch (E.getKind()) {
  case Expr::Kind::IntLit:
    return llvm::cast<IntLit>(E).Value;
  case Expr::Kind::VarRef: {
    auto It = V.find(llvm::cast<VarRef>(E).Name);
    if (It == V.end())
      throw std::runtime_error("unbound " + llvm::cast<VarRef>(E).Name);
    return It->second;
  }
  case Expr::Kind::Cast:
    return evalInt(*llvm::cast<CastExpr>(E).Operand, V);
  case Expr::Kind::Unary: {
    const auto &U = llvm::cast<UnaryExpr>(E);
    int64_t X = evalInt(*U.Operand, V);
    return U.Op == UnaryOpKind::Neg ? -X : U.Op == UnaryOpKind::LNot ? !X : ~X;
  }
  case Expr::Kind::Select: {
    const auto &S = llvm::cast<SelectExpr>(E);
    return evalInt(*S.Cond, V) ? evalInt(*S.True, V) : evalInt(*S.False, V);
  }
  case Expr::Kind::Binary: {
    const auto &B = llvm::cast<BinaryExpr>(E);
    int64_t A = evalInt(*B.LHS, V);
    if (B.Op == BinaryOpKind::LAnd)
      return A && evalInt(*B.RHS, V);
    if (B.Op == BinaryOpKind::LOr)
      return A || evalInt(*B.RHS, V);
    int64_t C = evalInt(*B.RHS, V);
    switch (B.Op) {
    case BinaryOpKind::Add:
      return A + C;
    case BinaryOpKind::Sub:
      return A - C;
    case BinaryOpKind::Mul:
      return A * C;
    case BinaryOpKind::Div:
      return A / C;
    case BinaryOpKind::Rem:
      return A % C;
    case BinaryOpKind::LT:
      return A < C;
    case BinaryOpKind::LE:
      return A <= C;
    case BinaryOpKind::GT:
      return A > C;
    case BinaryOpKind::GE:
      return A >= C;
    case BinaryOpKind::EQ:
      return A == C;
    case BinaryOpKind::NE:
      return A != C;
    default:
      throw std::runtime_error("unsupported operator");
    }
  }
  default:
    throw std::runtime_error("not an integer expression");
  }
}

} // namespace irb
} // namespace c2cuda

#endif
