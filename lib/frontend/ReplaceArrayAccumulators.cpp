//===- ReplaceArrayAccumulators.cpp - Array elements accumulated in registers //

#include "ReplaceArrayAccumulators.h"

#include "ir/IRPrinter.h"
#include "ir/IRRewrite.h"
#include "ir/IRWalk.h"

#include <map>
#include <set>
#include <string>
#include <vector>

using namespace llvm;

namespace c2cuda {

namespace {

class Replacer {
public:
  Replacer(const StmtList &Body, DiagnosticList &Diags) : Diags(Diags) {
    forEachStmt(Body, [&](const Stmt &S) {
      if (const auto *D = dyn_cast<DeclStmt>(&S)) {
        Names.insert(D->Name);
        if (D->isArray())
          NestArrays.insert(D->Name);
      } else if (const auto *F = dyn_cast<ForStmt>(&S)) {
        Names.insert(F->Iter);
      }
    });
    forEachExprIn(Body, [&](const Expr &E) {
      if (const auto *V = dyn_cast<VarRef>(&E))
        Names.insert(V->Name);
    });
  }

  StmtList list(const StmtList &L) {
    StmtList Out;
    Written Level;
    for (const StmtPtr &S : L) {
      if (const auto *K = dyn_cast<ForStmt>(S.get())) {
        loop(*K, Out, Level);
      } else if (const auto *I = dyn_cast<IfStmt>(S.get())) {
        Out.push_back(std::make_shared<IfStmt>(I->Cond, list(I->Then),
                                               list(I->Else), I->Loc));
      } else {
        Out.push_back(S);
        noteWrite(S, Level);
      }
    }
    return Out;
  }

private:
  /// The distinct array elements statements of one level assign, by array.
  using Written = std::map<std::string, std::vector<const ArrayRef *>>;

  static void noteWrite(const StmtPtr &S, Written &Level) {
    const auto *A = dyn_cast<AssignStmt>(S.get());
    const auto *R = A ? dyn_cast<ArrayRef>(A->LHS.get()) : nullptr;
    if (!R)
      return;
    std::vector<const ArrayRef *> &Elems = Level[R->Array];
    if (std::none_of(Elems.begin(), Elems.end(),
                     [&](const ArrayRef *E) { return sameExpr(*E, *R); }))
      Elems.push_back(R);
  }

  /// Appends loop K, inner lists done first, with its replaceable
  /// accumulators in scalars (Before: the statements before K at its level;
  /// Level: the elements they assign).
  void loop(const ForStmt &K, StmtList &Before, Written &Level) {
    auto New = std::make_shared<ForStmt>(K.Iter, K.IterType, K.Lower, K.Cmp,
                                         K.Upper, K.Step, list(K.Body), K.Loc);
    New->Unroll = K.Unroll;
    StmtPtr Loop = New;
    std::vector<const ArrayRef *> Targets;
    forEachStmt(New->Body, [&](const Stmt &S) {
      if (const auto *A = dyn_cast<AssignStmt>(&S))
        if (const auto *R = dyn_cast<ArrayRef>(A->LHS.get()))
          if (std::none_of(Targets.begin(), Targets.end(),
                           [&](const ArrayRef *T) { return sameExpr(*T, *R); }))
            Targets.push_back(R);
    });
    StmtList After;
    for (const ArrayRef *T : Targets) {
      if (!replaceable(*T, Loop, Level))
        continue;
      std::string Name = fresh("c2c_acc_" + T->Array);
      auto Ref = std::make_shared<ArrayRef>(*T);
      auto Var = std::make_shared<VarRef>(Name, T->Type, T->Loc);
      Before.push_back(std::make_shared<DeclStmt>(Name, T->Type, Ref, K.Loc));
      Loop = rewriteStmts({Loop}, [&](const ExprPtr &E) -> ExprPtr {
               const auto *R = dyn_cast<ArrayRef>(E.get());
               return R && sameExpr(*R, *Ref) ? Var : nullptr;
             }).front();
      After.push_back(
          std::make_shared<AssignStmt>(Ref, AssignOpKind::Set, Var, K.Loc));
      Diags.remark(K.Loc, "'" + exprToString(*Ref) +
                              "' is accumulated in a register across '" +
                              K.Iter + "' (loaded before the loop, stored " +
                              "after it)");
    }
    Before.push_back(Loop);
    for (const StmtPtr &S : After) {
      Before.push_back(S);
      noteWrite(S, Level);
    }
  }

  bool replaceable(const ArrayRef &T, const StmtPtr &K,
                   const Written &Level) const {
    if (T.Local || NestArrays.count(T.Array))
      return false;
    // Every reference to the array in K is this element.
    bool Other = false;
    forEachExprIn({K}, [&](const Expr &E) {
      if (const auto *R = dyn_cast<ArrayRef>(&E))
        Other |= R->Array == T.Array && !sameExpr(*R, T);
    });
    if (Other)
      return false;
    // The subscripts name one element throughout K.
    std::set<std::string> Changing;
    forEachStmt({K}, [&](const Stmt &S) {
      if (const auto *F = dyn_cast<ForStmt>(&S))
        Changing.insert(F->Iter);
      else if (const auto *D = dyn_cast<DeclStmt>(&S))
        Changing.insert(D->Name);
      else if (const auto *A = dyn_cast<AssignStmt>(&S))
        if (const auto *V = dyn_cast<VarRef>(A->LHS.get()))
          Changing.insert(V->Name);
    });
    bool Invariant = true;
    for (const ExprPtr &I : T.Indices)
      forEachExpr(*I, [&](const Expr &E) {
        if (isa<ArrayRef>(E) || isa<CallExpr>(E))
          Invariant = false;
        else if (const auto *V = dyn_cast<VarRef>(&E))
          Invariant &= !Changing.count(V->Name);
      });
    if (!Invariant)
      return false;
    // An earlier statement at this level writes the element.
    auto It = Level.find(T.Array);
    return It != Level.end() &&
           std::any_of(It->second.begin(), It->second.end(),
                       [&](const ArrayRef *E) { return sameExpr(*E, T); });
  }

  std::string fresh(const std::string &Base) {
    std::string N = Base;
    // Suffixes continue from the last one given for Base.
    for (unsigned &I = NextSuffix[Base]; Names.count(N);)
      N = Base + std::to_string(++I);
    Names.insert(N);
    return N;
  }

  DiagnosticList &Diags;
  std::map<std::string, unsigned> NextSuffix;
  std::set<std::string> Names, NestArrays;
};

} // namespace

StmtList replaceArrayAccumulators(const StmtList &Body, DiagnosticList &Diags) {
  return Replacer(Body, Diags).list(Body);
}

} // namespace c2cuda
