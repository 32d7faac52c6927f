//===- IteratorsAfterNest.cpp - Iterators whose final value is used -------===//

#include "IteratorsAfterNest.h"
#include "ClangTypes.h"

#include "ir/IRBuild.h"
#include "ir/IRPrinter.h"

#include "clang/AST/Expr.h"

#include <map>
#include <set>

using namespace clang;

namespace c2cuda {

namespace {

const VarDecl *assignedVar(const clang::Expr *E) {
  const auto *BO = dyn_cast_or_null<BinaryOperator>(E);
  if (!BO || BO->getOpcode() != BO_Assign)
    return nullptr;
  const auto *DR = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens());
  return DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
}

} // namespace

std::vector<IteratorReadAfter> iteratorsReadAfter(const FunctionDecl *FD,
                                                  const clang::Stmt *Nest,
                                                  const SourceManager &SM) {
  auto Off = [&](SourceLocation L) {
    return SM.getFileOffset(SM.getExpansionLoc(L));
  };
  unsigned NestBegin = Off(Nest->getBeginLoc()),
           NestEnd = Off(Nest->getEndLoc());
  // The nest's iterators declared outside it, with the loop assigning each.
  std::map<const VarDecl *, const clang::ForStmt *> Loops;
  forEachNode(Nest, [&](const clang::Stmt *S) {
    if (const auto *FS = dyn_cast<clang::ForStmt>(S))
      if (const VarDecl *V =
              assignedVar(dyn_cast_or_null<clang::Expr>(FS->getInit())))
        if (V->hasLocalStorage() && Off(V->getLocation()) < NestBegin)
          Loops.insert({V, FS});
  });
  if (Loops.empty())
    return {};
  // The outermost host loop around the nest: its next pass runs what
  // precedes the nest in it.
  unsigned LoopBegin = NestBegin;
  forEachNode(FD->getBody(), [&](const clang::Stmt *S) {
    if ((isa<clang::ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S)) &&
        S != Nest && Off(S->getBeginLoc()) < NestBegin &&
        Off(S->getEndLoc()) >= NestEnd)
      LoopBegin = std::min(LoopBegin, Off(S->getBeginLoc()));
  });
  std::set<const DeclRefExpr *> Overwritten;
  std::map<const VarDecl *, std::pair<unsigned, const DeclRefExpr *>> After,
      InLoopBefore;
  forEachNode(FD->getBody(), [&](const clang::Stmt *S) {
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->getOpcode() == BO_Assign)
      if (const auto *DR = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens()))
        Overwritten.insert(DR);
    const auto *DR = dyn_cast<DeclRefExpr>(S);
    const auto *V = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
    if (!V || !Loops.count(V))
      return;
    unsigned O = Off(DR->getBeginLoc());
    auto &Slot = O > NestEnd                       ? After[V]
                 : O >= LoopBegin && O < NestBegin ? InLoopBefore[V]
                                                   : After[nullptr];
    if (!Slot.second || O < Slot.first)
      Slot = {O, DR};
  });
  std::vector<IteratorReadAfter> Out;
  for (const auto &[V, Loop] : Loops) {
    const DeclRefExpr *Next = nullptr;
    if (auto It = After.find(V); It != After.end())
      Next = It->second.second;
    else if (auto It = InLoopBefore.find(V); It != InLoopBefore.end())
      Next = It->second.second;
    if (Next && !Overwritten.count(Next))
      Out.push_back({V, Loop, Next});
  }
  return Out;
}

ExprPtr finalValue(const ForStmt &L) {
  using namespace build;
  ExprPtr Lo = cast(L.Lower, ScalarKind::Long);
  ExprPtr Up = cast(L.Upper, ScalarKind::Long);
  bool Ascending = L.Cmp == LoopCmp::LT || L.Cmp == LoopCmp::LE;
  int64_t S = L.Step < 0 ? -L.Step : L.Step;
  // Iterations: the distance to the bound (inclusive bounds one further),
  // in steps, rounded up; the value after them: Lower + trips * Step.
  ExprPtr Dist = Ascending ? bin(BinaryOpKind::Sub, Up, Lo, ScalarKind::Long)
                           : bin(BinaryOpKind::Sub, Lo, Up, ScalarKind::Long);
  if (L.Cmp == LoopCmp::LE || L.Cmp == LoopCmp::GE)
    Dist = addL(Dist, llit(1));
  ExprPtr Trips = ceilDivL(Dist, S);
  BinaryOpKind Runs =
      Ascending ? (L.Cmp == LoopCmp::LT ? BinaryOpKind::LT : BinaryOpKind::LE)
                : (L.Cmp == LoopCmp::GT ? BinaryOpKind::GT : BinaryOpKind::GE);
  return std::make_shared<SelectExpr>(cmpL(Runs, Lo, Up),
                                      addL(Lo, mulL(Trips, llit(L.Step))), Lo,
                                      ScalarKind::Long);
}

StmtPtr finalValueAssignment(const ForStmt &L) {
  using namespace build;
  StmtPtr A = assign(var(L.Iter, L.IterType), finalValue(L));
  auto H = std::make_shared<HostCode>(
      L.Iter + " = " + exprToString(*llvm::cast<AssignStmt>(A.get())->RHS) +
          ";",
      std::set<std::string>(), std::set<std::string>(),
      std::set<std::string>{L.Iter}, L.Loc);
  H->Body = {A};
  return H;
}

} // namespace c2cuda
