//===- IRQueries.cpp - Small read-only walks over the IR ------------------===//

#include "IRQueries.h"

using namespace llvm;

namespace c2cuda {

void forEachExpr(const Expr &E, const std::function<void(const Expr &)> &Fn) {
  Fn(E);
  auto Visit = [&](const ExprPtr &X) {
    if (X)
      forEachExpr(*X, Fn);
  };
  switch (E.getKind()) {
  case Expr::Kind::IntLit:
  case Expr::Kind::FloatLit:
  case Expr::Kind::VarRef:
    break;
  case Expr::Kind::ArrayRef:
    for (const ExprPtr &I : cast<ArrayRef>(E).Indices)
      Visit(I);
    break;
  case Expr::Kind::Unary:
    Visit(cast<UnaryExpr>(E).Operand);
    break;
  case Expr::Kind::Binary:
    Visit(cast<BinaryExpr>(E).LHS);
    Visit(cast<BinaryExpr>(E).RHS);
    break;
  case Expr::Kind::Cast:
    Visit(cast<CastExpr>(E).Operand);
    break;
  case Expr::Kind::Select: {
    const auto &S = cast<SelectExpr>(E);
    Visit(S.Cond);
    Visit(S.True);
    Visit(S.False);
    break;
  }
  case Expr::Kind::Call:
    for (const ExprPtr &A : cast<CallExpr>(E).Args)
      Visit(A);
    break;
  }
}

void forEachStmt(const StmtList &L,
                 const std::function<void(const Stmt &)> &Fn) {
  for (const StmtPtr &S : L) {
    if (!S)
      continue;
    Fn(*S);
    if (const auto *If = dyn_cast<IfStmt>(S.get())) {
      forEachStmt(If->Then, Fn);
      forEachStmt(If->Else, Fn);
    } else if (const auto *For = dyn_cast<ForStmt>(S.get())) {
      forEachStmt(For->Body, Fn);
    } else if (const auto *N = dyn_cast<NestStmt>(S.get())) {
      forEachStmt(N->Body, Fn);
    } else if (const auto *R = dyn_cast<HostRegion>(S.get())) {
      forEachStmt(R->Body, Fn);
    }
  }
}

void forEachExprIn(const StmtList &L,
                   const std::function<void(const Expr &)> &Fn) {
  auto Visit = [&](const ExprPtr &X) {
    if (X)
      forEachExpr(*X, Fn);
  };
  forEachStmt(L, [&](const Stmt &S) {
    if (const auto *A = dyn_cast<AssignStmt>(&S)) {
      Visit(A->LHS);
      Visit(A->RHS);
    } else if (const auto *D = dyn_cast<DeclStmt>(&S)) {
      Visit(D->Init);
    } else if (const auto *If = dyn_cast<IfStmt>(&S)) {
      Visit(If->Cond);
    } else if (const auto *For = dyn_cast<ForStmt>(&S)) {
      Visit(For->Lower);
      Visit(For->Upper);
    }
  });
}

void collectVarNames(const Expr &E, std::set<std::string> &Names) {
  forEachExpr(E, [&](const Expr &X) {
    if (const auto *V = dyn_cast<VarRef>(&X))
      Names.insert(V->Name);
  });
}

void collectVarNames(const StmtList &L, std::set<std::string> &Names) {
  forEachExprIn(L, [&](const Expr &X) {
    if (const auto *V = dyn_cast<VarRef>(&X))
      Names.insert(V->Name);
  });
}

std::set<std::string> collectArrayNames(const StmtList &L) {
  std::set<std::string> Names;
  forEachExprIn(L, [&](const Expr &X) {
    if (const auto *A = dyn_cast<ArrayRef>(&X))
      Names.insert(A->Array);
  });
  return Names;
}

std::set<const ArrayRef *> collectArrayRefs(const StmtList &L) {
  std::set<const ArrayRef *> Refs;
  forEachExprIn(L, [&](const Expr &X) {
    if (const auto *A = dyn_cast<ArrayRef>(&X))
      Refs.insert(A);
  });
  return Refs;
}

std::set<std::string> collectAssignedScalars(const StmtList &L) {
  std::set<std::string> Names;
  forEachStmt(L, [&](const Stmt &S) {
    if (const auto *A = dyn_cast<AssignStmt>(&S))
      if (const auto *V = dyn_cast_or_null<VarRef>(A->LHS.get()))
        Names.insert(V->Name);
  });
  return Names;
}

std::set<std::string> collectWrittenArrays(const StmtList &L) {
  std::set<std::string> Names;
  forEachStmt(L, [&](const Stmt &S) {
    if (const auto *A = dyn_cast<AssignStmt>(&S))
      if (const auto *R = dyn_cast_or_null<ArrayRef>(A->LHS.get()))
        Names.insert(R->Array);
  });
  return Names;
}

} // namespace c2cuda
