//===- ExpandIntegerPowers.cpp - pow with a small integer exponent --------===//

#include "ExpandIntegerPowers.h"

#include "analysis/Remarks.h"
#include "ir/IRBuild.h"
#include "ir/IRPrinter.h"
#include "ir/IRRewrite.h"
#include "ir/IRWalk.h"

#include "llvm/Support/Casting.h"

#include <optional>
#include <set>

using namespace llvm;

namespace c2cuda {

namespace {

bool holdsCall(const Expr &E) {
  bool Call = false;
  forEachExpr(E, [&](const Expr &S) { Call |= isa<CallExpr>(S); });
  return Call;
}

/// pow(Base, N) as multiplications in type T, or null when it stays a call.
ExprPtr expand(const CallExpr &C) {
  if ((C.Callee != "pow" && C.Callee != "powf") || C.Args.size() != 2)
    return nullptr;
  std::optional<int64_t> N = smallIntegerExponent(*C.Args[1]);
  if (!N || *N < 1 || holdsCall(*C.Args[0]))
    return nullptr;
  ExprPtr X = C.Args[0];
  if (X->Type != C.Type)
    X = build::cast(X, C.Type);
  auto Mul = [&](ExprPtr A, ExprPtr B) {
    return build::bin(BinaryOpKind::Mul, std::move(A), std::move(B), C.Type);
  };
  switch (*N) {
  case 1:
    return X;
  case 2:
    return Mul(X, X);
  case 3:
    return Mul(Mul(X, X), X);
  default:
    return Mul(Mul(X, X), Mul(X, X));
  }
}

} // namespace

LoweredFunction expandIntegerPowers(LoweredFunction LF) {
  for (Kernel &K : LF.Kernels) {
    bool Pow = false;
    forEachExprIn(K.Body, [&](const Expr &E) {
      if (const auto *C = dyn_cast<CallExpr>(&E))
        Pow |= C->Callee == "pow" || C->Callee == "powf";
    });
    if (!Pow)
      continue;
    std::set<std::string> Done;
    StmtList Body = rewriteStmts(K.Body, [&](const ExprPtr &E) -> ExprPtr {
      const auto *C = dyn_cast<CallExpr>(E.get());
      if (!C)
        return nullptr;
      ExprPtr R = expand(*C);
      if (R)
        Done.insert(exprToString(*E) + " as " + exprToString(*R));
      return R;
    });
    if (Done.empty())
      continue; // The body as it was, statement for statement.
    K.Body = std::move(Body);
    for (const std::string &D : Done)
      K.Remarks.push_back("small integer power computed by multiplying: " + D);
  }
  return LF;
}

} // namespace c2cuda
