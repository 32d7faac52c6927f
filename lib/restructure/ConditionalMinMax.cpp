//===- ConditionalMinMax.cpp - `if (x > m) m = x;` as a min/max -----------===//

#include "ConditionalMinMax.h"

#include "ir/IRPrinter.h"

using namespace llvm;

namespace c2cuda {

namespace {

/// The assignment `m = cond ? x : m` for a branch `if (cond) m = x;` whose
/// condition compares m with x; null for any other statement.
StmtPtr asMinMax(const IfStmt &I, bool &IsMax) {
  if (!I.Else.empty() || I.Then.size() != 1)
    return nullptr;
  const auto *A = dyn_cast<AssignStmt>(I.Then.front().get());
  if (!A || A->Op != AssignOpKind::Set || A->Atomic != AtomicKind::None ||
      !(isa<VarRef>(*A->LHS) || isa<ArrayRef>(*A->LHS)))
    return nullptr;
  const auto *Cmp = dyn_cast<BinaryExpr>(stripCasts(I.Cond.get()));
  if (!Cmp || (Cmp->Op != BinaryOpKind::LT && Cmp->Op != BinaryOpKind::LE &&
               Cmp->Op != BinaryOpKind::GT && Cmp->Op != BinaryOpKind::GE))
    return nullptr;
  const Expr *L = stripCasts(Cmp->LHS.get()), *R = stripCasts(Cmp->RHS.get());
  const Expr *X = stripCasts(A->RHS.get());
  bool Compares = (sameExpr(*L, *A->LHS) && sameExpr(*R, *X)) ||
                  (sameExpr(*R, *A->LHS) && sameExpr(*L, *X));
  if (!Compares)
    return nullptr;
  auto Sel = std::make_shared<SelectExpr>(I.Cond, A->RHS, A->LHS, A->LHS->Type,
                                          A->Loc);
  IsMax = (Cmp->Op == BinaryOpKind::GT || Cmp->Op == BinaryOpKind::GE) ==
          sameExpr(*L, *X);
  return std::make_shared<AssignStmt>(A->LHS, AssignOpKind::Set, Sel, I.Loc);
}

/// L with its branches rewritten; L itself (the same nodes) when none is.
StmtList rewrite(const StmtList &L, DiagnosticList &Diags) {
  StmtList Out;
  bool Changed = false;
  for (const StmtPtr &S : L) {
    if (const auto *F = dyn_cast<ForStmt>(S.get())) {
      StmtList Body = rewrite(F->Body, Diags);
      if (Body == F->Body) {
        Out.push_back(S);
        continue;
      }
      Changed = true;
      auto G =
          std::make_shared<ForStmt>(F->Iter, F->IterType, F->Lower, F->Cmp,
                                    F->Upper, F->Step, std::move(Body), F->Loc);
      G->Unroll = F->Unroll;
      Out.push_back(G);
    } else if (const auto *I = dyn_cast<IfStmt>(S.get())) {
      bool IsMax = false;
      if (StmtPtr M = asMinMax(*I, IsMax)) {
        const auto &A = cast<AssignStmt>(*M);
        Diags.remark(
            I->Loc, std::string("a running ") +
                        (IsMax ? "maximum" : "minimum") + " of '" +
                        exprToString(*A.LHS) + "': the branch is written as '" +
                        exprToString(*A.LHS) + " = " + exprToString(*A.RHS) +
                        "', a " + (IsMax ? "max" : "min") + " reduction");
        Out.push_back(M);
        Changed = true;
        continue;
      }
      StmtList Then = rewrite(I->Then, Diags), Else = rewrite(I->Else, Diags);
      if (Then == I->Then && Else == I->Else) {
        Out.push_back(S);
        continue;
      }
      Changed = true;
      Out.push_back(std::make_shared<IfStmt>(I->Cond, std::move(Then),
                                             std::move(Else), I->Loc));
    } else {
      Out.push_back(S);
    }
  }
  return Changed ? Out : L;
}

} // namespace

StmtList rewriteConditionalMinMax(const StmtList &Body, DiagnosticList &Diags) {
  return rewrite(Body, Diags);
}

} // namespace c2cuda
