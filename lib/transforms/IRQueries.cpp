//===- IRQueries.cpp - Small read-only walks over the IR ------------------===//

#include "IRQueries.h"

using namespace llvm;

namespace c2cuda {

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

std::set<std::string> collectDeclaredNames(const StmtList &L) {
  std::set<std::string> Names;
  forEachStmt(L, [&](const Stmt &S) {
    if (const auto *D = dyn_cast<DeclStmt>(&S))
      Names.insert(D->Name);
    else if (const auto *F = dyn_cast<ForStmt>(&S))
      Names.insert(F->Iter);
  });
  return Names;
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

std::map<std::string, std::set<std::string>>
readOnlyIterators(const StmtList &L, const std::set<std::string> &Written) {
  std::map<std::string, std::set<std::string>> Out;
  for (const ArrayRef *R : collectArrayRefs(L)) {
    if (Written.count(R->Array))
      continue;
    std::set<std::string> &Names = Out[R->Array];
    for (const ExprPtr &I : R->Indices)
      collectVarNames(*I, Names);
  }
  return Out;
}

bool holdsLoop(const StmtList &L) {
  bool Loop = false;
  forEachStmt(L, [&](const Stmt &S) { Loop |= isa<ForStmt>(S); });
  return Loop;
}

bool touchesGlobal(const StmtList &L) {
  bool Any = false;
  forEachExprIn(L, [&](const Expr &E) {
    if (const auto *R = dyn_cast<ArrayRef>(&E))
      Any |= !R->Local;
  });
  return Any;
}

} // namespace c2cuda
