//===- ReductionPolicy.cpp - When a reduction loop may run in parallel ----===//

#include "ReductionPolicy.h"

#include "IRQueries.h"

#include "analysis/Reductions.h"
#include "ir/IRPrinter.h"

#include <algorithm>
#include <map>
#include <set>

using namespace llvm;

namespace c2cuda {

namespace {

/// Whether E (casts looked through) is a read of the target T.
bool isSelf(const Expr *E, const Expr &T) {
  E = stripCasts(E);
  return (isa<VarRef>(E) || isa<ArrayRef>(E)) && sameExpr(*E, T);
}

bool inChain(BinaryOpKind Op, BinaryOpKind Chain) {
  return Op == Chain || (Chain == BinaryOpKind::Add && Op == BinaryOpKind::Sub);
}

/// E, a chain of Chain operators containing one read of the target, without
/// that read: `(s + a) - b` gives `a - b`, `s - a` gives `-a`. Null when E is
/// the read itself. Found tells whether the read was seen; Negated whether
/// it was subtracted (`a - s` is no reduction).
ExprPtr dropSelf(const ExprPtr &E, BinaryOpKind Chain, const Expr &T,
                 bool &Found, bool &Negated) {
  if (isSelf(E.get(), T)) {
    Found = true;
    return nullptr;
  }
  if (const auto *C = dyn_cast<CastExpr>(E.get())) {
    // C converts inside the chain: `(double)s + d`.
    ExprPtr Inner = dropSelf(C->Operand, Chain, T, Found, Negated);
    if (!Found || !Inner)
      return Found ? nullptr : E;
    return std::make_shared<CastExpr>(Inner, C->Type, C->Loc);
  }
  const auto *B = dyn_cast<BinaryExpr>(E.get());
  if (!B || !inChain(B->Op, Chain))
    return E;
  ExprPtr L = dropSelf(B->LHS, Chain, T, Found, Negated);
  if (Found) {
    if (L)
      return std::make_shared<BinaryExpr>(B->Op, L, B->RHS, B->Type, B->Loc);
    if (B->Op == BinaryOpKind::Sub)
      return std::make_shared<UnaryExpr>(UnaryOpKind::Neg, B->RHS, B->Type,
                                         B->Loc);
    return B->RHS;
  }
  ExprPtr R = dropSelf(B->RHS, Chain, T, Found, Negated);
  if (!Found)
    return E;
  if (R)
    return std::make_shared<BinaryExpr>(B->Op, B->LHS, R, B->Type, B->Loc);
  Negated |= B->Op == BinaryOpKind::Sub;
  return B->LHS;
}

std::string stmtText(const AssignStmt &S) {
  return exprToString(*S.LHS) + " " + spelling(S.Op) + " " +
         exprToString(*S.RHS);
}

/// The operand of `T = fmax(T, e)`, `T = T > e ? T : e` and the other
/// spellings of min/max, or null.
ExprPtr minMaxOperand(const AssignStmt &S, bool Max, const Expr &T) {
  const Expr *R = stripCasts(S.RHS.get());
  if (const auto *C = dyn_cast<CallExpr>(R)) {
    static const std::set<std::string> MaxFns = {"fmax", "fmaxf", "fmaxl"};
    static const std::set<std::string> MinFns = {"fmin", "fminf", "fminl"};
    if (!(Max ? MaxFns : MinFns).count(C->Callee) || C->Args.size() != 2)
      return nullptr;
    for (int Self = 0; Self < 2; ++Self)
      if (isSelf(C->Args[Self].get(), T))
        return C->Args[1 - Self];
    return nullptr;
  }
  const auto *Sel = dyn_cast<SelectExpr>(R);
  if (!Sel)
    return nullptr;
  const auto *Cmp = dyn_cast<BinaryExpr>(stripCasts(Sel->Cond.get()));
  if (!Cmp)
    return nullptr;
  // Which side of the comparison is the larger one when it holds.
  ExprPtr Big = Cmp->LHS, Small = Cmp->RHS;
  if (Cmp->Op == BinaryOpKind::LT || Cmp->Op == BinaryOpKind::LE)
    std::swap(Big, Small);
  else if (Cmp->Op != BinaryOpKind::GT && Cmp->Op != BinaryOpKind::GE)
    return nullptr;
  auto Same = [](const ExprPtr &A, const ExprPtr &B) {
    return sameExpr(*stripCasts(A.get()), *stripCasts(B.get()));
  };
  const ExprPtr &Chosen = Max ? Big : Small;
  const ExprPtr &Other = Max ? Small : Big;
  if (!Same(Sel->True, Chosen) || !Same(Sel->False, Other))
    return nullptr;
  if (isSelf(Big.get(), T))
    return Small;
  if (isSelf(Small.get(), T))
    return Big;
  return nullptr;
}

std::string targetList(const std::vector<const ReductionFacts *> &Rs) {
  std::string S;
  for (size_t I = 0; I < Rs.size(); ++I)
    S += (I == 0               ? ""
          : I + 1 == Rs.size() ? " and "
                               : ", ") +
         Rs[I]->Target + " (" + Rs[I]->Op + ")";
  return S;
}

/// `reduction(+: s, t) reduction(max: m)` for the given reductions.
std::string clauseFor(const NestStmt &N,
                      const std::vector<const ReductionFacts *> &Rs) {
  std::vector<std::pair<std::string, std::vector<std::string>>> ByOp;
  for (const ReductionFacts *R : Rs) {
    auto It = std::find_if(ByOp.begin(), ByOp.end(),
                           [&](const auto &P) { return P.first == R->Op; });
    if (It == ByOp.end()) {
      ByOp.push_back({R->Op, {}});
      It = std::prev(ByOp.end());
    }
    std::string V = reductionVar(N, *R);
    if (std::find(It->second.begin(), It->second.end(), V) == It->second.end())
      It->second.push_back(V);
  }
  std::string S;
  for (const auto &[Op, Vars] : ByOp) {
    S += (S.empty() ? "reduction(" : " reduction(") + Op + ": ";
    for (size_t I = 0; I < Vars.size(); ++I)
      S += (I ? ", " : "") + Vars[I];
    S += ")";
  }
  return S;
}

/// The type of Var as an assignment target in L (a scalar, or the element
/// type of array Var), if L assigns it.
std::optional<ScalarKind> targetType(const StmtList &L,
                                     const std::string &Var) {
  std::optional<ScalarKind> K;
  forEachStmt(L, [&](const Stmt &S) {
    const auto *A = dyn_cast<AssignStmt>(&S);
    if (!A || K)
      return;
    const auto *V = dyn_cast<VarRef>(A->LHS.get());
    const auto *R = dyn_cast<ArrayRef>(A->LHS.get());
    if ((V && V->Name == Var) || (R && !R->Local && R->Array == Var))
      K = A->LHS->Type;
  });
  return K;
}

/// Whether the nest declares Name where HoistHostLoops may keep it on the
/// host: in the body of loops that are all sequential (host loops, if they
/// are hoisted; a loop that is not runs, with the reduction, in one
/// thread), or at the top with a name restructuring made.
bool declaredForHost(const LoweringContext &Ctx, const NestStmt *N,
                     const std::string &Name) {
  std::function<bool(const StmtList &, bool)> Walk = [&](const StmtList &L,
                                                         bool InLoop) {
    for (const StmtPtr &S : L) {
      if (const auto *D = dyn_cast<DeclStmt>(S.get())) {
        if (D->Name == Name && !D->isArray() &&
            (InLoop || StringRef(Name).starts_with("c2c_")))
          return true;
      } else if (const auto *F = dyn_cast<ForStmt>(S.get())) {
        const LoopFacts *LF = Ctx.loopFacts(N, F);
        if (LF && LF->Class == LoopClass::Sequential && Walk(F->Body, true))
          return true;
      } else if (const auto *I = dyn_cast<IfStmt>(S.get())) {
        if (Walk(I->Then, InLoop) || Walk(I->Else, InLoop))
          return true;
      }
    }
    return false;
  };
  return Walk(N->Body, false);
}

bool isOutsideScalar(const LoweringContext &Ctx, const NestStmt *N,
                     const std::string &Name) {
  if (const NestFacts *NF = Ctx.nestFacts(N))
    if (NF->ScalarsWritten.count(Name) || NF->ScalarsRead.count(Name))
      return true;
  const Param *P = Ctx.F.findParam(Name);
  return (P && !P->isArray()) || declaredForHost(Ctx, N, Name);
}

} // namespace

AssignOpKind compoundOp(AtomicKind K) {
  switch (K) {
  case AtomicKind::Add:
    return AssignOpKind::Add;
  case AtomicKind::Sub:
    return AssignOpKind::Sub;
  case AtomicKind::Mul:
    return AssignOpKind::Mul;
  case AtomicKind::And:
    return AssignOpKind::And;
  case AtomicKind::Or:
    return AssignOpKind::Or;
  case AtomicKind::Xor:
    return AssignOpKind::Xor;
  default:
    return AssignOpKind::Set;
  }
}

std::optional<AtomicForm> atomicForm(const AssignStmt &S, const std::string &Op,
                                     std::string &Why) {
  const Expr &T = *S.LHS;
  std::string TargetText = exprToString(T); // For messages.
  ScalarKind Target = S.LHS->Type;
  AtomicForm F;
  BinaryOpKind Chain = BinaryOpKind::Add;
  if (Op == "+") {
    F.Kind = S.Op == AssignOpKind::Sub ? AtomicKind::Sub : AtomicKind::Add;
  } else if (Op == "*") {
    F.Kind = AtomicKind::Mul;
    Chain = BinaryOpKind::Mul;
  } else if (Op == "&") {
    F.Kind = AtomicKind::And;
    Chain = BinaryOpKind::BitAnd;
  } else if (Op == "|") {
    F.Kind = AtomicKind::Or;
    Chain = BinaryOpKind::BitOr;
  } else if (Op == "^") {
    F.Kind = AtomicKind::Xor;
    Chain = BinaryOpKind::BitXor;
  } else if (Op == "min" || Op == "max") {
    F.Kind = Op == "max" ? AtomicKind::Max : AtomicKind::Min;
  } else {
    Why = "'" + Op + "' is not a reduction operator";
    return std::nullopt;
  }

  static const std::map<AtomicKind, AssignOpKind> Compound = {
      {AtomicKind::Add, AssignOpKind::Add},
      {AtomicKind::Sub, AssignOpKind::Sub},
      {AtomicKind::Mul, AssignOpKind::Mul},
      {AtomicKind::And, AssignOpKind::And},
      {AtomicKind::Or, AssignOpKind::Or},
      {AtomicKind::Xor, AssignOpKind::Xor}};
  if (F.Kind == AtomicKind::Min || F.Kind == AtomicKind::Max) {
    if (S.Op == AssignOpKind::Set)
      F.Operand = minMaxOperand(S, F.Kind == AtomicKind::Max, T);
  } else if (S.Op == Compound.at(F.Kind)) {
    F.Operand = S.RHS;
  } else if (S.Op == AssignOpKind::Set) {
    bool Found = false, Negated = false;
    F.Operand = dropSelf(S.RHS, Chain, T, Found, Negated);
    if (!Found || Negated)
      F.Operand = nullptr;
  }
  if (!F.Operand) {
    Why = "'" + stmtText(S) + "' is not a '" + Op + "' reduction into " +
          TargetText;
    return std::nullopt;
  }

  ScalarKind From = F.Operand->Type;
  if (isNarrowInteger(Target)) {
    Why = "'" + stmtText(S) + "' updates " + TargetText + ", of type '" +
          spelling(Target) + "', and CUDA has no atomic updates of 8- or " +
          "16-bit integers";
    return std::nullopt;
  }
  if (!isFloating(Target) && isFloating(From)) {
    Why = "'" + stmtText(S) + "' updates the integer " + TargetText +
          " with a floating value, which C converts after combining";
    return std::nullopt;
  }
  if (!isFloating(Target) && From != Target &&
      (F.Kind == AtomicKind::Min || F.Kind == AtomicKind::Max)) {
    Why = "'" + stmtText(S) + "' compares " + TargetText + " as " +
          spelling(From) + ", not as its own type " + spelling(Target);
    return std::nullopt;
  }
  if (From != Target)
    F.Operand = std::make_shared<CastExpr>(F.Operand, Target, F.Operand->Loc);
  return F;
}

std::string clauseVar(const NestStmt &N, const std::string &S) {
  auto It = N.StandsFor.find(S);
  return It != N.StandsFor.end() ? It->second : S;
}

std::string reductionVar(const NestStmt &N, const ReductionFacts &R) {
  if (R.IsScalar)
    return clauseVar(N, R.Target);
  for (const AssignStmt *S : R.Stmts)
    if (const auto *A = dyn_cast<ArrayRef>(S->LHS.get()))
      return A->Array;
  return R.Target.substr(0, R.Target.find('['));
}

std::string reductionPermission(const LoweringContext &Ctx, const NestStmt &N,
                                const ReductionFacts &R) {
  std::string Given = reductionPermission(Ctx, N, R.Op, reductionVar(N, R));
  if (!Given.empty() && Given != "--allow-reassociation")
    return Given; // The clause, which the user reads.
  // Integer +, *, min, max, &, |, ^ give the same bits in any order (sums
  // and products modulo 2^n, as both the GPU and the CPU wrap): there is
  // nothing to permit. Floating-point sums round differently in another
  // order.
  if (!isFloating(R.Type))
    return "exact integer arithmetic";
  // `m = fmax(m, e)` (fmaxf, fmin, fminf) gives the same value in any order:
  // the updates combine with the same call, which ignores a NaN operand.
  // (An `if (e > m) m = e;` does not: a NaN start stays in C.)
  if ((R.Op == "max" || R.Op == "min") && !R.Stmts.empty() &&
      std::all_of(R.Stmts.begin(), R.Stmts.end(), [](const AssignStmt *S) {
        const auto *C = dyn_cast<CallExpr>(S->RHS.get());
        return C && (C->Callee == "fmax" || C->Callee == "fmaxf" ||
                     C->Callee == "fmin" || C->Callee == "fminf");
      }))
    return "fmax and fmin, the same in any order";
  return Given;
}

std::string reductionPermission(const LoweringContext &Ctx, const NestStmt &N,
                                const std::string &Op, const std::string &Var) {
  for (const auto &[COp, V] : N.Clauses.Reductions)
    if (COp == Op && V == Var)
      return "'reduction(" + Op + ": " + V + ")'";
  if (auto It = N.OrderFree.find(Var);
      It != N.OrderFree.end() && (Op == "min" || Op == "max"))
    return It->second;
  if (Ctx.AllowReassociation)
    return "--allow-reassociation";
  return "";
}

bool canRunReductionInParallel(const LoweringContext &Ctx, const NestStmt *N,
                               const ForStmt *L, std::string &Why) {
  Why.clear();
  const LoopFacts *LF = N ? Ctx.loopFacts(N, L) : nullptr;
  if (!LF || LF->Class != LoopClass::Reduction)
    return false;
  if (LF->Reductions.empty()) {
    Why = L->Iter + " carries reductions the analysis did not describe";
    return false;
  }
  std::vector<const ReductionFacts *> All, Unallowed;
  for (const ReductionFacts &R : LF->Reductions) {
    All.push_back(&R);
    if (reductionPermission(Ctx, *N, R).empty())
      Unallowed.push_back(&R);
  }
  if (!Unallowed.empty()) {
    Why = L->Iter + " is a reduction into " + targetList(All) +
          "; allow reassociation with '" + clauseFor(*N, Unallowed) +
          "' or --allow-reassociation to run it in parallel";
    // A floating-point min or max written with fmax/fmin needs neither.
    if (std::all_of(Unallowed.begin(), Unallowed.end(),
                    [](const ReductionFacts *R) {
                      return R->Op == "min" || R->Op == "max";
                    }))
      Why += ", or write the update with fmax or fmin (fmaxf, fminf), "
             "which needs neither";
    return false;
  }
  for (const ReductionFacts &R : LF->Reductions) {
    std::string Head =
        L->Iter + " is a reduction into " + R.Target + " (" + R.Op + ")";
    if (R.IsScalar && !isOutsideScalar(Ctx, N, R.Target)) {
      Why = Head + ", but " + R.Target +
            " is declared inside the nest, so the threads cannot share it";
      return false;
    }
    for (const AssignStmt *S : R.Stmts) {
      std::string Reason;
      if (!S || !atomicForm(*S, R.Op, Reason)) {
        Why = Head + ", but it has no atomic update: " +
              (S ? Reason : "a reduction statement is missing");
        return false;
      }
    }
  }
  return true;
}

/// Whether L holds a statement of reduction shape with operator Op into Var
/// (a scalar or an element of array Var).
static bool hasUpdateOf(const StmtList &L, const std::string &Var,
                        const std::string &Op) {
  bool Found = false;
  forEachStmt(L, [&](const Stmt &S) {
    const auto *A = dyn_cast<AssignStmt>(&S);
    if (!A)
      return;
    auto M = analysis::matchReduction(*A);
    std::string Target;
    if (const auto *V = dyn_cast<VarRef>(A->LHS.get()))
      Target = V->Name;
    else if (const auto *R = dyn_cast<ArrayRef>(A->LHS.get()))
      Target = R->Array;
    Found |= M && M->Op == Op && Target == Var;
  });
  return Found;
}

void checkReductionClauses(const LoweringContext &Ctx) {
  forEachStmt(Ctx.F.Body, [&](const Stmt &S) {
    const auto *N = dyn_cast<NestStmt>(&S);
    if (!N || N->Clauses.Reductions.empty())
      return;
    std::set<std::string> Names;
    collectVarNames(N->Body, Names);
    for (const std::string &A : collectArrayNames(N->Body))
      Names.insert(A);
    // Every reduction the analysis found in the nest.
    std::vector<const ReductionFacts *> Found;
    if (const NestFacts *NF = Ctx.nestFacts(N))
      for (const auto &[Loop, LF] : NF->Loops)
        for (const ReductionFacts &R : LF.Reductions)
          Found.push_back(&R);
    for (const auto &[Op, Var] : N->Clauses.Reductions) {
      std::string Clause = "reduction(" + Op + ": " + Var + ")";
      SourceLoc Loc = N->clauseLoc(Clause);
      if (!Names.count(Var)) {
        Ctx.Diags.error(
            Loc,
            "'" + Var + "' in clause '" + Clause +
                "' is not a variable of this nest",
            "name a scalar or an array the nest reduces into" +
                (Found.empty()
                     ? std::string()
                     : ", e.g. '" + clauseFor(*N, {Found.front()}) + "'"));
        continue;
      }
      // A parallel reduction is a set of atomic updates, and CUDA has none
      // for char and short: say so here rather than leave the loop
      // sequential behind the user's back.
      if (std::optional<ScalarKind> K = targetType(N->Body, Var);
          K && isNarrowInteger(*K)) {
        Ctx.Diags.error(
            Loc,
            "clause '" + Clause + "' asks for atomic updates of '" + Var +
                "', of type '" + spelling(*K) +
                "'; CUDA has no atomic updates of 8- or 16-bit integers",
            "accumulate into an 'int' (or wider) variable or array and "
            "convert the result after the loop, or remove the clause");
        continue;
      }
      bool Matches = false;
      for (const ReductionFacts *R : Found)
        Matches |= R->Op == Op && reductionVar(*N, *R) == Var;
      if (Matches)
        continue;
      Ctx.Diags.warning(
          Loc, "clause '" + Clause + "' matches no reduction of this nest",
          !Found.empty()
              ? "this nest's reductions: '" + clauseFor(*N, Found) + "'"
          : hasUpdateOf(N->Body, Var, Op)
              ? "'" + Var + "' is updated with '" + Op +
                    "', but the loops also carry another dependence or use '" +
                    Var + "' otherwise; the remarks at the nest name it"
          : (Op == "min" || Op == "max")
              ? "a " + Op + " reduction updates its target only as 's = f" +
                    Op + "f(s, e)' or with '?:'"
              : "a '" + Op + "' reduction updates its target only as 's " + Op +
                    "= e' or 's = s " + Op + " e'");
    }
  });
}

} // namespace c2cuda
