//===- IRWalk.cpp - Visiting every node of IR statements and expressions --===//

#include "ir/IRWalk.h"

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

static void
walkHostScopes(const StmtList &L, HostScope In,
               const std::function<void(const Stmt &, const HostScope &)> &Fn) {
  for (const StmtPtr &S : L) {
    Fn(*S, In);
    if (const auto *D = dyn_cast<DeclStmt>(S.get())) {
      if (!D->isArray()) {
        In.Vars[D->Name] = D->Type;
        In.Declared.insert(D->Name);
      }
    } else if (const auto *For = dyn_cast<ForStmt>(S.get())) {
      HostScope Inner = In;
      Inner.Vars[For->Iter] = For->IterType;
      walkHostScopes(For->Body, std::move(Inner), Fn);
    } else if (const auto *If = dyn_cast<IfStmt>(S.get())) {
      walkHostScopes(If->Then, In, Fn);
      walkHostScopes(If->Else, In, Fn);
    } else if (const auto *R = dyn_cast<HostRegion>(S.get())) {
      walkHostScopes(R->Body, In, Fn);
    }
  }
}

void forEachHostStmtInScope(
    const StmtList &L,
    const std::function<void(const Stmt &, const HostScope &)> &Fn) {
  walkHostScopes(L, {}, Fn);
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

NamesWritten namesWritten(const StmtList &L) {
  NamesWritten W;
  forEachStmt(L, [&](const Stmt &S) {
    if (const auto *A = dyn_cast<AssignStmt>(&S)) {
      if (const auto *V = dyn_cast<VarRef>(A->LHS.get()))
        W.Scalars.insert(V->Name);
      else if (const auto *R = dyn_cast<ArrayRef>(A->LHS.get()))
        W.Arrays.insert(R->Array);
    } else if (const auto *D = dyn_cast<DeclStmt>(&S)) {
      W.Scalars.insert(D->Name);
    } else if (const auto *F = dyn_cast<ForStmt>(&S)) {
      W.Scalars.insert(F->Iter);
    }
  });
  return W;
}

bool mentionsVar(const Expr &E, const std::string &Name) {
  bool Found = false;
  forEachExpr(E, [&](const Expr &X) {
    if (const auto *V = dyn_cast<VarRef>(&X))
      Found |= V->Name == Name;
  });
  return Found;
}

} // namespace c2cuda
