//===- IRUses.cpp - Arrays and scalars a piece of IR uses -----------------===//

#include "IRUses.h"

#include "llvm/Support/Casting.h"

namespace c2cuda {

std::set<std::string> ArrayAccesses::all() const {
  std::set<std::string> S = Read;
  S.insert(Written.begin(), Written.end());
  return S;
}

namespace {

template <typename Fn> void forEachSubExpr(const Expr &E, Fn F) {
  switch (E.getKind()) {
  case Expr::Kind::IntLit:
  case Expr::Kind::FloatLit:
  case Expr::Kind::VarRef:
    return;
  case Expr::Kind::ArrayRef:
    for (const ExprPtr &I : llvm::cast<ArrayRef>(E).Indices)
      F(*I);
    return;
  case Expr::Kind::Unary:
    F(*llvm::cast<UnaryExpr>(E).Operand);
    return;
  case Expr::Kind::Binary:
    F(*llvm::cast<BinaryExpr>(E).LHS);
    F(*llvm::cast<BinaryExpr>(E).RHS);
    return;
  case Expr::Kind::Cast:
    F(*llvm::cast<CastExpr>(E).Operand);
    return;
  case Expr::Kind::Select: {
    const auto &S = llvm::cast<SelectExpr>(E);
    F(*S.Cond);
    F(*S.True);
    F(*S.False);
    return;
  }
  case Expr::Kind::Call:
    for (const ExprPtr &A : llvm::cast<CallExpr>(E).Args)
      F(*A);
    return;
  }
}

/// Calls OnExpr(E, IsWriteTarget) for every top-level expression of the
/// statements, recursing into bodies; OnOther(S) for HostCode/HostRegion.
template <typename ExprFn, typename OtherFn>
void walkStmts(const StmtList &L, ExprFn OnExpr, OtherFn OnOther) {
  for (const StmtPtr &SP : L) {
    const Stmt &S = *SP;
    switch (S.getKind()) {
    case Stmt::Kind::Assign: {
      const auto &A = llvm::cast<AssignStmt>(S);
      // An atomic update reads its target too, whatever its Op.
      OnExpr(*A.LHS, true,
             A.Op != AssignOpKind::Set || A.Atomic != AtomicKind::None);
      OnExpr(*A.RHS, false, false);
      break;
    }
    case Stmt::Kind::Decl:
      if (const auto &I = llvm::cast<DeclStmt>(S).Init)
        OnExpr(*I, false, false);
      break;
    case Stmt::Kind::If: {
      const auto &I = llvm::cast<IfStmt>(S);
      OnExpr(*I.Cond, false, false);
      walkStmts(I.Then, OnExpr, OnOther);
      walkStmts(I.Else, OnExpr, OnOther);
      break;
    }
    case Stmt::Kind::For: {
      const auto &F = llvm::cast<ForStmt>(S);
      OnExpr(*F.Lower, false, false);
      OnExpr(*F.Upper, false, false);
      walkStmts(F.Body, OnExpr, OnOther);
      break;
    }
    case Stmt::Kind::Nest:
      walkStmts(llvm::cast<NestStmt>(S).Body, OnExpr, OnOther);
      break;
    case Stmt::Kind::HostRegion:
      OnOther(S);
      walkStmts(llvm::cast<HostRegion>(S).Body, OnExpr, OnOther);
      break;
    case Stmt::Kind::HostCode:
      OnOther(S);
      break;
    case Stmt::Kind::Launch:
    case Stmt::Kind::Barrier:
    case Stmt::Kind::AsyncFence:
      break;
    }
  }
}

} // namespace

bool isCudaBuiltin(llvm::StringRef N) {
  auto [Base, Dim] = N.split('.');
  return (Dim == "x" || Dim == "y" || Dim == "z") &&
         (Base == "threadIdx" || Base == "blockIdx" || Base == "blockDim" ||
          Base == "gridDim");
}

void collectArrays(const Expr &E, ArrayAccesses &Acc) {
  if (const auto *A = llvm::dyn_cast<ArrayRef>(&E))
    if (!A->Local)
      Acc.Read.insert(A->Array);
  forEachSubExpr(E, [&](const Expr &X) { collectArrays(X, Acc); });
}

void collectArrays(const StmtList &L, ArrayAccesses &Acc) {
  walkStmts(
      L,
      [&](const Expr &E, bool IsTarget, bool AlsoRead) {
        const auto *A = IsTarget ? llvm::dyn_cast<ArrayRef>(&E) : nullptr;
        if (!A) {
          collectArrays(E, Acc);
          return;
        }
        if (!A->Local) {
          Acc.Written.insert(A->Array);
          if (AlsoRead)
            Acc.Read.insert(A->Array);
        }
        for (const ExprPtr &I : A->Indices)
          collectArrays(*I, Acc);
      },
      [&](const Stmt &S) {
        if (const auto *H = llvm::dyn_cast<HostCode>(&S)) {
          Acc.Read.insert(H->ArraysRead.begin(), H->ArraysRead.end());
          Acc.Written.insert(H->ArraysWritten.begin(), H->ArraysWritten.end());
        } else if (const auto *R = llvm::dyn_cast<HostRegion>(&S)) {
          Acc.Read.insert(R->HeaderArraysRead.begin(),
                          R->HeaderArraysRead.end());
        }
      });
}

void collectVars(const Expr &E, std::map<std::string, ScalarKind> &Vars) {
  if (const auto *V = llvm::dyn_cast<VarRef>(&E))
    if (!isCudaBuiltin(V->Name))
      Vars.emplace(V->Name, V->Type);
  forEachSubExpr(E, [&](const Expr &X) { collectVars(X, Vars); });
}

void collectVars(const StmtList &L, std::map<std::string, ScalarKind> &Vars) {
  walkStmts(
      L, [&](const Expr &E, bool, bool) { collectVars(E, Vars); },
      [](const Stmt &) {});
}

void collectDecls(const StmtList &L, std::set<std::string> &Names) {
  for (const StmtPtr &SP : L) {
    if (const auto *D = llvm::dyn_cast<DeclStmt>(SP.get())) {
      Names.insert(D->Name);
    } else if (const auto *F = llvm::dyn_cast<ForStmt>(SP.get())) {
      Names.insert(F->Iter);
      collectDecls(F->Body, Names);
    } else if (const auto *I = llvm::dyn_cast<IfStmt>(SP.get())) {
      collectDecls(I->Then, Names);
      collectDecls(I->Else, Names);
    } else if (const auto *N = llvm::dyn_cast<NestStmt>(SP.get())) {
      collectDecls(N->Body, Names);
    }
  }
}

} // namespace c2cuda
