//===- NestBuilder.cpp - Clang statements of a nest to IR -----------------===//

#include "NestBuilder.h"
#include "ClangTypes.h"
#include "IteratorsAfterNest.h"

#include "ir/IRBuild.h"
#include "ir/IRRewrite.h"
#include "ir/IRWalk.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/SaveAndRestore.h"

#include <functional>
#include <limits>

using namespace clang;

namespace c2cuda {

bool isMathFunction(llvm::StringRef Name) {
  // C99 <math.h> functions whose arguments and result are plain numbers
  // (no pointers: modf, frexp, remquo, nan are left out), their f-suffixed
  // float forms, CUDA's rsqrt, and the integer abs family.
  static const llvm::StringSet<> Math = [] {
    llvm::StringSet<> S;
    const char *Double[] = {
        "acos",  "asin",   "atan",      "atan2",    "cos",    "sin",
        "tan",   "acosh",  "asinh",     "atanh",    "cosh",   "sinh",
        "tanh",  "exp",    "exp2",      "expm1",    "log",    "log10",
        "log1p", "log2",   "logb",      "ilogb",    "ldexp",  "scalbn",
        "cbrt",  "fabs",   "hypot",     "pow",      "sqrt",   "erf",
        "erfc",  "lgamma", "tgamma",    "ceil",     "floor",  "nearbyint",
        "rint",  "lrint",  "llrint",    "round",    "lround", "llround",
        "trunc", "fmod",   "remainder", "copysign", "fdim",   "fmax",
        "fmin",  "fma",    "rsqrt"};
    for (const char *N : Double) {
      S.insert(N);
      S.insert(std::string(N) + "f");
    }
    for (const char *N : {"abs", "labs", "llabs"})
      S.insert(N);
    return S;
  }();
  return Math.contains(Name);
}

namespace {

const char *const CanonicalForHint =
    "write it as 'for (int i = lb; i < ub; i += c)' with an integer iterator "
    "and a constant step c";

const VarDecl *refVar(const clang::Expr *E) {
  if (!E)
    return nullptr;
  if (const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(DR->getDecl());
  return nullptr;
}

/// Whether node S itself assigns variable V (=, op=, ++, --, &).
bool isAssignmentTo(const clang::Stmt *S, const VarDecl *V) {
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    return BO->isAssignmentOp() && refVar(BO->getLHS()) == V;
  if (const auto *UO = dyn_cast<UnaryOperator>(S))
    return (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) &&
           refVar(UO->getSubExpr()) == V;
  return false;
}

/// The place where S assigns variable V (=, op=, ++, --, &), if it does.
const clang::Stmt *findAssignmentTo(const clang::Stmt *Body, const VarDecl *V) {
  const clang::Stmt *Found = nullptr;
  forEachNode(Body, [&](const clang::Stmt *S) {
    if (!Found && isAssignmentTo(S, V))
      Found = S;
  });
  return Found;
}

/// The first place where one of the statements assigns V, if one does.
const clang::Stmt *findAssignmentIn(const std::vector<const clang::Stmt *> &L,
                                    const VarDecl *V) {
  for (const clang::Stmt *S : L)
    if (const clang::Stmt *A = findAssignmentTo(S, V))
      return A;
  return nullptr;
}

std::string exampleSubscripts(size_t N) {
  const char *Names[] = {"i", "j", "k", "l"};
  std::string S;
  for (size_t D = 0; D < N; ++D)
    S += std::string("[") + Names[D % 4] + "]";
  return S;
}

std::string condText(const clang::Expr *Cond, const ASTContext &Ctx) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  Cond->IgnoreParens()->printPretty(OS, nullptr, Ctx.getPrintingPolicy());
  return OS.str();
}

/// E as the user spelled it (printed from the AST where a macro hides it).
std::string sourceText(const clang::Expr *E, const ASTContext &Ctx) {
  CharSourceRange R = CharSourceRange::getTokenRange(E->getSourceRange());
  if (!R.getBegin().isMacroID() && !R.getEnd().isMacroID()) {
    StringRef T =
        Lexer::getSourceText(R, Ctx.getSourceManager(), Ctx.getLangOpts());
    if (!T.empty())
      return T.str();
  }
  return condText(E, Ctx);
}

SourceLocation exprLoc(const clang::Stmt *S) {
  if (const auto *E = dyn_cast<clang::Expr>(S))
    return E->getExprLoc();
  return S->getBeginLoc();
}

} // namespace

SourceLoc NestBuilder::loc(SourceLocation L) const {
  return toSourceLoc(Ctx.getSourceManager(), L);
}

std::nullptr_t NestBuilder::error(SourceLocation L, std::string Msg,
                                  std::string Hint) {
  Diags.error(loc(L), std::move(Msg), std::move(Hint));
  return nullptr;
}

bool NestBuilder::usedOutsideItsLoops(const VarDecl *V) const {
  if (!NestRoot)
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  auto At = [&](SourceLocation L) { return SM.getExpansionLoc(L); };
  // The loops of the nest counting with V.
  std::vector<SourceRange> Loops;
  forEachNode(NestRoot, [&](const clang::Stmt *S) {
    const auto *FS = dyn_cast<clang::ForStmt>(S);
    const auto *BO =
        FS ? dyn_cast_or_null<BinaryOperator>(FS->getInit()) : nullptr;
    if (BO && BO->getOpcode() == BO_Assign && refVar(BO->getLHS()) == V)
      Loops.push_back({At(FS->getBeginLoc()), At(FS->getEndLoc())});
  });
  bool Used = false;
  forEachNode(NestRoot, [&](const clang::Stmt *S) {
    const auto *DR = dyn_cast<DeclRefExpr>(S);
    if (Used || !DR || DR->getDecl() != V)
      return;
    SourceLocation L = At(DR->getBeginLoc());
    Used = std::none_of(Loops.begin(), Loops.end(), [&](const SourceRange &R) {
      return !SM.isBeforeInTranslationUnit(L, R.getBegin()) &&
             !SM.isBeforeInTranslationUnit(R.getEnd(), L);
    });
  });
  return Used;
}

bool NestBuilder::usedOutside(const VarDecl *V, SourceRange R) const {
  if (!NestRoot)
    return true;
  const SourceManager &SM = Ctx.getSourceManager();
  auto At = [&](SourceLocation L) { return SM.getExpansionLoc(L); };
  bool Used = false;
  forEachNode(NestRoot, [&](const clang::Stmt *S) {
    const auto *DR = dyn_cast<DeclRefExpr>(S);
    if (Used || !DR || DR->getDecl() != V)
      return;
    SourceLocation L = At(DR->getBeginLoc());
    Used = SM.isBeforeInTranslationUnit(L, At(R.getBegin())) ||
           SM.isBeforeInTranslationUnit(At(R.getEnd()), L);
  });
  return Used;
}

StmtList NestBuilder::buildNest(const clang::Stmt *S) {
  StmtList Out;
  llvm::SaveAndRestore<const clang::Stmt *> Root(NestRoot, S);
  stmt(S, Out);
  if (Imported.empty())
    return Out;
  // The function's read-only local arrays the nest reads: each point of the
  // nest gets its own initialized copy, at the top of the deepest loop of
  // the perfectly nested loops the nest starts with (where the mapped loops
  // will be), as if declared there.
  StmtList Copies;
  for (const VarDecl *VD : Imported)
    localArray(VD, Copies);
  return withCopiesAtBand(Out, Copies);
}

StmtList NestBuilder::withCopiesAtBand(const StmtList &L,
                                       const StmtList &Copies) {
  const auto *For =
      L.size() == 1 ? dyn_cast<c2cuda::ForStmt>(L[0].get()) : nullptr;
  if (!For) {
    StmtList Out = Copies;
    Out.insert(Out.end(), L.begin(), L.end());
    return Out;
  }
  bool Inner = For->Body.size() == 1 && isa<c2cuda::ForStmt>(*For->Body[0]);
  auto New = std::make_shared<c2cuda::ForStmt>(*For);
  if (Inner) {
    New->Body = withCopiesAtBand(For->Body, Copies);
  } else {
    New->Body = Copies;
    New->Body.insert(New->Body.end(), For->Body.begin(), For->Body.end());
  }
  return {New};
}

bool NestBuilder::importable(const VarDecl *VD) const {
  // A local array of the function with a braced initializer of constant
  // size, that nothing in the function writes: the elements of any copy
  // are the initializer's.
  if (!VD->isLocalVarDecl() || isa<ParmVarDecl>(VD) ||
      !dyn_cast_or_null<InitListExpr>(VD->getInit()))
    return false;
  QualType T = VD->getType();
  while (const clang::ArrayType *A = Ctx.getAsArrayType(T)) {
    if (!isa<ConstantArrayType>(A))
      return false;
    T = A->getElementType();
  }
  if (!scalarKindOf(T) || T.isVolatileQualified())
    return false;
  if (T.isConstQualified())
    return true;
  auto Base = [&](const clang::Expr *E) {
    E = E->IgnoreParenImpCasts();
    while (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
      E = AS->getBase()->IgnoreParenImpCasts();
    const auto *DR = dyn_cast<DeclRefExpr>(E);
    return DR && DR->getDecl() == VD;
  };
  bool Written = false;
  forEachNode(FD->getBody(), [&](const clang::Stmt *S) {
    if (const auto *BO = dyn_cast<BinaryOperator>(S))
      Written |= BO->isAssignmentOp() && Base(BO->getLHS());
    else if (const auto *UO = dyn_cast<UnaryOperator>(S))
      Written |=
          (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) &&
          Base(UO->getSubExpr());
    else if (const auto *CE = dyn_cast<clang::CallExpr>(S))
      for (const clang::Expr *A : CE->arguments())
        Written |= Base(A);
    else if (const auto *D = dyn_cast<clang::DeclStmt>(S))
      for (const Decl *X : D->decls())
        if (const auto *V = dyn_cast<VarDecl>(X))
          Written |= V != VD && V->getInit() && V->getType()->isPointerType() &&
                     Base(V->getInit());
  });
  return !Written;
}

StmtList NestBuilder::stmtList(const clang::Stmt *S) {
  StmtList Out;
  if (S)
    stmt(S, Out);
  return Out;
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

void NestBuilder::stmt(const clang::Stmt *S, StmtList &Out) {
  // Statements of functions inlined into this one's expressions run just
  // before it.
  llvm::SaveAndRestore<StmtList *> Hoist(Pending, &Out);
  if (!S || isa<NullStmt>(S))
    return;
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    for (const clang::Stmt *C : CS->body())
      stmt(C, Out);
    return;
  }
  if (isa<clang::ForStmt>(S) || isa<clang::IfStmt>(S) || isa<WhileStmt>(S) ||
      isa<DoStmt>(S)) {
    if (StmtDepth >= MaxStmtDepth) {
      if (!StmtDepthReported)
        error(S->getBeginLoc(),
              "loops and 'if' statements nest deeper than " +
                  std::to_string(MaxStmtDepth) + " levels",
              "combine nested conditions with '&&', or split the nest into "
              "several nests");
      StmtDepthReported = true;
      return;
    }
    llvm::SaveAndRestore<unsigned> Nested(StmtDepth, StmtDepth + 1);
    if (!isa<clang::IfStmt>(S)) {
      if (LoopDepth >= MaxLoopDepth) {
        if (!LoopDepthReported)
          error(S->getBeginLoc(),
                "loops nest deeper than " + std::to_string(MaxLoopDepth) +
                    " levels",
                "split the nest into several nests, or collapse loops into "
                "one over their product");
        LoopDepthReported = true;
        return;
      }
      llvm::SaveAndRestore<unsigned> NestedLoop(LoopDepth, LoopDepth + 1);
      if (const auto *FS = dyn_cast<clang::ForStmt>(S))
        return forStmt(FS, Out);
      return whileLoop(S, Out);
    }
    const auto *IS = cast<clang::IfStmt>(S);
    ExprPtr Cond = expr(IS->getCond());
    StmtList Then = stmtList(IS->getThen());
    StmtList Else = stmtList(IS->getElse());
    if (Cond)
      Out.push_back(std::make_shared<c2cuda::IfStmt>(
          Cond, std::move(Then), std::move(Else), loc(IS->getBeginLoc())));
    return;
  }
  if (const auto *DS = dyn_cast<clang::DeclStmt>(S))
    return declStmt(DS, Out);
  if (const auto *E = dyn_cast<clang::Expr>(S))
    return exprStmt(E, Out);
  if (const auto *AS = dyn_cast<AttributedStmt>(S))
    return stmt(AS->getSubStmt(), Out);

  const char *StructuredHint =
      "use structured control flow: 'if' statements and canonical 'for' loops";
  if (isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S)) {
    error(S->getBeginLoc(), "'goto' is not supported in an offloaded nest",
          StructuredHint);
    return;
  }
  if (const auto *LS = dyn_cast<LabelStmt>(S)) {
    error(LS->getBeginLoc(), "labels are not supported in an offloaded nest",
          StructuredHint);
    stmt(LS->getSubStmt(), Out);
    return;
  }
  if (isa<BreakStmt>(S)) {
    if (!Loops.empty() && !Loops.back().Allowed)
      error(S->getBeginLoc(),
            "'break' leaves a loop whose iterator is declared outside it",
            "declare the iterator in the loop ('for (int i = ...') and keep "
            "where it stopped in a variable of its own");
    else
      error(S->getBeginLoc(),
            "'break' inside an 'if' whose branches both go on to the rest of "
            "the loop body is not supported",
            "put the exit condition into the loop bounds or guard the rest "
            "of the body with 'if'");
    return;
  }
  if (isa<ContinueStmt>(S)) {
    error(S->getBeginLoc(),
          "'continue' inside an 'if' whose branches both go on to the rest of "
          "the loop body is not supported",
          "guard the rest of the loop body with 'if' instead");
    return;
  }
  if (isa<ReturnStmt>(S)) {
    error(S->getBeginLoc(), "'return' is not supported in an offloaded nest",
          "move the return out of the nest; a nest runs to completion");
    return;
  }
  if (const auto *SS = dyn_cast<SwitchStmt>(S))
    return switchStmt(SS, Out);
  if (isa<AsmStmt>(S)) {
    error(S->getBeginLoc(),
          "inline assembly is not supported in an offloaded nest",
          "write the computation in C");
    return;
  }
  error(S->getBeginLoc(),
        std::string("'") + S->getStmtClassName() +
            "' statements are not supported in an offloaded nest",
        "use canonical 'for' loops, 'if', assignments and scalar locals");
}

namespace {

/// The statements of S in order: a compound statement's items, else S.
std::vector<const clang::Stmt *> items(const clang::Stmt *S) {
  if (!S)
    return {};
  if (const auto *CS = dyn_cast<CompoundStmt>(S))
    return {CS->body_begin(), CS->body_end()};
  return {S};
}

/// A `continue` or `break`: the rest of the loop's body does not run.
bool leavesBody(const clang::Stmt *S) {
  return isa<ContinueStmt>(S) || isa<BreakStmt>(S);
}

/// Whether one of the statements is a `continue` or `break` of the loop
/// they are in, directly or in a branch of an `if` among them.
bool mayContinue(const std::vector<const clang::Stmt *> &L) {
  for (const clang::Stmt *S : L) {
    if (leavesBody(S))
      return true;
    if (const auto *IS = dyn_cast<clang::IfStmt>(S))
      if (mayContinue(items(IS->getThen())) ||
          mayContinue(items(IS->getElse())))
        return true;
  }
  return false;
}

/// Whether the statements never finish without a `continue` or `break`:
/// the last is one, or an `if` both of whose branches are so.
bool alwaysContinues(const std::vector<const clang::Stmt *> &L) {
  if (L.empty())
    return false;
  if (leavesBody(L.back()))
    return true;
  const auto *IS = dyn_cast<clang::IfStmt>(L.back());
  return IS && alwaysContinues(items(IS->getThen())) &&
         alwaysContinues(items(IS->getElse()));
}

} // namespace

StmtList NestBuilder::loopBody(const clang::Stmt *S) {
  return withContinues(items(S), {});
}

StmtList NestBuilder::breakOut(SourceLoc At) {
  // The loop's remaining iterations find the flag set and do nothing.
  StmtList Out;
  BreakTarget &T = Loops.back();
  if (T.Flag.empty())
    T.Flag = "c2c_break" + std::to_string(BreakFlags++);
  if (!T.LocalIter.empty()) {
    if (T.Stop.empty())
      T.Stop = "c2c_stop" + std::to_string(BreakFlags - 1);
    Out.push_back(std::make_shared<AssignStmt>(
        std::make_shared<VarRef>(T.Stop, T.IterType, At), AssignOpKind::Set,
        std::make_shared<VarRef>(T.LocalIter, T.IterType, At), At));
  }
  Out.push_back(std::make_shared<AssignStmt>(
      std::make_shared<VarRef>(T.Flag, ScalarKind::Int, At), AssignOpKind::Set,
      std::make_shared<IntLit>(1, ScalarKind::Int, At), At));
  return Out;
}

StmtList NestBuilder::withContinues(const std::vector<const clang::Stmt *> &L,
                                    const StmtList &Tail) {
  StmtList Out;
  for (size_t I = 0; I < L.size(); ++I) {
    if (isa<ContinueStmt>(L[I]))
      return Out; // Neither the rest nor the tail runs.
    if (isa<BreakStmt>(L[I]) && !Loops.empty() && Loops.back().Allowed) {
      StmtList B = breakOut(loc(L[I]->getBeginLoc()));
      Out.insert(Out.end(), B.begin(), B.end());
      return Out;
    }
    const auto *IS = dyn_cast<clang::IfStmt>(L[I]);
    std::vector<const clang::Stmt *> Then, Else;
    if (IS) {
      Then = items(IS->getThen());
      Else = items(IS->getElse());
    }
    // An `if` one of whose branches always continues (so the statements
    // after it need to run in one branch only, never copied).
    if (!IS || IS->getInit() || IS->getConditionVariable() ||
        !(mayContinue(Then) || mayContinue(Else)) ||
        !(alwaysContinues(Then) || alwaysContinues(Else))) {
      stmt(L[I], Out);
      continue;
    }
    ExprPtr Cond;
    {
      llvm::SaveAndRestore<StmtList *> Hoist(Pending, &Out);
      Cond = expr(IS->getCond());
    }
    std::vector<const clang::Stmt *> After(L.begin() + I + 1, L.end());
    StmtList Rest = withContinues(After, Tail);
    StmtList T = withContinues(Then, Rest), E = withContinues(Else, Rest);
    if (Cond && T.empty() && !E.empty()) { // `if (c) continue;`
      Cond = std::make_shared<UnaryExpr>(UnaryOpKind::LNot, Cond,
                                         ScalarKind::Int, Cond->Loc);
      std::swap(T, E);
    }
    if (Cond)
      Out.push_back(std::make_shared<c2cuda::IfStmt>(
          Cond, std::move(T), std::move(E), loc(IS->getBeginLoc())));
    return Out;
  }
  Out.insert(Out.end(), Tail.begin(), Tail.end());
  return Out;
}

void NestBuilder::declStmt(const clang::DeclStmt *DS, StmtList &Out) {
  for (const Decl *D : DS->decls()) {
    if (isa<TypedefNameDecl>(D))
      continue;
    const auto *VD = dyn_cast<VarDecl>(D);
    if (!VD) {
      error(D->getLocation(),
            "only scalar variables can be declared in an offloaded nest",
            "move the declaration out of the nest");
      continue;
    }
    std::string Name = nameOf(VD);
    QualType T = VD->getType();
    if (T.isVolatileQualified()) {
      error(VD->getLocation(),
            "'volatile' variable '" + Name +
                "' is not supported in an offloaded nest",
            "remove 'volatile'; each iteration has its own copy of a local");
      continue;
    }
    if (VD->getStorageClass() == SC_Static ||
        VD->getStorageClass() == SC_Extern ||
        VD->getTSCSpec() != TSCS_unspecified) {
      const char *SC = VD->getStorageClass() == SC_Extern ? "extern" : "static";
      if (VD->getTSCSpec() != TSCS_unspecified)
        SC = "thread_local";
      error(VD->getLocation(),
            std::string("'") + SC + "' variable '" + Name +
                "' cannot be declared in an offloaded nest",
            "declare a plain local, or pass the value as a parameter");
      continue;
    }
    if (T->isPointerType()) {
      if (!pointerAlias(VD))
        error(VD->getLocation(),
              "pointer variable '" + Name +
                  "' cannot be declared in an offloaded nest",
              "index the array parameter directly instead of through a "
              "pointer, or declare it once as a pointer into it ('" +
                  T.getAsString(Ctx.getPrintingPolicy()) + Name +
                  " = A + offset;', or into a row of a 2-D array: '" +
                  T.getAsString(Ctx.getPrintingPolicy()) + Name +
                  " = A[i];') and assign neither it nor the variables of "
                  "its offset while it is used");
      continue;
    }
    if (T->isArrayType()) {
      localArray(VD, Out);
      continue;
    }
    std::optional<ScalarKind> K = scalarKindOf(T);
    if (!K) {
      error(VD->getLocation(),
            "variable '" + Name + "' of type '" + typeSpelling(T, Ctx) +
                "' is not supported in an offloaded nest",
            std::string("use ") + supportedScalarsText() + " scalars");
      continue;
    }
    ExprPtr Init;
    if (const clang::Expr *I = VD->getInit()) {
      if (isa<InitListExpr>(I->IgnoreParenImpCasts())) {
        error(I->getBeginLoc(),
              "brace initializers are not supported in an offloaded nest",
              "initialize '" + Name + "' with an expression");
        continue;
      }
      Init = expr(I);
      if (!Init)
        continue;
    }
    NestScalars.insert(VD);
    Out.push_back(std::make_shared<c2cuda::DeclStmt>(Name, *K, Init,
                                                     loc(VD->getBeginLoc())));
  }
}

void NestBuilder::exprStmt(const clang::Expr *E, StmtList &Out) {
  E = E->IgnoreParens();
  SourceLoc L = loc(E->getBeginLoc());
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAssignmentOp()) {
      AssignOpKind Op;
      switch (BO->getOpcode()) {
      case BO_Assign:
        Op = AssignOpKind::Set;
        break;
      case BO_AddAssign:
        Op = AssignOpKind::Add;
        break;
      case BO_SubAssign:
        Op = AssignOpKind::Sub;
        break;
      case BO_MulAssign:
        Op = AssignOpKind::Mul;
        break;
      case BO_DivAssign:
        Op = AssignOpKind::Div;
        break;
      case BO_RemAssign:
        Op = AssignOpKind::Rem;
        break;
      case BO_ShlAssign:
        Op = AssignOpKind::Shl;
        break;
      case BO_ShrAssign:
        Op = AssignOpKind::Shr;
        break;
      case BO_AndAssign:
        Op = AssignOpKind::And;
        break;
      case BO_OrAssign:
        Op = AssignOpKind::Or;
        break;
      default:
        Op = AssignOpKind::Xor;
        break;
      }
      // An assignment chain, `x = y = e`: the inner assignment first, then
      // the outer one with the value C gives the inner assignment, its left
      // operand after the store, converted to the outer target's type.
      const auto *Inner =
          dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
      if (Inner && Inner->isAssignmentOp()) {
        exprStmt(Inner, Out);
        ExprPtr LHS = lvalue(BO->getLHS());
        ExprPtr Value = lvalue(Inner->getLHS());
        if (!LHS || !Value)
          return;
        if (Value->Type != LHS->Type)
          Value = std::make_shared<CastExpr>(Value, LHS->Type, Value->Loc);
        Out.push_back(std::make_shared<AssignStmt>(LHS, Op, Value, L));
        return;
      }
      ExprPtr LHS = lvalue(BO->getLHS());
      ExprPtr RHS = expr(BO->getRHS());
      if (LHS && RHS)
        Out.push_back(std::make_shared<AssignStmt>(LHS, Op, RHS, L));
      return;
    }
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->isIncrementDecrementOp()) {
      ExprPtr LHS = lvalue(UO->getSubExpr());
      if (LHS)
        Out.push_back(std::make_shared<AssignStmt>(
            LHS, UO->isIncrementOp() ? AssignOpKind::Add : AssignOpKind::Sub,
            std::make_shared<IntLit>(1, ScalarKind::Int, L), L));
      return;
    }
  }
  // A call of a function of the file, its value unused: its statements.
  if (const auto *CE = dyn_cast<clang::CallExpr>(E)) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    const FunctionDecl *Def = nullptr;
    if (Callee && !isMathFunction(Callee->getName()) && Callee->hasBody(Def) &&
        Def && !(FD && Callee->getCanonicalDecl() == FD->getCanonicalDecl()))
      if (inlineBody(CE, Def, /*ValueUsed=*/false))
        return;
  }
  // Anything else computes a value nobody uses; translating it first reports
  // the more specific problem (unknown call, comma, ...) when there is one.
  if (expr(E))
    error(E->getBeginLoc(), "expression result unused in an offloaded nest",
          "assign the value to a variable or an array element, or remove the "
          "statement");
}

void NestBuilder::forStmt(const clang::ForStmt *FS, StmtList &Out) {
  LoopSource L;
  L.Init = FS->getInit();
  L.Cond = FS->getCond();
  L.Inc = FS->getInc();
  L.Body = items(FS->getBody());
  L.Begin = FS->getBeginLoc();
  countingLoop(L, Out);
}

namespace {

/// Whether S holds a `return`.
bool returns(const clang::Stmt *S) {
  bool Found = false;
  forEachNode(S, [&](const clang::Stmt *N) { Found |= isa<ReturnStmt>(N); });
  return Found;
}

/// Whether the statements always end with a `return`: the last is one, or
/// an `if` both of whose branches always do.
bool alwaysReturns(const std::vector<const clang::Stmt *> &L) {
  if (L.empty())
    return false;
  if (isa<ReturnStmt>(L.back()))
    return true;
  const auto *IS = dyn_cast<clang::IfStmt>(L.back());
  return IS && alwaysReturns(items(IS->getThen())) &&
         alwaysReturns(items(IS->getElse()));
}

/// A `break` among S's statements that leaves the switch S is in (not a
/// loop or switch inside it).
const clang::Stmt *switchBreak(const clang::Stmt *S) {
  if (!S)
    return nullptr;
  if (isa<BreakStmt>(S))
    return S;
  if (isa<clang::ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
      isa<SwitchStmt>(S))
    return nullptr;
  for (const clang::Stmt *C : S->children())
    if (const clang::Stmt *F = switchBreak(C))
      return F;
  return nullptr;
}

} // namespace

void NestBuilder::switchStmt(const SwitchStmt *SS, StmtList &Out) {
  // The value is compared once per label: no inlined statements in it.
  llvm::SaveAndRestore<StmtList *> NoHoist(Pending, nullptr);
  const char *Hint = "end each case with 'break', or use an 'if' / 'else if' "
                     "chain";
  // The cases in order: their labels (empty: default) and statements.
  struct Group {
    std::vector<llvm::APSInt> Values;
    bool Default = false;
    std::vector<const clang::Stmt *> Body;
    bool Ends = false; ///< Ends with `break` (dropped from Body).
    SourceLocation At;
  };
  std::vector<Group> Groups;
  bool OK = true;
  auto Bad = [&](SourceLocation L, const std::string &Msg) {
    if (OK)
      error(L, Msg, Hint);
    OK = false;
  };
  if (SS->getInit() || SS->getConditionVariable())
    Bad(SS->getBeginLoc(),
        "a 'switch' with a declaration in its condition is not supported in "
        "an offloaded nest");
  if (SS->getCond()->HasSideEffects(Ctx))
    Bad(SS->getCond()->getBeginLoc(),
        "the value of a 'switch' in an offloaded nest must have no side "
        "effects");
  for (const clang::Stmt *C : items(SS->getBody())) {
    const clang::Stmt *Sub = C;
    if (isa<SwitchCase>(C)) {
      if (!Groups.empty() && !Groups.back().Ends && !Groups.back().Body.empty())
        Bad(C->getBeginLoc(),
            "a case of a 'switch' in an offloaded nest falls through into "
            "this one");
      Groups.push_back({});
      Groups.back().At = C->getBeginLoc();
      while (const auto *SC = dyn_cast<SwitchCase>(Sub)) {
        if (const auto *CS = dyn_cast<CaseStmt>(SC)) {
          if (CS->caseStmtIsGNURange())
            Bad(CS->getBeginLoc(), "case ranges are not supported in an "
                                   "offloaded nest");
          else
            Groups.back().Values.push_back(
                CS->getLHS()->EvaluateKnownConstInt(Ctx));
        } else {
          Groups.back().Default = true;
        }
        Sub = SC->getSubStmt();
      }
    }
    if (Groups.empty()) {
      Bad(C->getBeginLoc(), "statements before the first case of a 'switch' "
                            "never run");
      break;
    }
    Group &G = Groups.back();
    if (G.Ends) {
      Bad(Sub->getBeginLoc(), "statements after a 'break' never run");
      break;
    }
    if (isa<BreakStmt>(Sub)) {
      G.Ends = true;
      continue;
    }
    if (const clang::Stmt *B = switchBreak(Sub)) {
      Bad(B->getBeginLoc(), "a 'break' inside a case of a 'switch' in an "
                            "offloaded nest must end the case");
      break;
    }
    G.Body.push_back(Sub);
  }
  if (!Groups.empty() && !Groups.back().Ends) // The last case ends anyway.
    Groups.back().Ends = true;
  for (size_t I = 0; I + 1 < Groups.size(); ++I)
    if (!Groups[I].Ends) // An empty case before the next: its labels join.
      Bad(Groups[I].At, "a case of a 'switch' in an offloaded nest falls "
                        "through into the next");
  std::optional<ScalarKind> K = kindOf(SS->getCond());
  if (!OK || !K)
    return;
  // An `if` / `else if` chain, the default last.
  StmtList Else;
  for (const Group &G : Groups)
    if (G.Default)
      for (const clang::Stmt *B : G.Body)
        stmt(B, Else);
  for (auto G = Groups.rbegin(); G != Groups.rend(); ++G) {
    if (G->Default)
      continue;
    SourceLoc At = loc(G->At);
    ExprPtr Cond;
    for (const llvm::APSInt &V : G->Values) {
      ExprPtr Value = expr(SS->getCond());
      if (!Value)
        return;
      ExprPtr Eq = build::bin(BinaryOpKind::EQ, Value,
                              std::make_shared<IntLit>(V.getExtValue(), *K, At),
                              ScalarKind::Int);
      Cond =
          Cond ? build::bin(BinaryOpKind::LOr, Cond, Eq, ScalarKind::Int) : Eq;
    }
    StmtList Then;
    for (const clang::Stmt *B : G->Body)
      stmt(B, Then);
    Else = {std::make_shared<c2cuda::IfStmt>(Cond, std::move(Then),
                                             std::move(Else), At)};
  }
  Out.insert(Out.end(), Else.begin(), Else.end());
}

namespace {

/// The operands of E's `&&` chain, in order (E itself when it is none).
std::vector<const clang::Expr *> conjuncts(const clang::Expr *E) {
  E = E->IgnoreParens();
  const auto *A = dyn_cast<BinaryOperator>(E);
  if (!A || A->getOpcode() != BO_LAnd)
    return {E};
  std::vector<const clang::Expr *> L = conjuncts(A->getLHS());
  std::vector<const clang::Expr *> R = conjuncts(A->getRHS());
  L.insert(L.end(), R.begin(), R.end());
  return L;
}

/// The variable S steps (`i++`, `--i`, `i += c`, `i -= c`, `i = i + c`,
/// `i = i - c`), or null.
const VarDecl *steppedVar(const clang::Stmt *S) {
  const auto *E = dyn_cast_or_null<clang::Expr>(S);
  if (!E)
    return nullptr;
  E = E->IgnoreParens();
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return UO->isIncrementDecrementOp() ? refVar(UO->getSubExpr()) : nullptr;
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO)
    return nullptr;
  if (BO->getOpcode() == BO_AddAssign || BO->getOpcode() == BO_SubAssign)
    return refVar(BO->getLHS());
  const VarDecl *V = refVar(BO->getLHS());
  const auto *R = dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
  if (BO->getOpcode() != BO_Assign || !V || !R)
    return nullptr;
  if ((R->getOpcode() == BO_Add || R->getOpcode() == BO_Sub) &&
      refVar(R->getLHS()) == V)
    return V;
  return R->getOpcode() == BO_Add && refVar(R->getRHS()) == V ? V : nullptr;
}

/// Whether E compares V, or V plus or minus a term, with '<', '<=', '>',
/// '>=' or '!='.
bool boundsVar(const clang::Expr *E, const VarDecl *V) {
  const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParens());
  if (!BO || !(BO->isRelationalOp() || BO->getOpcode() == BO_NE))
    return false;
  auto Side = [&](const clang::Expr *X) {
    if (refVar(X) == V)
      return true;
    const auto *S = dyn_cast<BinaryOperator>(X->IgnoreParenImpCasts());
    return S && (S->getOpcode() == BO_Add || S->getOpcode() == BO_Sub) &&
           (refVar(S->getLHS()) == V ||
            (S->getOpcode() == BO_Add && refVar(S->getRHS()) == V));
  };
  return Side(BO->getLHS()) || Side(BO->getRHS());
}

/// A `continue` of the loop whose body holds S (not of a loop inside it).
const clang::Stmt *ownContinue(const clang::Stmt *S) {
  if (!S)
    return nullptr;
  if (isa<ContinueStmt>(S))
    return S;
  if (isa<clang::ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S))
    return nullptr;
  for (const clang::Stmt *C : S->children())
    if (const clang::Stmt *F = ownContinue(C))
      return F;
  return nullptr;
}

} // namespace

void NestBuilder::whileLoop(const clang::Stmt *S, StmtList &Out) {
  const auto *WS = dyn_cast<WhileStmt>(S);
  const auto *DS = dyn_cast<DoStmt>(S);
  LoopSource L;
  L.Kind = WS ? "while" : "do-while";
  L.Cond = WS ? WS->getCond() : DS->getCond();
  L.Begin = S->getBeginLoc();
  L.SetBefore = true;
  L.BodyFirst = DS;
  L.Body = items(WS ? WS->getBody() : DS->getBody());
  if (L.Cond->HasSideEffects(Ctx)) {
    const clang::Expr *Part = L.Cond;
    std::function<void(const clang::Expr *)> Find = [&](const clang::Expr *E) {
      E = E->IgnoreParens();
      const auto *A = dyn_cast<BinaryOperator>(E);
      if (A && (A->getOpcode() == BO_LAnd || A->getOpcode() == BO_LOr)) {
        Find(A->getLHS()->HasSideEffects(Ctx) ? A->getLHS() : A->getRHS());
        return;
      }
      Part = E;
    };
    Find(L.Cond);
    error(Part->getBeginLoc(),
          std::string("the condition of a '") + L.Kind +
              "' loop in an offloaded nest has side effects: '" +
              sourceText(Part, Ctx) + "'",
          "compute the value in the body and leave the loop with 'break'");
    for (const clang::Stmt *B : L.Body)
      stmtList(B);
    return;
  }
  // The counting form, which the analyses see as a loop with bounds: V set
  // by the statement just before the loop, compared in the condition, and
  // stepped by a constant at the end of the body, which nothing else
  // changes (nor the bounds' variables), with no `continue` skipping the
  // step. Any other loop runs as written (unboundedLoop).
  const VarDecl *V = L.Body.empty() ? nullptr : steppedVar(L.Body.back());
  std::optional<ScalarKind> K = V ? scalarKindOf(V->getType()) : std::nullopt;
  if (!K || isFloating(*K) || isNarrowInteger(*K))
    return unboundedLoop(S, Out);
  L.Inc = cast<clang::Expr>(L.Body.back());
  L.Body.pop_back();
  const auto *StepOp = dyn_cast<BinaryOperator>(L.Inc->IgnoreParens());
  if (StepOp) {
    const clang::Expr *C = StepOp->getRHS();
    if (StepOp->getOpcode() == BO_Assign) {
      const auto *R =
          cast<BinaryOperator>(StepOp->getRHS()->IgnoreParenImpCasts());
      C = refVar(R->getLHS()) == V ? R->getRHS() : R->getLHS();
    }
    clang::Expr::EvalResult E;
    if (!C->getType()->isIntegerType() || !C->EvaluateAsInt(E, Ctx) ||
        E.Val.getInt() == 0)
      return unboundedLoop(S, Out);
  }
  for (const clang::Expr *P : conjuncts(L.Cond))
    (boundsVar(P, V) ? L.BoundParts : L.Exits).push_back(P);
  if (L.BoundParts.empty() || (DS && !L.Exits.empty()) ||
      findAssignmentIn(L.Body, V))
    return unboundedLoop(S, Out);
  for (const clang::Expr *P : L.BoundParts) {
    bool Changed = false;
    forEachNode(P, [&](const clang::Stmt *N) {
      if (const VarDecl *B = refVar(dyn_cast<clang::Expr>(N)); B && B != V)
        Changed |= findAssignmentIn(L.Body, B) != nullptr;
    });
    if (Changed)
      return unboundedLoop(S, Out);
  }
  for (const clang::Stmt *B : L.Body)
    if (ownContinue(B))
      return unboundedLoop(S, Out);
  // The statement just before the loop sets V: the loop's start.
  const clang::Stmt *Prev = nullptr;
  DynTypedNodeList Parents = Ctx.getParents(*S);
  if (const auto *CS =
          Parents.empty() ? nullptr : Parents[0].get<CompoundStmt>()) {
    const clang::Stmt *Last = nullptr;
    for (const clang::Stmt *C : CS->body()) {
      if (C == S) {
        Prev = Last;
        break;
      }
      Last = C;
    }
  }
  const auto *PrevDecl = dyn_cast_or_null<clang::DeclStmt>(Prev);
  const auto *PrevSet = dyn_cast_or_null<BinaryOperator>(Prev);
  if ((PrevDecl && PrevDecl->isSingleDecl() && PrevDecl->getSingleDecl() == V &&
       V->getInit()) ||
      (PrevSet && PrevSet->getOpcode() == BO_Assign &&
       refVar(PrevSet->getLHS()) == V))
    L.Init = Prev;
  else
    return unboundedLoop(S, Out);
  // `int j = 0; while (j < m) ...` with j read nowhere else: the loop's
  // own iterator, as `for (int j = 0; ...)`, with no local left behind.
  if (PrevDecl && !Out.empty() &&
      !usedOutside(V, {Prev->getBeginLoc(), S->getEndLoc()})) {
    const auto *D = dyn_cast<c2cuda::DeclStmt>(Out.back().get());
    if (D && D->Name == nameOf(V)) {
      Out.pop_back();
      L.SetBefore = false;
    }
  }
  countingLoop(L, Out);
}

void NestBuilder::unboundedLoop(const clang::Stmt *S, StmtList &Out) {
  const auto *WS = dyn_cast<WhileStmt>(S);
  const auto *DS = dyn_cast<DoStmt>(S);
  const clang::Expr *Cond = WS ? WS->getCond() : DS->getCond();
  // The condition runs in every iteration: no inlined statements in it.
  llvm::SaveAndRestore<StmtList *> NoHoist(Pending, nullptr);
  SourceLoc At = loc(S->getBeginLoc());
  std::string Iter = "c2c_w" + std::to_string(LocalIterLoops++);
  ExprPtr Count = std::make_shared<VarRef>(Iter, ScalarKind::Long, At);
  BreakTarget Target;
  Target.Allowed = true; // Nothing outside reads its iterator.
  Loops.push_back(Target);
  // `continue` ends the iteration, and the next tests the condition, as in
  // C: the test is the first statement of the body.
  StmtList Body = withContinues(items(WS ? WS->getBody() : DS->getBody()), {});
  ExprPtr Stay = expr(Cond);
  if (Stay) {
    ExprPtr Leave = std::make_shared<UnaryExpr>(UnaryOpKind::LNot, Stay,
                                                ScalarKind::Int, At);
    if (DS) // The body runs once before the first test.
      Leave = build::bin(
          BinaryOpKind::LAnd,
          build::bin(BinaryOpKind::GT, Count,
                     std::make_shared<IntLit>(0, ScalarKind::Long, At),
                     ScalarKind::Int),
          Leave, ScalarKind::Int);
    Body = {std::make_shared<c2cuda::IfStmt>(Leave, breakOut(At),
                                             std::move(Body), At)};
  }
  std::string Flag = Loops.back().Flag;
  Loops.pop_back();
  if (!Stay)
    return;
  // The loop ends at its `break`: the arrays its body walks with what it
  // changes have no extent its bounds could give.
  std::set<std::string> Changing = namesWritten(Body).Scalars;
  forEachExprIn(Body, [&](const Expr &E) {
    const auto *R = dyn_cast<ArrayRef>(&E);
    if (!R || R->Local)
      return;
    for (const ExprPtr &I : R->Indices)
      forEachExpr(*I, [&](const Expr &X) {
        if (const auto *V = dyn_cast<VarRef>(&X); V && Changing.count(V->Name))
          PastBreak.insert(R->Array);
      });
  });
  Out.push_back(std::make_shared<c2cuda::DeclStmt>(
      Flag, ScalarKind::Int, std::make_shared<IntLit>(0, ScalarKind::Int), At));
  Body = {std::make_shared<c2cuda::IfStmt>(
      std::make_shared<UnaryExpr>(
          UnaryOpKind::LNot,
          std::make_shared<VarRef>(Flag, ScalarKind::Int, At), ScalarKind::Int,
          At),
      std::move(Body), StmtList{}, At)};
  Out.push_back(std::make_shared<c2cuda::ForStmt>(
      Iter, ScalarKind::Long, std::make_shared<IntLit>(0, ScalarKind::Long, At),
      LoopCmp::LT,
      std::make_shared<IntLit>(std::numeric_limits<int64_t>::max(),
                               ScalarKind::Long, At),
      1, std::move(Body), At));
}

void NestBuilder::countingLoop(const LoopSource &LS, StmtList &Out) {
  // Bounds and exit tests hold no inlined statements: the tests run in
  // every iteration.
  llvm::SaveAndRestore<StmtList *> NoHoist(Pending, nullptr);
  const std::string Kind =
      std::string("non-canonical '") + LS.Kind + "' loop: ";
  bool OK = true;
  auto Bad = [&](SourceLocation L, std::string Msg) {
    error(L, Kind + Msg, CanonicalForHint);
    OK = false;
  };

  // Initialisation: `int i = lb` or `i = lb`.
  const VarDecl *IV = nullptr;
  const clang::Expr *LB = nullptr;
  if (!LS.Init) {
    Bad(LS.Begin, "missing initialization of the iterator");
  } else if (const auto *DS = dyn_cast<clang::DeclStmt>(LS.Init)) {
    if (DS->isSingleDecl())
      if (const auto *VD = dyn_cast<VarDecl>(DS->getSingleDecl()))
        if (VD->getInit()) {
          IV = VD;
          LB = VD->getInit();
        }
    if (!IV)
      Bad(DS->getBeginLoc(),
          "the initialization must declare one iterator with an initial value");
  } else if (const auto *BO = dyn_cast<BinaryOperator>(LS.Init);
             BO && BO->getOpcode() == BO_Assign && refVar(BO->getLHS())) {
    IV = refVar(BO->getLHS());
    LB = BO->getRHS();
  } else if (const auto *BO = dyn_cast<BinaryOperator>(LS.Init);
             BO && BO->getOpcode() == BO_Comma) {
    error(BO->getOperatorLoc(),
          Kind + "the initialization assigns several "
                 "variables, and a loop has one iterator",
          "keep one iterator and compute the others from it in the body "
          "(e.g. 'j = n - 1 - i' for a second one counting down)");
    OK = false;
  } else {
    Bad(LS.Init->getBeginLoc(),
        "the initialization must assign the iterator, e.g. 'i = lb'");
  }
  std::optional<ScalarKind> IterKind;
  if (IV) {
    IterKind = scalarKindOf(IV->getType());
    if (!IterKind || isFloating(*IterKind)) {
      Bad(LB ? LB->getBeginLoc() : LS.Begin,
          "iterator '" + IV->getName().str() + "' has type '" +
              typeSpelling(IV->getType(), Ctx) + "'; it must be an integer");
      IV = nullptr;
    } else if (isNarrowInteger(*IterKind)) {
      // `i++` stores back into the char or short, wrapping where the bound
      // is out of its range; the analysis counts iterations exactly.
      Bad(LB ? LB->getBeginLoc() : LS.Begin,
          "iterator '" + IV->getName().str() + "' has type '" +
              typeSpelling(IV->getType(), Ctx) +
              "', which can wrap before the bound is reached; it must be "
              "an int, unsigned, long or unsigned long");
      IV = nullptr;
    }
  }

  // Condition: `i < ub` (or <=, >, >=, !=), or `ub > i`; `i + c < ub` is
  // `i < ub - c` (and `i - c`, `c + i` alike) where the comparison is of
  // signed integers, which C does not let wrap. Comparisons of the same
  // kind joined by `&&` (`i < ii + 32 && i < n`) bound the iterator by
  // the least (or, counting down, the greatest) of their bounds.
  struct Bound {
    LoopCmp Cmp = LoopCmp::LT; ///< Unless NE.
    bool NE = false;
    const clang::Expr *UB = nullptr, *Shift = nullptr;
    bool ShiftSub = false;
    std::optional<ScalarKind> CmpKind;
  };
  std::vector<Bound> Bounds;
  std::vector<const clang::Expr *> Exits = LS.Exits;
  std::optional<LoopCmp> Cmp;
  bool IsNE = false;
  auto Mentions = [&](const clang::Expr *E) {
    bool Found = false;
    forEachNode(E, [&](const clang::Stmt *S) {
      if (const auto *DR = dyn_cast<DeclRefExpr>(S))
        Found |= DR->getDecl() == IV;
    });
    return Found;
  };
  // One comparison of the iterator: its kind and bound, or none (reported).
  auto ParseBound = [&](const clang::Expr *Cond, bool InConjunction,
                        Bound &B) -> bool {
    std::optional<LoopCmp> C;
    bool NE = false;
    const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParens());
    bool Left = BO && refVar(BO->getLHS()) == IV;
    bool Right = BO && !Left && refVar(BO->getRHS()) == IV;
    // Side is `IV + Off`, `Off + IV` or `IV - Off`.
    auto Shifted = [&](const clang::Expr *Side) {
      const auto *S = dyn_cast<BinaryOperator>(Side->IgnoreParenImpCasts());
      if (!S || (S->getOpcode() != BO_Add && S->getOpcode() != BO_Sub))
        return false;
      if (refVar(S->getLHS()) == IV && !Mentions(S->getRHS())) {
        B.Shift = S->getRHS();
        B.ShiftSub = S->getOpcode() == BO_Sub;
        return true;
      }
      if (S->getOpcode() == BO_Add && refVar(S->getRHS()) == IV &&
          !Mentions(S->getLHS())) {
        B.Shift = S->getLHS();
        return true;
      }
      return false;
    };
    bool Unsigned = false;
    if (BO && BO->isComparisonOp())
      B.CmpKind = scalarKindOf(BO->getLHS()->getType());
    if (BO && !Left && !Right && BO->isRelationalOp() && B.CmpKind) {
      Left = Shifted(BO->getLHS()) && !Mentions(BO->getRHS());
      Right = !Left && Shifted(BO->getRHS()) && !Mentions(BO->getLHS());
      Unsigned =
          (Left || Right) && !BO->getLHS()->getType()->isSignedIntegerType();
      if (Unsigned)
        Left = Right = false;
      if (!Left && !Right)
        B.Shift = nullptr;
    }
    if (Unsigned) {
      error(Cond->getBeginLoc(),
            Kind +
                "the condition compares an unsigned "
                "sum with iterator '" +
                IV->getName().str() + "', which may wrap",
            "compare the iterator itself, e.g. '" + IV->getName().str() +
                " < n - 1' where n >= 1 is known");
      OK = false;
      return false;
    }
    if (BO && (Left || Right)) {
      B.UB = Left ? BO->getRHS() : BO->getLHS();
      switch (BO->getOpcode()) {
      case BO_LT:
        C = Left ? LoopCmp::LT : LoopCmp::GT;
        break;
      case BO_LE:
        C = Left ? LoopCmp::LE : LoopCmp::GE;
        break;
      case BO_GT:
        C = Left ? LoopCmp::GT : LoopCmp::LT;
        break;
      case BO_GE:
        C = Left ? LoopCmp::GE : LoopCmp::LE;
        break;
      case BO_NE:
        NE = true;
        break;
      default:
        break;
      }
    }
    if (!C && !NE && InConjunction) {
      error(Cond->getBeginLoc(),
            Kind + "'" + sourceText(Cond, Ctx) + "' does not bound iterator '" +
                IV->getName().str() + "'",
            "test it in the body instead: 'if (!(" + sourceText(Cond, Ctx) +
                ")) break;'");
      OK = false;
      B.UB = nullptr;
      return false;
    }
    if (!C && !NE) {
      Bad(Cond->getBeginLoc(), "the condition must compare iterator '" +
                                   IV->getName().str() +
                                   "' with '<', '<=', '>', '>=' or '!='");
      B.UB = nullptr;
      return false;
    }
    B.NE = NE;
    if (C)
      B.Cmp = *C;
    return true;
  };
  if (!LS.Cond) {
    Bad(LS.Begin, "missing loop condition");
  } else if (IV) {
    std::vector<const clang::Expr *> Parts =
        LS.BoundParts.empty() ? conjuncts(LS.Cond) : LS.BoundParts;
    // Other tests joined by `&&` (`i < n && a[i] > 0`) end the loop where
    // they fail, as a `break` would.
    std::vector<const clang::Expr *> Bounding;
    for (const clang::Expr *P : Parts)
      if (boundsVar(P, IV) || P->HasSideEffects(Ctx))
        Bounding.push_back(P);
    if (!Bounding.empty() && Bounding.size() < Parts.size()) {
      for (const clang::Expr *P : Parts)
        if (!llvm::is_contained(Bounding, P))
          Exits.push_back(P);
      Parts = Bounding;
    }
    for (const clang::Expr *P : Parts) {
      Bound B;
      if (!ParseBound(P, Parts.size() > 1, B)) {
        Bounds.clear();
        break;
      }
      if (Parts.size() > 1 &&
          (B.NE || (!Bounds.empty() && B.Cmp != Bounds[0].Cmp) ||
           (!Bounds.empty() &&
            (!B.CmpKind || B.CmpKind != Bounds[0].CmpKind)))) {
        error(P->getBeginLoc(),
              Kind +
                  "the comparisons joined by '&&' must "
                  "bound iterator '" +
                  IV->getName().str() +
                  "' the same way ('<' with '<', '<=' with '<=', ...), in "
                  "one type",
              "write both bounds with the same comparison, e.g. '" +
                  IV->getName().str() + " < a && " + IV->getName().str() +
                  " < b'");
        OK = false;
        Bounds.clear();
        break;
      }
      Bounds.push_back(B);
    }
    if (!Bounds.empty()) {
      IsNE = Bounds[0].NE;
      if (!IsNE)
        Cmp = Bounds[0].Cmp;
    }
  }

  // Increment: i++, ++i, i--, --i, i += c, i -= c, i = i + c, i = c + i,
  // i = i - c, with c a non-zero integer constant.
  std::optional<int64_t> Step;
  if (!LS.Inc) {
    Bad(LS.Begin, "missing loop increment");
  } else if (IV) {
    const clang::Expr *Inc = LS.Inc->IgnoreParens();
    auto Const = [&](const clang::Expr *C, int64_t Sign) -> bool {
      clang::Expr::EvalResult R;
      if (!C->getType()->isIntegerType() || !C->EvaluateAsInt(R, Ctx)) {
        Bad(C->getBeginLoc(), "the step of iterator '" + IV->getName().str() +
                                  "' must be an integer constant");
        return false;
      }
      Step = Sign * R.Val.getInt().getExtValue();
      return true;
    };
    bool Recognised = false;
    if (const auto *UO = dyn_cast<UnaryOperator>(Inc)) {
      if (UO->isIncrementDecrementOp() && refVar(UO->getSubExpr()) == IV) {
        Step = UO->isIncrementOp() ? 1 : -1;
        Recognised = true;
      }
    } else if (const auto *BO = dyn_cast<BinaryOperator>(Inc)) {
      if (refVar(BO->getLHS()) == IV) {
        if (BO->getOpcode() == BO_AddAssign ||
            BO->getOpcode() == BO_SubAssign) {
          Recognised = true;
          Const(BO->getRHS(), BO->getOpcode() == BO_AddAssign ? 1 : -1);
        } else if (BO->getOpcode() == BO_Assign) {
          const auto *R =
              dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
          if (R && R->getOpcode() == BO_Add && refVar(R->getLHS()) == IV) {
            Recognised = true;
            Const(R->getRHS(), 1);
          } else if (R && R->getOpcode() == BO_Add &&
                     refVar(R->getRHS()) == IV) {
            Recognised = true;
            Const(R->getLHS(), 1);
          } else if (R && R->getOpcode() == BO_Sub &&
                     refVar(R->getLHS()) == IV) {
            Recognised = true;
            Const(R->getRHS(), -1);
          }
        }
      }
    }
    if (!Recognised)
      Bad(Inc->getBeginLoc(), "the increment must be '" + IV->getName().str() +
                                  "++', '" + IV->getName().str() + "--', '" +
                                  IV->getName().str() + " += c' or '" +
                                  IV->getName().str() + " -= c'");
    if (Step && *Step == 0) {
      Bad(Inc->getBeginLoc(),
          "the step of iterator '" + IV->getName().str() + "' is zero");
      Step.reset();
    }
  }

  if (Step && IsNE) {
    if (*Step == 1 || *Step == -1)
      Cmp = *Step > 0 ? LoopCmp::LT : LoopCmp::GT;
    else
      Bad(LS.Cond->getBeginLoc(),
          "a '!=' condition needs a step of 1 or -1, not " +
              std::to_string(*Step));
  }
  if (Step && Cmp && !IsNE) {
    bool Up = *Cmp == LoopCmp::LT || *Cmp == LoopCmp::LE;
    if (Up != (*Step > 0))
      Bad(LS.Inc->getBeginLoc(), "the step " + std::to_string(*Step) +
                                     " of iterator '" + IV->getName().str() +
                                     "' does not match the condition '" +
                                     condText(LS.Cond, Ctx) + "'");
  }

  // The iterator and the variables of the bounds keep their values in the
  // body, so the trip count is known when the loop starts.
  if (IV)
    if (const clang::Stmt *A = findAssignmentIn(LS.Body, IV))
      Bad(exprLoc(A), "iterator '" + IV->getName().str() +
                          "' is modified in the loop body");
  llvm::SmallPtrSet<const VarDecl *, 4> BoundVars;
  std::vector<const clang::Expr *> BoundExprs = {LB};
  for (const Bound &B : Bounds)
    BoundExprs.insert(BoundExprs.end(), {B.UB, B.Shift});
  for (const clang::Expr *B : BoundExprs)
    forEachNode(B, [&](const clang::Stmt *S) {
      if (const auto *DR = dyn_cast<DeclRefExpr>(S))
        if (const auto *V = dyn_cast<VarDecl>(DR->getDecl()))
          if (V != IV)
            BoundVars.insert(V);
    });
  for (const VarDecl *V : BoundVars)
    if (const clang::Stmt *A = findAssignmentIn(LS.Body, V)) {
      error(exprLoc(A),
            "loop bound '" + V->getName().str() +
                "' is modified in the loop body",
            "copy the bound into a variable that the loop does not change");
      OK = false;
    }

  ExprPtr Lower = LB ? expr(LB) : nullptr;
  ExprPtr Upper;
  for (const Bound &B : Bounds) {
    ExprPtr U = B.UB ? expr(B.UB) : nullptr;
    if (U && B.Shift) {
      // i + c < ub: i < ub - c, in the comparison's type.
      ExprPtr Off = expr(B.Shift);
      const auto *X = Off ? dyn_cast<IntLit>(U.get()) : nullptr;
      const auto *Y = Off ? dyn_cast<IntLit>(Off.get()) : nullptr;
      if (X && Y)
        U = std::make_shared<IntLit>(B.ShiftSub ? X->Value + Y->Value
                                                : X->Value - Y->Value,
                                     *B.CmpKind, U->Loc);
      else
        U = Off ? build::bin(B.ShiftSub ? BinaryOpKind::Add : BinaryOpKind::Sub,
                             U, Off, *B.CmpKind)
                : nullptr;
    }
    if (!U) {
      Upper = nullptr;
      break;
    }
    if (Bounds.size() == 1) {
      Upper = U;
      break;
    }
    // Several bounds: the least of them (the greatest counting down), in
    // the comparisons' type.
    if (U->Type != *B.CmpKind)
      U = build::cast(U, *B.CmpKind);
    if (!Upper) {
      Upper = U;
      continue;
    }
    bool Up = Cmp && (*Cmp == LoopCmp::LT || *Cmp == LoopCmp::LE);
    Upper = std::make_shared<SelectExpr>(
        build::bin(Up ? BinaryOpKind::LT : BinaryOpKind::GT, Upper, U,
                   ScalarKind::Int),
        Upper, U, *B.CmpKind, U->Loc);
  }
  if (LS.BodyFirst && Upper && Lower && Step && Cmp) {
    // `do { ...; i++; } while (i < n);` runs once where `i < n` fails at
    // the start: as `for`, its bound is at least the first value past it.
    bool Up = *Cmp == LoopCmp::LT || *Cmp == LoopCmp::LE;
    bool Strict = *Cmp == LoopCmp::LT || *Cmp == LoopCmp::GT;
    ScalarKind T = Upper->Type;
    ExprPtr Least = build::cast(Lower, T);
    if (Strict)
      Least = build::bin(BinaryOpKind::Add, Least,
                         std::make_shared<IntLit>(*Step, T, Upper->Loc), T);
    Upper = std::make_shared<SelectExpr>(
        build::bin(Up ? BinaryOpKind::LT : BinaryOpKind::GT, Upper, Least,
                   ScalarKind::Int),
        Least, Upper, T, Upper->Loc);
  }
  // `int it; ... for (it = 0; ...)` with `it` a local of the nest, or a
  // variable the nest reads outside the loops counting with it: C leaves in
  // it where the loop stopped, which those statements may read.
  bool LocalIter =
      IV && IterKind &&
      (LS.SetBefore || (!isa_and_nonnull<clang::DeclStmt>(LS.Init) &&
                        (NestScalars.count(IV) || usedOutsideItsLoops(IV))));
  BreakTarget Target;
  Target.Allowed = isa_and_nonnull<clang::DeclStmt>(LS.Init) || LocalIter;
  if (LocalIter) {
    Target.LocalIter = nameOf(IV);
    Target.IterType = *IterKind;
  }
  Loops.push_back(Target);
  StmtList Body = withContinues(LS.Body, {});
  if (!Exits.empty() && !Target.Allowed) {
    error(Exits.front()->getBeginLoc(),
          "'" + sourceText(Exits.front(), Ctx) +
              "' ends a loop whose iterator is declared outside it",
          "declare the iterator in the loop ('for (int i = ...') and keep "
          "where it stopped in a variable of its own");
    OK = false;
  } else if (!Exits.empty()) {
    // `while (e && i < n)`: `if (!(e)) break;` first in the body.
    ExprPtr Stay;
    for (const clang::Expr *E : Exits) {
      ExprPtr X = expr(E);
      if (!X) {
        OK = false;
        break;
      }
      Stay =
          Stay ? build::bin(BinaryOpKind::LAnd, Stay, X, ScalarKind::Int) : X;
    }
    if (Stay) {
      SourceLoc At = loc(Exits.front()->getBeginLoc());
      Body = {std::make_shared<c2cuda::IfStmt>(
          std::make_shared<UnaryExpr>(UnaryOpKind::LNot, Stay, ScalarKind::Int,
                                      At),
          breakOut(At), std::move(Body), At)};
    }
  }
  std::string Flag = Loops.back().Flag, Stop = Loops.back().Stop;
  Loops.pop_back();
  if (!OK || !IV || !Lower || !Upper || !Cmp || !Step)
    return;
  if (!Flag.empty()) {
    // `break`: a flag, clear before the loop, that every iteration after
    // the one setting it finds set. The loop's bounds then say more than
    // what its arrays' references touch.
    // Arrays whose subscripts read what changes in this loop: its
    // iterator, and the scalars its body sets (inner iterators included).
    std::set<std::string> Iters = namesWritten(Body).Scalars;
    Iters.insert(nameOf(IV));
    forEachExprIn(Body, [&](const Expr &E) {
      const auto *R = dyn_cast<ArrayRef>(&E);
      if (!R || R->Local)
        return;
      for (const ExprPtr &I : R->Indices)
        forEachExpr(*I, [&](const Expr &X) {
          if (const auto *V = dyn_cast<VarRef>(&X); V && Iters.count(V->Name))
            PastBreak.insert(R->Array);
        });
    });
    SourceLoc L = loc(LS.Begin);
    ExprPtr Set = std::make_shared<VarRef>(Flag, ScalarKind::Int, L);
    Out.push_back(std::make_shared<c2cuda::DeclStmt>(
        Flag, ScalarKind::Int, std::make_shared<IntLit>(0, ScalarKind::Int),
        L));
    Body = {std::make_shared<c2cuda::IfStmt>(
        std::make_shared<UnaryExpr>(UnaryOpKind::LNot, Set, ScalarKind::Int, L),
        std::move(Body), StmtList{}, L)};
  }
  SourceLoc At = loc(LS.Begin);
  std::string Iter = nameOf(IV);
  if (LocalIter) {
    // The loop counts with a name of its own, the local keeps its own: a
    // loop iterator naming a variable of the body around it would stand
    // for two things in the lowering.
    std::string Own = "c2c_" + Iter + std::to_string(LocalIterLoops++);
    Body = rewriteStmts(Body, [&](const ExprPtr &E) -> ExprPtr {
      const auto *V = dyn_cast<VarRef>(E.get());
      if (!V || V->Name != Iter)
        return nullptr;
      return std::make_shared<VarRef>(Own, V->Type, V->Loc);
    });
    Iter = Own;
  }
  if (!Stop.empty())
    Out.push_back(std::make_shared<c2cuda::DeclStmt>(
        Stop, *IterKind, std::make_shared<IntLit>(0, *IterKind), At));
  auto Loop = std::make_shared<c2cuda::ForStmt>(
      Iter, *IterKind, Lower, *Cmp, Upper, *Step, std::move(Body), At);
  Out.push_back(Loop);
  if (!LocalIter)
    return;
  // The local gets the value C leaves in it: where a `break` stopped the
  // loop, else the first value failing the condition.
  ExprPtr Final = build::cast(finalValue(*Loop), *IterKind);
  if (!Stop.empty())
    Final = std::make_shared<SelectExpr>(
        std::make_shared<VarRef>(Flag, ScalarKind::Int, At),
        std::make_shared<VarRef>(Stop, *IterKind, At), Final, *IterKind, At);
  Out.push_back(std::make_shared<AssignStmt>(
      std::make_shared<VarRef>(nameOf(IV), *IterKind, At), AssignOpKind::Set,
      Final, At));
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

std::nullptr_t NestBuilder::pointerMisuse(const clang::Expr *E) {
  // Name the array the pointer comes from when there is one.
  std::string Array;
  forEachNode(E, [&](const clang::Stmt *S) {
    if (const auto *DR = dyn_cast<DeclRefExpr>(S))
      if (Array.empty() && isa<ParmVarDecl>(DR->getDecl()) &&
          DR->getType()->isPointerType())
        Array = DR->getDecl()->getName().str();
  });
  if (Array.empty())
    return error(E->getExprLoc(),
                 "pointer arithmetic is not supported in an offloaded nest",
                 "index the array parameter instead, e.g. 'A[i + k]'");
  return error(E->getExprLoc(),
               "pointer arithmetic on array '" + Array +
                   "' is not supported in an offloaded nest",
               "index the array instead, e.g. '" + Array + "[i + k]' for '*(" +
                   Array + " + i + k)'");
}

std::optional<ScalarKind> NestBuilder::kindOf(const clang::Expr *E) {
  if (std::optional<ScalarKind> K = scalarKindOf(E->getType()))
    return K;
  if (E->getType()->isPointerType() || E->getType()->isArrayType()) {
    pointerMisuse(E);
    return std::nullopt;
  }
  error(E->getExprLoc(),
        "values of type '" + typeSpelling(E->getType(), Ctx) +
            "' are not supported in an offloaded nest",
        std::string("use ") + supportedScalarsText() + " values");
  return std::nullopt;
}

ExprPtr NestBuilder::lvalue(const clang::Expr *E) {
  ExprPtr R = expr(E);
  if (R && !isa<VarRef>(R.get()) && !isa<ArrayRef>(R.get()))
    return error(E->getExprLoc(),
                 "this assignment target is not supported in an offloaded nest",
                 "assign to a scalar variable or to an array element");
  return R;
}

ExprPtr NestBuilder::expr(const clang::Expr *E) {
  if (!E)
    return nullptr;
  E = E->IgnoreParens();
  // Implicit conversions do not count: they come with the operators.
  bool Counts = !isa<ImplicitCastExpr>(E);
  if (Counts && ExprDepth >= MaxExprDepth) {
    if (!ExprDepthReported)
      error(ExprRoot ? ExprRoot->getBeginLoc() : E->getBeginLoc(),
            "expression nests deeper than " + std::to_string(MaxExprDepth) +
                " levels",
            "split it into several statements, e.g. partial sums in local "
            "variables");
    ExprDepthReported = true;
    return nullptr;
  }
  llvm::SaveAndRestore<const clang::Expr *> Root(ExprRoot,
                                                 ExprRoot ? ExprRoot : E);
  llvm::SaveAndRestore<unsigned> Nested(ExprDepth, ExprDepth + Counts);
  return exprNode(E);
}

ExprPtr NestBuilder::exprNode(const clang::Expr *E) {
  SourceLoc L = loc(E->getBeginLoc());

  if (const auto *IL = dyn_cast<IntegerLiteral>(E)) {
    std::optional<ScalarKind> K = kindOf(E);
    if (!K)
      return nullptr;
    const llvm::APInt &V = IL->getValue();
    int64_t Value = E->getType()->isSignedIntegerType()
                        ? V.getSExtValue()
                        : static_cast<int64_t>(V.getZExtValue());
    return std::make_shared<IntLit>(Value, *K, L);
  }
  if (const auto *CL = dyn_cast<CharacterLiteral>(E)) {
    std::optional<ScalarKind> K = kindOf(E);
    if (!K)
      return nullptr;
    return std::make_shared<IntLit>(CL->getValue(), *K, L);
  }
  if (const auto *FL = dyn_cast<FloatingLiteral>(E)) {
    std::optional<ScalarKind> K = kindOf(E);
    if (!K)
      return nullptr;
    double V = *K == ScalarKind::Float ? FL->getValue().convertToFloat()
                                       : FL->getValue().convertToDouble();
    return std::make_shared<FloatLit>(V, *K, L);
  }
  if (const auto *CE = dyn_cast<clang::CastExpr>(E))
    return castExpr(CE);
  if (const auto *DR = dyn_cast<DeclRefExpr>(E))
    return declRef(DR);
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    return subscript(AS);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return unary(UO);
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return binary(BO);
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    ExprPtr C = expr(CO->getCond());
    // One branch runs: neither may run inlined statements first.
    llvm::SaveAndRestore<StmtList *> NoHoist(Pending, nullptr);
    ExprPtr T = expr(CO->getTrueExpr());
    ExprPtr F = expr(CO->getFalseExpr());
    std::optional<ScalarKind> K = C && T && F ? kindOf(E) : std::nullopt;
    if (!K)
      return nullptr;
    return std::make_shared<SelectExpr>(C, T, F, *K, L);
  }
  if (const auto *CE = dyn_cast<clang::CallExpr>(E))
    return call(CE);
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return member(ME);
  if (const auto *UT = dyn_cast<UnaryExprOrTypeTraitExpr>(E)) {
    clang::Expr::EvalResult R;
    std::optional<ScalarKind> K = kindOf(E);
    if (K && UT->EvaluateAsInt(R, Ctx))
      return std::make_shared<IntLit>(R.Val.getInt().getExtValue(), *K, L);
    return error(E->getBeginLoc(),
                 "this 'sizeof' is not supported in an offloaded nest",
                 "use a constant or a parameter instead");
  }
  if (const auto *CE = dyn_cast<ConstantExpr>(E))
    return expr(CE->getSubExpr());
  return error(E->getExprLoc(),
               std::string("'") + E->getStmtClassName() +
                   "' expressions are not supported in an offloaded nest",
               "use arithmetic on scalars, array elements and C math "
               "library calls");
}

ExprPtr NestBuilder::castExpr(const clang::CastExpr *CE) {
  switch (CE->getCastKind()) {
  case CK_LValueToRValue:
  case CK_NoOp:
  case CK_ArrayToPointerDecay:
  case CK_FunctionToPointerDecay:
  case CK_BuiltinFnToFnPtr:
    // No change of value: the operand stands for itself.
    if (CE->getType()->isPointerType() && isa<clang::CStyleCastExpr>(CE))
      return pointerMisuse(CE);
    return expr(CE->getSubExpr());
  case CK_IntegralCast:
  case CK_FloatingCast:
  case CK_IntegralToFloating:
  case CK_FloatingToIntegral: {
    ExprPtr X = expr(CE->getSubExpr());
    if (!X)
      return nullptr;
    std::optional<ScalarKind> K = kindOf(CE);
    if (!K)
      return nullptr;
    // long long -> long and the like keep the IR type: nothing to convert.
    if (X->Type == *K)
      return X;
    return std::make_shared<c2cuda::CastExpr>(X, *K, loc(CE->getBeginLoc()));
  }
  case CK_IntegralToBoolean:
  case CK_FloatingToBoolean: {
    // `(bool)x` is `x != 0`, held in the one byte of a _Bool.
    ExprPtr X = expr(CE->getSubExpr());
    if (!X)
      return nullptr;
    SourceLoc L = loc(CE->getBeginLoc());
    ExprPtr Zero = isFloating(X->Type)
                       ? ExprPtr(std::make_shared<FloatLit>(0.0, X->Type, L))
                       : ExprPtr(std::make_shared<IntLit>(0, X->Type, L));
    return std::make_shared<c2cuda::CastExpr>(
        build::bin(BinaryOpKind::NE, X, Zero, ScalarKind::Int),
        ScalarKind::UChar, L);
  }
  case CK_ToVoid:
    return error(CE->getBeginLoc(),
                 "casts to 'void' are not supported in an offloaded nest",
                 "remove the statement");
  default:
    // Report what produced the pointer (`&A[i]`, `*p`, ...) when it is more
    // specific than the conversion itself.
    if (CE->getSubExpr()->getType()->isPointerType() && !expr(CE->getSubExpr()))
      return nullptr;
    if (CE->getType()->isPointerType() ||
        CE->getSubExpr()->getType()->isPointerType())
      return pointerMisuse(CE);
    return error(CE->getBeginLoc(),
                 std::string("conversion '") + CE->getCastKindName() +
                     "' is not supported in an offloaded nest",
                 std::string("convert only between ") + supportedScalarsText());
  }
}

ExprPtr NestBuilder::declRef(const DeclRefExpr *DR) {
  const ValueDecl *D = DR->getDecl();
  SourceLoc L = loc(DR->getBeginLoc());
  std::string Name = D->getName().str();
  if (const auto *EC = dyn_cast<EnumConstantDecl>(D)) {
    std::optional<ScalarKind> K = kindOf(DR);
    if (!K)
      return nullptr;
    return std::make_shared<IntLit>(EC->getInitVal().getExtValue(), *K, L);
  }
  const auto *VD = dyn_cast<VarDecl>(D);
  if (!VD)
    return error(DR->getBeginLoc(),
                 "'" + Name + "' cannot be used in an offloaded nest",
                 "use scalar variables, parameters and array elements");
  if (!Inlined.empty())
    if (auto It = Inlined.back().find(VD); It != Inlined.back().end())
      return It->second;
  if (isa<ParmVarDecl>(VD)) {
    const Param *P = F.findParam(Name);
    if (!P) // Its unsupported type was reported with the parameter.
      return nullptr;
    if (P->isArray())
      return error(DR->getBeginLoc(),
                   "array '" + Name +
                       "' must be subscripted in an offloaded nest",
                   "use its elements, e.g. '" + Name + "[i]'");
    return std::make_shared<VarRef>(Name, P->Elem, L);
  }
  if (!VD->isLocalVarDecl()) {
    const Param *P = F.findParam(Name);
    if (P && P->IsGlobal && !P->isArray())
      return std::make_shared<VarRef>(Name, P->Elem, L);
    if (P && P->IsGlobal)
      return error(DR->getBeginLoc(),
                   "array '" + Name +
                       "' must be subscripted in an offloaded nest",
                   "use its elements, e.g. '" + Name + "[i]'");
    return error(DR->getBeginLoc(),
                 "global variable '" + Name +
                     "' cannot be used in an offloaded nest",
                 "pass its value as a parameter of the function (global "
                 "scalars and arrays of constant size can be used)");
  }
  QualType T = VD->getType();
  if (T->isPointerType())
    return error(DR->getBeginLoc(),
                 "pointer variable '" + Name +
                     "' cannot be used in an offloaded nest",
                 "index the array parameter directly instead of through a "
                 "pointer");
  if (T->isArrayType()) {
    if (LocalArrays.count(VD))
      return error(DR->getBeginLoc(),
                   "array '" + Name +
                       "' must be subscripted in an offloaded nest",
                   "use its elements, e.g. '" + Name + "[i]'");
    return error(DR->getBeginLoc(),
                 "local array '" + Name +
                     "' declared outside the nest cannot be used in it",
                 "declare it inside the nest's loop (each iteration gets "
                 "its own copy), or pass it as a parameter of the function");
  }
  std::optional<ScalarKind> K = scalarKindOf(T);
  if (!K)
    return error(DR->getBeginLoc(),
                 "variable '" + Name + "' of type '" + typeSpelling(T, Ctx) +
                     "' is not supported in an offloaded nest",
                 std::string("use ") + supportedScalarsText() + " scalars");
  return std::make_shared<VarRef>(Name, *K, L);
}

ExprPtr NestBuilder::localSubscript(const ArraySubscriptExpr *AS,
                                    const VarDecl *VD,
                                    const std::vector<const clang::Expr *> &Idx,
                                    size_t Rank) {
  std::string Name = nameOf(VD);
  if (Idx.size() != Rank)
    return error(AS->getExprLoc(),
                 "array '" + Name + "' has " + std::to_string(Rank) +
                     " dimensions but is subscripted with " +
                     std::to_string(Idx.size()) +
                     (Idx.size() == 1 ? " index" : " indices"),
                 "subscript every dimension, e.g. '" + Name +
                     exampleSubscripts(Rank) + "'");
  std::vector<ExprPtr> Indices;
  for (const clang::Expr *I : Idx) {
    Indices.push_back(expr(I));
    if (!Indices.back())
      return nullptr;
  }
  QualType T = VD->getType();
  while (const clang::ArrayType *A = Ctx.getAsArrayType(T))
    T = A->getElementType();
  auto R = std::make_shared<ArrayRef>(Name, std::move(Indices),
                                      *scalarKindOf(T), loc(AS->getBeginLoc()));
  R->Local = true;
  return R;
}

void NestBuilder::localArray(const VarDecl *VD, StmtList &Out) {
  // Private to each iteration of the loops around it: one copy per thread,
  // in registers or local memory.
  std::string Name = nameOf(VD);
  std::vector<int64_t> Dims;
  QualType T = VD->getType();
  int64_t Elements = 1;
  while (const clang::ArrayType *A = Ctx.getAsArrayType(T)) {
    const auto *CA = dyn_cast<ConstantArrayType>(A);
    if (!CA) {
      error(VD->getLocation(),
            "local array '" + Name + "' must have a constant size",
            "give every dimension a constant size, e.g. 'float " + Name +
                "[16]'");
      return;
    }
    Dims.push_back(static_cast<int64_t>(CA->getSize().getZExtValue()));
    Elements *= std::max<int64_t>(Dims.back(), 1);
    T = CA->getElementType();
  }
  std::optional<ScalarKind> K = scalarKindOf(T);
  if (!K || T.isVolatileQualified()) {
    error(VD->getLocation(),
          "local array '" + Name + "' has element type '" +
              typeSpelling(T, Ctx) + "', which is not supported",
          std::string("use ") + supportedScalarsText() + " elements");
    return;
  }
  if (Elements > MaxLocalArrayElements) {
    error(VD->getLocation(),
          "local array '" + Name + "' has " + std::to_string(Elements) +
              " elements; each thread keeps its own copy, so at most " +
              std::to_string(MaxLocalArrayElements) + " are allowed",
          "pass a scratch array as a parameter instead");
    return;
  }
  const auto *Init = dyn_cast_or_null<InitListExpr>(
      VD->getInit() ? VD->getInit()->IgnoreParens() : nullptr);
  if (VD->getInit() && !Init) {
    error(VD->getInit()->getBeginLoc(),
          "local array '" + Name +
              "' can only be initialized with a braced list in an offloaded "
              "nest",
          "write the elements in braces, e.g. '= {1, 2, 1}'");
    return;
  }
  auto D = std::make_shared<c2cuda::DeclStmt>(Name, *K, nullptr,
                                              loc(VD->getBeginLoc()));
  D->Dims = Dims;
  D->Storage = StorageKind::Register;
  Out.push_back(D);
  LocalArrays[VD] = Dims.size();
  if (Init)
    initializeElements(Name, *K, Dims, Init, {}, Out);
}

void NestBuilder::initializeElements(const std::string &Name, ScalarKind K,
                                     const std::vector<int64_t> &Dims,
                                     const InitListExpr *Init,
                                     std::vector<int64_t> Index,
                                     StmtList &Out) {
  // C's semantic form: one initializer per element given, the rest zero
  // (as for every element past the last initializer).
  size_t Level = Index.size();
  for (int64_t I = 0; I < Dims[Level]; ++I) {
    const clang::Expr *E = I < static_cast<int64_t>(Init->getNumInits())
                               ? Init->getInit(I)
                               : nullptr;
    if (E && isa<ImplicitValueInitExpr>(E))
      E = nullptr;
    std::vector<int64_t> At = Index;
    At.push_back(I);
    if (Level + 1 < Dims.size()) {
      const auto *Sub = dyn_cast_or_null<InitListExpr>(E);
      if (E && !Sub) {
        error(E->getBeginLoc(),
              "local array '" + Name +
                  "': an initializer of a row must be a braced list here",
              "write each row in braces, e.g. '{{1, 2}, {3, 4}}'");
        return;
      }
      if (Sub) {
        initializeElements(Name, K, Dims, Sub, At, Out);
      } else {
        // A row without initializers: all zero.
        InitListExpr Empty(Ctx, SourceLocation(), {}, SourceLocation());
        initializeElements(Name, K, Dims, &Empty, At, Out);
      }
      continue;
    }
    ExprPtr V;
    if (E) {
      V = expr(E);
      if (!V)
        return;
    } else {
      V = isFloating(K) ? ExprPtr(std::make_shared<FloatLit>(0.0, K))
                        : ExprPtr(std::make_shared<IntLit>(0, K));
    }
    std::vector<ExprPtr> Indices;
    for (int64_t X : At)
      Indices.push_back(std::make_shared<IntLit>(X, ScalarKind::Int));
    auto R = std::make_shared<ArrayRef>(Name, std::move(Indices), K);
    R->Local = true;
    if (V->Type != K)
      V = std::make_shared<CastExpr>(V, K);
    Out.push_back(std::make_shared<AssignStmt>(R, AssignOpKind::Set, V));
  }
}

ExprPtr NestBuilder::member(const MemberExpr *ME) {
  // p[i].f and p->f of a pointer to structs of one scalar type
  // (Param::RecordFields): element i * fields + index of f of the array of
  // that type the structs lay out.
  const clang::Expr *Base = ME->getBase()->IgnoreParenImpCasts();
  const clang::Expr *Index = nullptr;
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Base);
      AS && !ME->isArrow()) {
    Base = AS->getBase()->IgnoreParenImpCasts();
    Index = AS->getIdx();
  } else if (!ME->isArrow()) {
    Base = nullptr;
  }
  const auto *DR = Base ? dyn_cast<DeclRefExpr>(Base) : nullptr;
  const auto *PV = DR ? dyn_cast<ParmVarDecl>(DR->getDecl()) : nullptr;
  const Param *P = PV ? F.findParam(PV->getName().str()) : nullptr;
  const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
  if (PV && !P)
    return nullptr; // The parameter's type was reported.
  if (!P || !P->RecordFields || !FD)
    return error(ME->getExprLoc(),
                 "struct or union member access is not supported in an "
                 "offloaded nest, except on an array of structs parameter "
                 "('p[i].x')",
                 "pass the member as a separate scalar or array parameter");
  SourceLoc L = loc(ME->getBeginLoc());
  ExprPtr Field =
      std::make_shared<IntLit>(FD->getFieldIndex(), ScalarKind::Int, L);
  ExprPtr Elem = Field;
  if (Index) {
    ExprPtr I = expr(Index);
    std::optional<ScalarKind> K = I ? kindOf(Index) : std::nullopt;
    if (!K)
      return nullptr;
    ExprPtr Fields = std::make_shared<IntLit>(P->RecordFields, *K, L);
    if (I->Type != *K)
      I = std::make_shared<c2cuda::CastExpr>(I, *K, L);
    Field = std::make_shared<IntLit>(FD->getFieldIndex(), *K, L);
    Elem = std::make_shared<BinaryExpr>(
        BinaryOpKind::Add,
        std::make_shared<BinaryExpr>(BinaryOpKind::Mul, I, Fields, *K, L),
        Field, *K, L);
  }
  return std::make_shared<ArrayRef>(P->Name, std::vector<ExprPtr>{Elem},
                                    P->Elem, L);
}

ExprPtr NestBuilder::subscript(const ArraySubscriptExpr *AS) {
  // A[i][j] is (A[i])[j]: collect the indices outermost first.
  std::vector<const clang::Expr *> Idx;
  const clang::Expr *Cur = AS;
  while (const auto *S = dyn_cast<ArraySubscriptExpr>(Cur)) {
    Idx.insert(Idx.begin(), S->getIdx());
    Cur = S->getBase()->IgnoreParenImpCasts();
  }
  const auto *DR = dyn_cast<DeclRefExpr>(Cur);
  if (!DR && Idx.size() == 1) {
    // (A + k)[i] is A[k + i].
    bool Failed = false;
    if (std::optional<PointerAlias> A = pointerInto(Cur, Failed))
      return aliasElement(*A, Idx[0], AS->getBeginLoc());
    if (Failed)
      return nullptr;
  }
  const auto *PV = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
  if (auto It = PointerAliases.find(PV); PV && It != PointerAliases.end()) {
    if (Idx.size() != 1)
      return error(AS->getExprLoc(),
                   "pointer '" + PV->getName().str() +
                       "' is subscripted with " + std::to_string(Idx.size()) +
                       " indices",
                   "subscript it once, e.g. '" + PV->getName().str() + "[j]'");
    return aliasElement(It->second, Idx[0], AS->getBeginLoc());
  }
  if (auto It = LocalArrays.find(PV); PV && It != LocalArrays.end())
    return localSubscript(AS, PV, Idx, It->second);
  if (PV && importable(PV)) {
    size_t Rank = 0;
    for (QualType T = PV->getType(); Ctx.getAsArrayType(T);
         T = Ctx.getAsArrayType(T)->getElementType())
      ++Rank;
    Imported.push_back(PV);
    LocalArrays[PV] = Rank;
    return localSubscript(AS, PV, Idx, Rank);
  }
  // A parameter, or a global array the function builder made one.
  if (PV && !isa<ParmVarDecl>(PV) &&
      !(PV->isFileVarDecl() && F.findParam(PV->getName().str()) &&
        F.findParam(PV->getName().str())->IsGlobal))
    PV = nullptr;
  if (!PV) {
    if (DR)
      return declRef(DR); // Reports the local array / pointer / global.
    return pointerMisuse(Cur);
  }
  std::string Name = PV->getName().str();
  const Param *P = F.findParam(Name);
  if (!P)
    return nullptr;
  if (!P->isArray())
    return error(AS->getBeginLoc(), "'" + Name + "' is not an array", "");
  if (P->RecordFields)
    return error(AS->getBeginLoc(),
                 "'" + Name +
                     "[...]' is a whole struct, which an offloaded "
                     "nest cannot copy",
                 "read and write its fields one by one, e.g. '" + Name +
                     "[i]." +
                     cast<clang::RecordType>(
                         PV->getType()->getPointeeType().getCanonicalType())
                         ->getDecl()
                         ->field_begin()
                         ->getName()
                         .str() +
                     "'");
  size_t Want = P->ParamForm == Param::Form::Pointer ? 1 : P->Dims.size();
  if (Idx.size() != Want)
    return error(AS->getExprLoc(),
                 "array '" + Name + "' has " + std::to_string(Want) +
                     " dimensions but is subscripted with " +
                     std::to_string(Idx.size()) +
                     (Idx.size() == 1 ? " index" : " indices"),
                 "subscript every dimension, e.g. '" + Name +
                     exampleSubscripts(Want) + "'");
  std::vector<ExprPtr> Indices;
  bool OK = true;
  for (const clang::Expr *I : Idx) {
    Indices.push_back(expr(I));
    OK &= Indices.back() != nullptr;
  }
  if (!OK)
    return nullptr;
  return std::make_shared<ArrayRef>(Name, std::move(Indices), P->Elem,
                                    loc(AS->getBeginLoc()));
}

/// A + B (A - B with Minus) in the wider of their integer types: a
/// pointer's offset plus an index.
static ExprPtr indexSum(ExprPtr A, ExprPtr B, bool Minus = false) {
  ScalarKind T =
      sizeInBytes(B->Type) > sizeInBytes(A->Type) ? B->Type : A->Type;
  return build::bin(Minus ? BinaryOpKind::Sub : BinaryOpKind::Add, A, B, T);
}

/// Whether S assigns V (findAssignmentTo) where Ptr, declared inside the
/// nest, is alive: the header of a loop whose body declares Ptr steps V
/// between Ptr's lifetimes, not during one.
static bool changedWhileAlive(const clang::Stmt *S, const VarDecl *V,
                              const VarDecl *Ptr, const SourceManager &SM) {
  if (!S)
    return false;
  if (const auto *FS = dyn_cast<clang::ForStmt>(S)) {
    const clang::Stmt *B = FS->getBody();
    bool HoldsPtr = B && SM.isPointWithin(Ptr->getLocation(), B->getBeginLoc(),
                                          B->getEndLoc());
    if (!HoldsPtr && (findAssignmentTo(FS->getInit(), V) ||
                      findAssignmentTo(FS->getInc(), V)))
      return true;
    return changedWhileAlive(FS->getCond(), V, Ptr, SM) ||
           changedWhileAlive(B, V, Ptr, SM);
  }
  if (isAssignmentTo(S, V))
    return true;
  for (const clang::Stmt *C : S->children())
    if (changedWhileAlive(C, V, Ptr, SM))
      return true;
  return false;
}

/// E as a pointer plus offsets, outermost last: `(p + a) - b` is p with
/// {a, +} and {b, -}; `&p[a]` is p with {a, +}. E itself when it is no such
/// sum.
static const clang::Expr *
pointerTerms(const clang::Expr *E,
             std::vector<std::pair<const clang::Expr *, bool>> &Offsets) {
  E = E->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub)) {
    bool LeftIsPointer = BO->getLHS()->getType()->isPointerType();
    bool RightIsPointer = BO->getRHS()->getType()->isPointerType();
    if (LeftIsPointer == RightIsPointer ||
        (BO->getOpcode() == BO_Sub && !LeftIsPointer))
      return E;
    const clang::Expr *Base =
        pointerTerms(LeftIsPointer ? BO->getLHS() : BO->getRHS(), Offsets);
    Offsets.push_back({LeftIsPointer ? BO->getRHS() : BO->getLHS(),
                       BO->getOpcode() == BO_Sub});
    return Base;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_AddrOf)
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(
            UO->getSubExpr()->IgnoreParenImpCasts());
        AS && AS->getBase()->getType()->isPointerType()) {
      const clang::Expr *Base = pointerTerms(AS->getBase(), Offsets);
      Offsets.push_back({AS->getIdx(), false});
      return Base;
    }
  return E;
}

std::optional<NestBuilder::PointerAlias>
NestBuilder::pointerInto(const clang::Expr *E, bool &Failed) {
  std::vector<std::pair<const clang::Expr *, bool>> Offsets;
  const clang::Expr *Base = pointerTerms(E, Offsets);
  // A row of a multi-dimensional array: `A[i]` (`A[i][j]` for a rank 3).
  std::vector<const clang::Expr *> Rows;
  while (const auto *AS = dyn_cast<ArraySubscriptExpr>(Base)) {
    Rows.insert(Rows.begin(), AS->getIdx());
    Base = AS->getBase()->IgnoreParenImpCasts();
  }
  const auto *DR = dyn_cast<DeclRefExpr>(Base);
  const auto *BV = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
  if (!BV)
    return std::nullopt;
  PointerAlias A;
  if (auto It = PointerAliases.find(BV); It != PointerAliases.end()) {
    if (!Rows.empty())
      return std::nullopt;
    A = It->second;
  } else {
    const Param *P =
        isa<ParmVarDecl>(BV) ? F.findParam(BV->getName().str()) : nullptr;
    // A pointer parameter, a one-dimensional array one (`float y[n]`, a
    // pointer in C too), or a row of a multi-dimensional one.
    if (!P || !P->isArray() || P->RecordFields || !P->RecordType.empty())
      return std::nullopt;
    size_t Rank = P->ParamForm == Param::Form::Pointer ? 1 : P->Dims.size();
    if (Rows.size() + 1 != Rank)
      return std::nullopt;
    A.Array = P->Name;
    A.Elem = P->Elem;
    for (const clang::Expr *R : Rows) {
      A.Lead.push_back(expr(R));
      if (!A.Lead.back()) {
        Failed = true;
        return std::nullopt;
      }
    }
  }
  for (const auto &[Off, Minus] : Offsets) {
    ExprPtr O = expr(Off);
    if (!O) {
      Failed = true;
      return std::nullopt;
    }
    // Each use its own nodes: the analyses key accesses by node.
    if (A.Offset)
      A.Offset = indexSum(freshCopy(A.Offset), O, Minus);
    else
      A.Offset = Minus ? std::make_shared<UnaryExpr>(UnaryOpKind::Neg, O,
                                                     O->Type, O->Loc)
                       : O;
  }
  return A;
}

bool NestBuilder::pointerAlias(const VarDecl *VD) {
  if (!VD->getInit() || findAssignmentTo(FD->getBody(), VD))
    return false;
  // Every use stands for the place the initializer computed: no variable
  // of it may change while the pointer lives (`p = A + k; k = 5; p[0]`).
  bool Stable = true;
  forEachNode(VD->getInit(), [&](const clang::Stmt *S) {
    const auto *DR = dyn_cast<DeclRefExpr>(S);
    const auto *V = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
    if (V && !V->getType()->isPointerType() &&
        changedWhileAlive(FD->getBody(), V, VD, Ctx.getSourceManager()))
      Stable = false;
  });
  if (!Stable)
    return false;
  bool Failed = false;
  std::optional<PointerAlias> A = pointerInto(VD->getInit(), Failed);
  if (A)
    PointerAliases[VD] = std::move(*A);
  return A || Failed;
}

ExprPtr NestBuilder::aliasElement(const PointerAlias &A,
                                  const clang::Expr *Index, SourceLocation L) {
  ExprPtr I = Index ? expr(Index) : nullptr;
  if (Index && !I)
    return nullptr;
  // Each use its own nodes: the analyses key accesses by node.
  ExprPtr Off = A.Offset ? freshCopy(A.Offset) : nullptr;
  ExprPtr At = !I ? (Off ? Off : std::make_shared<IntLit>(0, ScalarKind::Int))
               : !Off ? I
                      : indexSum(Off, I);
  std::vector<ExprPtr> Indices;
  for (const ExprPtr &R : A.Lead)
    Indices.push_back(freshCopy(R));
  Indices.push_back(At);
  return std::make_shared<ArrayRef>(A.Array, std::move(Indices), A.Elem,
                                    loc(L));
}

ExprPtr NestBuilder::pointerElement(const UnaryOperator *UO) {
  // `*p` is p[0] and `*(p + e)` is p[e] for a pointer parameter p (an array
  // of one dimension) or a pointer into one, as C defines them.
  bool Failed = false;
  std::optional<PointerAlias> A = pointerInto(UO->getSubExpr(), Failed);
  if (!A)
    return nullptr;
  return aliasElement(*A, nullptr, UO->getBeginLoc());
}

ExprPtr NestBuilder::unary(const UnaryOperator *UO) {
  SourceLoc L = loc(UO->getBeginLoc());
  switch (UO->getOpcode()) {
  case UO_PreInc:
  case UO_PreDec:
  case UO_PostInc:
  case UO_PostDec:
    return error(UO->getOperatorLoc(),
                 std::string("'") +
                     UnaryOperator::getOpcodeStr(UO->getOpcode()).str() +
                     "' used as a value is not supported in an offloaded nest",
                 "increment or decrement in a statement of its own");
  case UO_Deref:
    if (ExprPtr R = pointerElement(UO))
      return R;
    return error(UO->getOperatorLoc(),
                 "pointer dereference is not supported in an offloaded nest",
                 "subscript the array instead, e.g. 'A[i]' for '*(A + i)'");
  case UO_AddrOf:
    return error(UO->getOperatorLoc(),
                 "taking an address with '&' is not supported in an offloaded "
                 "nest",
                 "use the value itself; index arrays by their parameter name");
  case UO_Plus:
  case UO_Extension:
    return expr(UO->getSubExpr());
  case UO_Minus:
  case UO_LNot:
  case UO_Not: {
    ExprPtr X = expr(UO->getSubExpr());
    std::optional<ScalarKind> K = X ? kindOf(UO) : std::nullopt;
    if (!K)
      return nullptr;
    UnaryOpKind Op = UO->getOpcode() == UO_Minus  ? UnaryOpKind::Neg
                     : UO->getOpcode() == UO_LNot ? UnaryOpKind::LNot
                                                  : UnaryOpKind::BitNot;
    return std::make_shared<UnaryExpr>(Op, X, *K, L);
  }
  default:
    return error(UO->getOperatorLoc(),
                 std::string("operator '") +
                     UnaryOperator::getOpcodeStr(UO->getOpcode()).str() +
                     "' is not supported in an offloaded nest",
                 "use C arithmetic on int, long, float or double values");
  }
}

ExprPtr NestBuilder::binary(const BinaryOperator *BO) {
  if (BO->isAssignmentOp())
    return error(BO->getOperatorLoc(),
                 "assignment used as a value is not supported in an offloaded "
                 "nest",
                 "write each assignment as a statement of its own");
  if (BO->getOpcode() == BO_Comma)
    return error(BO->getOperatorLoc(),
                 "the comma operator is not supported in an offloaded nest",
                 "split the expression into separate statements");
  if (BO->getType()->isPointerType())
    return pointerMisuse(BO);
  BinaryOpKind Op;
  switch (BO->getOpcode()) {
  case BO_Add:
    Op = BinaryOpKind::Add;
    break;
  case BO_Sub:
    Op = BinaryOpKind::Sub;
    break;
  case BO_Mul:
    Op = BinaryOpKind::Mul;
    break;
  case BO_Div:
    Op = BinaryOpKind::Div;
    break;
  case BO_Rem:
    Op = BinaryOpKind::Rem;
    break;
  case BO_Shl:
    Op = BinaryOpKind::Shl;
    break;
  case BO_Shr:
    Op = BinaryOpKind::Shr;
    break;
  case BO_And:
    Op = BinaryOpKind::BitAnd;
    break;
  case BO_Or:
    Op = BinaryOpKind::BitOr;
    break;
  case BO_Xor:
    Op = BinaryOpKind::BitXor;
    break;
  case BO_LAnd:
    Op = BinaryOpKind::LAnd;
    break;
  case BO_LOr:
    Op = BinaryOpKind::LOr;
    break;
  case BO_LT:
    Op = BinaryOpKind::LT;
    break;
  case BO_LE:
    Op = BinaryOpKind::LE;
    break;
  case BO_GT:
    Op = BinaryOpKind::GT;
    break;
  case BO_GE:
    Op = BinaryOpKind::GE;
    break;
  case BO_EQ:
    Op = BinaryOpKind::EQ;
    break;
  case BO_NE:
    Op = BinaryOpKind::NE;
    break;
  default:
    return error(BO->getOperatorLoc(),
                 "operator '" + BO->getOpcodeStr().str() +
                     "' is not supported in an offloaded nest",
                 "use C arithmetic on int, long, float or double values");
  }
  ExprPtr A = expr(BO->getLHS());
  // `A[i] != 0` on a row pointer: the first error says it all.
  if (!A && BO->getLHS()->getType()->isPointerType())
    return nullptr;
  // The right operand of `&&` and `||` runs only sometimes: no inlined
  // statements run first for it.
  llvm::SaveAndRestore<StmtList *> NoHoist(
      Pending, BO->isLogicalOp() ? nullptr : Pending);
  ExprPtr B = expr(BO->getRHS());
  std::optional<ScalarKind> K = A && B ? kindOf(BO) : std::nullopt;
  if (!K)
    return nullptr;
  return std::make_shared<BinaryExpr>(Op, A, B, *K, loc(BO->getBeginLoc()));
}

std::optional<ExprPtr> NestBuilder::classification(const clang::CallExpr *CE,
                                                   const std::string &Name) {
  // <math.h>'s isnan, isinf and isfinite expand to compiler builtins; CUDA
  // has the functions, with the builtins' 0 or 1 (isinf's builtin from
  // glibc says -1 for -inf).
  bool Sign = Name == "__builtin_isinf_sign";
  const char *Fn = Name == "__builtin_isnan"           ? "isnan"
                   : Name == "__builtin_isfinite"      ? "isfinite"
                   : Name == "__builtin_isinf" || Sign ? "isinf"
                                                       : nullptr;
  if (!Fn || CE->getNumArgs() != 1)
    return std::nullopt;
  ExprPtr X = expr(CE->getArg(0));
  if (!X)
    return ExprPtr();
  if (!isFloating(X->Type))
    return error(CE->getBeginLoc(),
                 "'" + std::string(Fn) + "' of an integer is not supported",
                 "convert the argument to float or double");
  SourceLoc L = loc(CE->getBeginLoc());
  auto Int = [](int64_t V) {
    return std::make_shared<IntLit>(V, ScalarKind::Int);
  };
  ExprPtr C = std::make_shared<c2cuda::CallExpr>(Fn, std::vector<ExprPtr>{X},
                                                 ScalarKind::Int, L);
  if (!Sign)
    return ExprPtr(C);
  ExprPtr Negative = std::make_shared<BinaryExpr>(
      BinaryOpKind::LT, X, std::make_shared<FloatLit>(0.0, X->Type),
      ScalarKind::Int, L);
  return ExprPtr(std::make_shared<SelectExpr>(
      C,
      std::make_shared<SelectExpr>(Negative, Int(-1), Int(1), ScalarKind::Int,
                                   L),
      Int(0), ScalarKind::Int, L));
}

bool NestBuilder::inlinableParams(const FunctionDecl *Def) {
  // Scalars, and pointers to scalars the body never changes: those name
  // places in the caller's arrays (pointer aliases), as pointer locals do.
  return llvm::all_of(Def->parameters(), [&](const ParmVarDecl *P) {
    return scalarKindOf(P->getType()) ||
           (P->getType()->isPointerType() &&
            scalarKindOf(P->getType()->getPointeeType()) &&
            !findAssignmentTo(Def->getBody(), P));
  });
}

std::optional<NestBuilder::Places>
NestBuilder::argumentPlaces(const clang::CallExpr *CE,
                            const FunctionDecl *Def) {
  if (std::find(Inlining.begin(), Inlining.end(), Def) != Inlining.end()) {
    error(CE->getBeginLoc(),
          "'" + Def->getName().str() +
              "' calls itself: it cannot be inlined into an offloaded nest",
          "rewrite the recursion as a loop");
    return std::nullopt;
  }
  Places Out;
  for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    if (!P->getType()->isPointerType())
      continue;
    bool Failed = false;
    std::optional<PointerAlias> Place = pointerInto(CE->getArg(I), Failed);
    if (!Place && !Failed)
      error(CE->getArg(I)->getBeginLoc(),
            "argument " + std::to_string(I + 1) + " of '" +
                Def->getName().str() + "' is no place in an array parameter",
            "pass a pointer parameter of the function, or one plus an "
            "offset ('A + i * n', '&A[i * n]')");
    if (!Place)
      return std::nullopt;
    Out.push_back({P, *Place});
  }
  return Out;
}

std::optional<ExprPtr> NestBuilder::inlineCall(const clang::CallExpr *CE,
                                               const FunctionDecl *Callee) {
  // A function of the file whose body is a return statement, after
  // declarations of scalar locals with initializers, with scalar
  // parameters and pointer parameters into the caller's arrays: the call is its
  // returned expression with the arguments (converted to the parameters' types)
  // in place of the parameters, and the locals' initializers in place of the
  // locals. The nest's expressions have no side effects, so an argument used
  // twice is evaluated twice to the same value.
  const FunctionDecl *Def = nullptr;
  if (!Callee->hasBody(Def) || !Def || Def->isVariadic() ||
      Def->getNumParams() != CE->getNumArgs())
    return std::nullopt;
  const auto *Body = dyn_cast<CompoundStmt>(Def->getBody());
  const auto *Ret = Body && Body->size() >= 1
                        ? dyn_cast<ReturnStmt>(Body->body_back())
                        : nullptr;
  if (!Ret || !Ret->getRetValue() || !scalarKindOf(Def->getReturnType()))
    return inlineBody(CE, Def, /*ValueUsed=*/true);
  std::vector<const VarDecl *> Locals;
  for (const clang::Stmt *S : Body->body()) {
    if (S == Ret)
      break;
    const auto *DS = dyn_cast<clang::DeclStmt>(S);
    if (!DS)
      return inlineBody(CE, Def, /*ValueUsed=*/true);
    for (const Decl *D : DS->decls()) {
      const auto *V = dyn_cast<VarDecl>(D);
      if (!V || !V->getInit() || !scalarKindOf(V->getType()) ||
          V->isStaticLocal())
        return inlineBody(CE, Def, /*ValueUsed=*/true);
      Locals.push_back(V);
    }
  }
  if (!inlinableParams(Def))
    return std::nullopt;
  std::optional<Places> Bound = argumentPlaces(CE, Def);
  if (!Bound)
    return ExprPtr();
  const Places &Bind = *Bound;
  std::map<const VarDecl *, ExprPtr> Frame;
  for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    if (P->getType()->isPointerType())
      continue;
    ExprPtr A = expr(CE->getArg(I));
    if (!A)
      return ExprPtr();
    Frame[P] = A;
  }
  for (auto &[P, Place] : Bind)
    PointerAliases[P] = Place;
  auto Unbind = llvm::make_scope_exit([&] {
    for (auto &[P, Place] : Bind)
      PointerAliases.erase(P);
  });
  Inlining.push_back(Def);
  Inlined.push_back(std::move(Frame));
  ExprPtr R;
  bool OK = true;
  for (const VarDecl *V : Locals) {
    // Initialized from the parameters and the locals before it; a body
    // of declarations and a return assigns nothing.
    ExprPtr Init = expr(V->getInit());
    if (!Init) {
      OK = false;
      break;
    }
    ScalarKind K = *scalarKindOf(V->getType());
    if (Init->Type != K)
      Init = std::make_shared<CastExpr>(Init, K);
    Inlined.back()[V] = Init;
  }
  if (OK)
    R = expr(Ret->getRetValue());
  Inlined.pop_back();
  Inlining.pop_back();
  return R;
}

std::string NestBuilder::nameOf(const VarDecl *V) const {
  auto It = Renamed.find(V);
  return It != Renamed.end() ? It->second : V->getName().str();
}

std::optional<ExprPtr> NestBuilder::inlineBody(const clang::CallExpr *CE,
                                               const FunctionDecl *Def,
                                               bool ValueUsed) {
  // A function of the file whose body is statements a nest may hold,
  // returning at its end or in `if` branches that end it: the statements
  // run just before the statement holding the call (Pending), its locals
  // renamed c2c_<function><n>_<name>, and the returned value, assigned to
  // c2c_<function><n>_ret, is the call's value. A scalar parameter is its
  // argument, or a local initialized with it where the body assigns it or
  // the argument reads an array; pointer parameters the body never changes
  // name places in the caller's arrays.
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Body || Def->isVariadic() || Def->getNumParams() != CE->getNumArgs())
    return std::nullopt;
  std::string Fn = Def->getName().str();
  std::vector<const clang::Stmt *> Items(Body->body_begin(), Body->body_end());
  bool Void = Def->getReturnType()->isVoidType();
  std::optional<ScalarKind> RetKind = scalarKindOf(Def->getReturnType());
  if (!Void && (!RetKind || !alwaysReturns(Items)))
    return std::nullopt;
  if (!inlinableParams(Def))
    return std::nullopt;
  // Returns: the last statement, or in the branches of an `if` one of whose
  // branches always returns (the statements after it then run in the
  // other); none inside a loop.
  const clang::Stmt *Early = nullptr;
  std::function<void(const std::vector<const clang::Stmt *> &)> FindEarly =
      [&](const std::vector<const clang::Stmt *> &L) {
        for (size_t I = 0; I < L.size() && !Early; ++I) {
          const auto *IS = dyn_cast<clang::IfStmt>(L[I]);
          bool Last = I + 1 == L.size();
          if (isa<ReturnStmt>(L[I])) {
            if (!Last)
              Early = L[I];
          } else if (IS && (returns(IS->getThen()) || returns(IS->getElse()))) {
            if (IS->getInit() || IS->getConditionVariable() ||
                !(alwaysReturns(items(IS->getThen())) ||
                  alwaysReturns(items(IS->getElse()))))
              Early = IS;
            FindEarly(items(IS->getThen()));
            FindEarly(items(IS->getElse()));
          } else if (returns(L[I])) {
            forEachNode(L[I], [&](const clang::Stmt *N) {
              if (!Early && isa<ReturnStmt>(N))
                Early = N;
            });
          }
        }
      };
  FindEarly(Items);
  if (Early)
    return ExprPtr(error(Early->getBeginLoc(),
                         "'" + Fn +
                             "' returns inside a loop or a branch that goes "
                             "on: it cannot be inlined into an offloaded nest",
                         "return at the end of '" + Fn +
                             "', or in 'if' branches that end it"));
  if (!Pending)
    return ExprPtr(error(
        CE->getBeginLoc(),
        "call to '" + Fn +
            "', a function with statements, where its statements cannot run "
            "first (a loop's condition, or after '&&', '||' or '?')",
        "assign its result to a local variable just before, and use that"));
  StmtList &Out = *Pending;
  std::string Prefix = "c2c_" + Fn + std::to_string(InlinedBodies++) + "_";
  SourceLoc At = loc(CE->getBeginLoc());
  std::optional<Places> Bound = argumentPlaces(CE, Def);
  if (!Bound)
    return ExprPtr();
  const Places &Bind = *Bound;
  std::map<const VarDecl *, ExprPtr> Frame;
  for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    if (P->getType()->isPointerType())
      continue;
    ExprPtr A = expr(CE->getArg(I));
    if (!A)
      return ExprPtr();
    ScalarKind K = *scalarKindOf(P->getType());
    if (A->Type != K)
      A = build::cast(A, K);
    // A parameter the body never assigns is its argument where the
    // argument reads no array (the body may write one): bounds and
    // subscripts over the caller's parameters stay affine.
    if (!findAssignmentTo(Def->getBody(), P) && !readsArray(*A)) {
      Frame[P] = A;
      continue;
    }
    std::string Name = Prefix + P->getName().str();
    Out.push_back(std::make_shared<c2cuda::DeclStmt>(Name, K, A, At));
    Frame[P] = std::make_shared<VarRef>(Name, K, At);
  }
  // The body's scalars and local arrays, under names of their own.
  for (const clang::Stmt *S : Items)
    forEachNode(S, [&](const clang::Stmt *N) {
      const auto *DS = dyn_cast<clang::DeclStmt>(N);
      if (!DS)
        return;
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D)) {
          if (V->getType()->isPointerType())
            continue;
          Renamed[V] = Prefix + V->getName().str();
          if (std::optional<ScalarKind> K = scalarKindOf(V->getType()))
            Frame[V] = std::make_shared<VarRef>(Renamed[V], *K, At);
        }
    });
  std::string RetName;
  if (!Void && ValueUsed) {
    RetName = Prefix + "ret";
    Out.push_back(
        std::make_shared<c2cuda::DeclStmt>(RetName, *RetKind, nullptr, At));
  }
  for (auto &[P, Place] : Bind)
    PointerAliases[P] = Place;
  Inlining.push_back(Def);
  Inlined.push_back(std::move(Frame));
  bool OK = true;
  {
    // A `break` in the body leaves the body's own loops only.
    llvm::SaveAndRestore<std::vector<BreakTarget>> Own(Loops, {});
    auto Errors = [&] {
      return llvm::count_if(Diags.all(), [](const Diagnostic &D) {
        return D.Level == DiagLevel::Error;
      });
    };
    auto Before = Errors();
    std::function<void(const std::vector<const clang::Stmt *> &, StmtList &)>
        Emit = [&](const std::vector<const clang::Stmt *> &L, StmtList &To) {
          for (size_t I = 0; I < L.size(); ++I) {
            llvm::SaveAndRestore<StmtList *> Hoist(Pending, &To);
            if (const auto *R = dyn_cast<ReturnStmt>(L[I])) {
              if (RetName.empty() || !R->getRetValue())
                return;
              ExprPtr V = expr(R->getRetValue());
              if (V)
                To.push_back(std::make_shared<AssignStmt>(
                    std::make_shared<VarRef>(RetName, *RetKind, At),
                    AssignOpKind::Set,
                    V->Type == *RetKind ? V : build::cast(V, *RetKind), At));
              return;
            }
            const auto *IS = dyn_cast<clang::IfStmt>(L[I]);
            if (!IS || !(returns(IS->getThen()) || returns(IS->getElse()))) {
              stmt(L[I], To);
              continue;
            }
            // `if (c) return a;` and the rest: the rest in the branch that
            // goes on.
            ExprPtr Cond = expr(IS->getCond());
            std::vector<const clang::Stmt *> Rest(L.begin() + I + 1, L.end());
            std::vector<const clang::Stmt *> Then = items(IS->getThen()),
                                             Else = items(IS->getElse());
            if (!alwaysReturns(Then))
              Then.insert(Then.end(), Rest.begin(), Rest.end());
            if (!alwaysReturns(Else))
              Else.insert(Else.end(), Rest.begin(), Rest.end());
            StmtList T, E;
            Emit(Then, T);
            Emit(Else, E);
            if (Cond)
              To.push_back(std::make_shared<c2cuda::IfStmt>(
                  Cond, std::move(T), std::move(E), loc(IS->getBeginLoc())));
            return;
          }
        };
    Emit(Items, Out);
    OK = Errors() == Before;
  }
  Inlined.pop_back();
  Inlining.pop_back();
  for (auto &[P, Place] : Bind)
    PointerAliases.erase(P);
  if (!OK)
    return ExprPtr();
  if (RetName.empty()) // Its value unused.
    return ExprPtr(std::make_shared<IntLit>(0, ScalarKind::Int, At));
  return ExprPtr(std::make_shared<VarRef>(RetName, *RetKind, At));
}

ExprPtr NestBuilder::call(const clang::CallExpr *CE) {
  const FunctionDecl *Callee = CE->getDirectCallee();
  if (!Callee)
    return error(CE->getBeginLoc(),
                 "calls through function pointers are not supported in an "
                 "offloaded nest",
                 "call a C math library function, or inline the code");
  std::string Name = Callee->getName().str();
  // Calls of the function to itself are reported once per call by the
  // function-level recursion check.
  if (FD && Callee->getCanonicalDecl() == FD->getCanonicalDecl())
    return nullptr;
  if (std::optional<ExprPtr> C = classification(CE, Name))
    return *C;
  // <math.h>'s INFINITY, HUGE_VALF and NAN expand to builtins that clang
  // evaluates to a constant (__builtin_inff(), __builtin_nanf("")).
  llvm::APFloat Value(0.0);
  if (llvm::StringRef(Name).starts_with("__builtin_") &&
      CE->EvaluateAsFloat(Value, Ctx))
    if (std::optional<ScalarKind> K = kindOf(CE)) {
      bool LosesInfo = false;
      Value.convert(llvm::APFloat::IEEEdouble(),
                    llvm::APFloat::rmNearestTiesToEven, &LosesInfo);
      return std::make_shared<FloatLit>(Value.convertToDouble(), *K,
                                        loc(CE->getBeginLoc()));
    }
  if (!isMathFunction(Name))
    if (std::optional<ExprPtr> C = inlineCall(CE, Callee))
      return *C;
  if (!isMathFunction(Name))
    return error(CE->getBeginLoc(),
                 "call to '" + Name +
                     "' is not supported in an offloaded nest: only C math "
                     "library functions can be called",
                 "define '" + Name +
                     "' in the file (c2cuda inlines functions of the file "
                     "whose parameters are scalars or pointers into arrays), "
                     "or compute its result before the nest");
  std::vector<ExprPtr> Args;
  bool OK = true;
  for (const clang::Expr *A : CE->arguments()) {
    Args.push_back(expr(A));
    OK &= Args.back() != nullptr;
  }
  std::optional<ScalarKind> K = OK ? kindOf(CE) : std::nullopt;
  if (!K)
    return nullptr;
  return std::make_shared<c2cuda::CallExpr>(Name, std::move(Args), *K,
                                            loc(CE->getBeginLoc()));
}

} // namespace c2cuda
