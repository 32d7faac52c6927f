//===- DeferAccumulatorStarts.cpp - Sums start from zero ------------------===//

#include "DeferAccumulatorStarts.h"

#include "IRQueries.h"
#include "ReductionPolicy.h"

#include "ir/IRBuild.h"
#include "ir/IRPrinter.h"
#include "ir/IRRewrite.h"
#include "ir/IRUses.h"
#include "ir/IRWalk.h"

#include "llvm/Support/Casting.h"

#include <map>
#include <optional>
#include <set>

using namespace llvm;

namespace c2cuda {

namespace {

bool summable(ScalarKind T) {
  switch (T) {
  case ScalarKind::Int:
  case ScalarKind::UInt:
  case ScalarKind::Long:
  case ScalarKind::ULong:
  case ScalarKind::Float:
  case ScalarKind::Double:
    return true;
  default:
    return false;
  }
}

/// Whether S is `v += e` or `v -= e` into a scalar v, e not reading v.
const VarRef *sumInto(const Stmt &S) {
  const auto *A = dyn_cast<AssignStmt>(&S);
  const auto *V = A ? dyn_cast<VarRef>(A->LHS.get()) : nullptr;
  if (V && (A->Op == AssignOpKind::Add || A->Op == AssignOpKind::Sub) &&
      A->Atomic == AtomicKind::None && !mentionsVar(*A->RHS, V->Name))
    return V;
  return nullptr;
}

/// Scalars every mention of which in L (bounds included) is the target of
/// a sumInto statement, and that L does not declare: the loop only adds
/// terms to them.
std::map<std::string, ScalarKind> sumsOf(const StmtPtr &L) {
  std::map<std::string, ScalarKind> Sums;
  std::set<std::string> Other;
  auto Reads = [&](const ExprPtr &E) {
    if (E)
      collectVarNames(*E, Other);
  };
  forEachStmt({L}, [&](const Stmt &S) {
    if (const VarRef *V = sumInto(S)) {
      Sums.emplace(V->Name, V->Type);
      Reads(cast<AssignStmt>(S).RHS);
    } else if (const auto *A = dyn_cast<AssignStmt>(&S)) {
      Reads(A->LHS); // A scalar target is set: as bad as a read here.
      Reads(A->RHS);
    } else if (const auto *D = dyn_cast<DeclStmt>(&S)) {
      Other.insert(D->Name);
      Reads(D->Init);
    } else if (const auto *F = dyn_cast<ForStmt>(&S)) {
      Other.insert(F->Iter);
      Reads(F->Lower);
      Reads(F->Upper);
    } else if (const auto *I = dyn_cast<IfStmt>(&S)) {
      Reads(I->Cond);
    }
  });
  for (auto It = Sums.begin(); It != Sums.end();)
    if (Other.count(It->first) || !summable(It->second))
      It = Sums.erase(It);
    else
      ++It;
  return Sums;
}

/// The scalar S sets (name and type), when S is `T v = e;` or an
/// assignment to a scalar v.
std::optional<std::pair<std::string, ScalarKind>> scalarSet(const Stmt &S) {
  if (const auto *D = dyn_cast<DeclStmt>(&S)) {
    if (D->isArray() || !D->Init)
      return std::nullopt;
    return std::make_pair(D->Name, D->Type);
  }
  const auto *A = dyn_cast<AssignStmt>(&S);
  const auto *V = A ? dyn_cast<VarRef>(A->LHS.get()) : nullptr;
  if (!V || A->Atomic != AtomicKind::None)
    return std::nullopt;
  return std::make_pair(V->Name, V->Type);
}

/// What statement S of a start computes from, besides its own target.
ExprPtr startValue(const Stmt &S) {
  if (const auto *D = dyn_cast<DeclStmt>(&S))
    return D->Init;
  return cast<AssignStmt>(S).RHS;
}

class Deferrer {
public:
  Deferrer(const Kernel &K, const LoweringContext &Ctx)
      : Nest(Ctx.nest(K.NestId)), Ctx(Ctx) {
    collectDecls(K.Body, Taken);
    collectVarNames(K.Body, Taken);
  }

  StmtList run(const StmtList &L);
  std::vector<std::string> Remarks;
  bool Changed = false;

private:
  /// The statements that replace Run, L and what follows L, or empty.
  StmtList defer(const StmtList &Run, const StmtPtr &Loop,
                 const std::map<std::string, ScalarKind> &Sums);
  /// Acc as the user wrote it: an array element kept in a register
  /// (ReplaceArrayAccumulators) is that element where it starts from
  /// itself, else an element of its array.
  std::string shown(const std::string &Acc, const Stmt &Def) const {
    if (!Nest || !Nest->StandsFor.count(Acc))
      return "'" + Acc + "'";
    const std::string &Array = Nest->StandsFor.at(Acc);
    const auto *R = dyn_cast<ArrayRef>(startValue(Def).get());
    if (R && R->Array == Array)
      return "'" + exprToString(*R) + "'";
    return "an element of '" + Array + "'";
  }
  std::string freshName(const std::string &Base) {
    std::string N = Base;
    for (int I = 1; Taken.count(N); ++I)
      N = Base + "_" + std::to_string(I);
    Taken.insert(N);
    return N;
  }

  /// The name a reduction clause uses for Acc.
  std::string clauseName(const std::string &Acc) const {
    return Nest ? clauseVar(*Nest, Acc) : Acc;
  }
  /// Whether the user allowed Acc's additions to be reassociated (the rule
  /// every reduction follows: ReductionPolicy.h).
  bool allowed(const std::string &Acc) const {
    return Nest ? !reductionPermission(Ctx, *Nest, "+", clauseName(Acc)).empty()
                : Ctx.AllowReassociation;
  }

  const NestStmt *Nest;
  const LoweringContext &Ctx;
  std::set<std::string> Taken;
};

StmtList Deferrer::run(const StmtList &L) {
  // Statements are rebuilt only where something inside them changed: the
  // analysis knows loops and references by address.
  StmtList Out;
  for (const StmtPtr &S : L) {
    if (const auto *F = dyn_cast<ForStmt>(S.get())) {
      StmtList B = run(F->Body);
      if (B != F->Body) {
        auto N = std::make_shared<ForStmt>(*F);
        N->Body = std::move(B);
        Out.push_back(N);
        continue;
      }
    } else if (const auto *I = dyn_cast<IfStmt>(S.get())) {
      StmtList T = run(I->Then), E = run(I->Else);
      if (T != I->Then || E != I->Else) {
        auto N = std::make_shared<IfStmt>(*I);
        N->Then = std::move(T);
        N->Else = std::move(E);
        Out.push_back(N);
        continue;
      }
    }
    Out.push_back(S);
  }
  for (size_t T = 0; T < Out.size(); ++T) {
    const auto *F = dyn_cast<ForStmt>(Out[T].get());
    if (!F)
      continue;
    std::map<std::string, ScalarKind> Sums = sumsOf(Out[T]);
    size_t Start = T;
    // The statements setting scalars just before the loop: the sums'
    // starts, and others that read no sum (they stay where they are).
    while (Start > 0) {
      auto Set = scalarSet(*Out[Start - 1]);
      if (!Set)
        break;
      bool ReadsSum = false;
      for (const auto &Sum : Sums)
        ReadsSum |= mentionsVar(*startValue(*Out[Start - 1]), Sum.first);
      if (!Sums.count(Set->first) && ReadsSum)
        break;
      --Start;
    }
    if (Start == T)
      continue;
    StmtList Run(Out.begin() + Start, Out.begin() + T);
    StmtList New = defer(Run, Out[T], Sums);
    if (New.empty())
      continue;
    StmtList Rebuilt(Out.begin(), Out.begin() + Start);
    Rebuilt.insert(Rebuilt.end(), New.begin(), New.end());
    size_t Next = Rebuilt.size();
    Rebuilt.insert(Rebuilt.end(), Out.begin() + T + 1, Out.end());
    Out = std::move(Rebuilt);
    T = Next - 1;
    Changed = true;
  }
  return Out;
}

StmtList Deferrer::defer(const StmtList &Run, const StmtPtr &Loop,
                         const std::map<std::string, ScalarKind> &Sums) {
  const auto &L = cast<ForStmt>(*Loop);
  NamesWritten W = namesWritten({Loop});
  std::map<std::string, StmtList> Of; // Each accumulator's statements.
  std::set<std::string> Loads;        // Those whose start reads an array.
  std::set<std::string> Bystanders;   // Other scalars the run sets.
  std::map<std::string, std::set<std::string>> StartReads;
  for (const StmtPtr &S : Run) {
    auto [Name, T] = *scalarSet(*S);
    ExprPtr E = startValue(*S);
    if (!Sums.count(Name)) {
      Bystanders.insert(Name);
      continue;
    }
    collectVarNames(*E, StartReads[Name]);
    // The first statement defines the start without reading it.
    const auto *A = dyn_cast<AssignStmt>(S.get());
    if (!Of.count(Name) &&
        ((A && A->Op != AssignOpKind::Set) || mentionsVar(*E, Name)))
      return {};
    Of[Name].push_back(S);
    bool Bad = false;
    forEachExpr(*E, [&](const Expr &X) {
      if (const auto *R = dyn_cast<ArrayRef>(&X)) {
        Bad |= R->Local || W.Arrays.count(R->Array);
        Loads.insert(Name);
      } else if (const auto *V = dyn_cast<VarRef>(&X)) {
        Bad |= V->Name != Name && W.Scalars.count(V->Name);
      }
    });
    if (Bad)
      return {};
  }
  // A start computed after the loop must not read what the run sets
  // around it: it could see a later value.
  for (const std::string &Name : Loads)
    for (const std::string &B : Bystanders)
      if (StartReads[Name].count(B))
        return {};
  // Without the user's permission the start stays; a remark says how much
  // it holds and how to allow it.
  for (auto It = Loads.begin(); It != Loads.end();) {
    if (allowed(*It)) {
      ++It;
      continue;
    }
    Remarks.push_back("the sum into " + shown(*It, *Of[*It].front()) +
                      " across '" + L.Iter +
                      "' holds its start in a register through the loop; "
                      "allow reassociation with 'reduction(+: " +
                      clauseName(*It) +
                      ")' or --allow-reassociation to add the start after "
                      "the loop");
    It = Loads.erase(It);
  }
  if (Loads.empty())
    return {};

  // Starts without loads stay before L as they are; the others become the
  // identity there and are computed after L.
  StmtList Before, After, Adds;
  for (const StmtPtr &S : Run) {
    auto [Name, T] = *scalarSet(*S);
    if (!Loads.count(Name)) {
      Before.push_back(S);
      continue;
    }
    const StmtList &Stmts = Of[Name];
    if (S != Stmts.front())
      continue;
    const Stmt &Def = *S;
    ExprPtr Identity = isFloating(T)
                           ? ExprPtr(std::make_shared<FloatLit>(-0.0, T))
                           : ExprPtr(std::make_shared<IntLit>(0, T));
    ExprPtr Acc = build::var(Name, T);
    if (isa<DeclStmt>(Def))
      Before.push_back(std::make_shared<DeclStmt>(Name, T, Identity, Def.Loc));
    else
      Before.push_back(std::make_shared<AssignStmt>(Acc, AssignOpKind::Set,
                                                    Identity, Def.Loc));
    ExprPtr Start = startValue(Def);
    if (Start->Type != T)
      Start = build::cast(Start, T);
    if (Stmts.size() > 1) {
      // A start set in several statements: computed into a scalar of its
      // own, then added.
      ExprPtr Temp = build::var(freshName("c2c_start_" + Name), T);
      After.push_back(std::make_shared<DeclStmt>(cast<VarRef>(*Temp).Name, T,
                                                 Start, Def.Loc));
      StmtList Rest(Stmts.begin() + 1, Stmts.end());
      StmtList Renamed = rewriteStmts(Rest, [&](const ExprPtr &E) -> ExprPtr {
        const auto *V = dyn_cast<VarRef>(E.get());
        return V && V->Name == Name ? Temp : nullptr;
      });
      After.insert(After.end(), Renamed.begin(), Renamed.end());
      Start = Temp;
    }
    Adds.push_back(std::make_shared<AssignStmt>(
        Acc, AssignOpKind::Set, build::bin(BinaryOpKind::Add, Start, Acc, T),
        Def.Loc));
    Remarks.push_back("the sum into " + shown(Name, Def) + " across '" +
                      L.Iter +
                      "' starts from zero; its start is added after the loop "
                      "(the additions reassociated), so no register holds it "
                      "through the loop");
  }
  StmtList Out = Before;
  Out.push_back(Loop);
  Out.insert(Out.end(), After.begin(), After.end());
  Out.insert(Out.end(), Adds.begin(), Adds.end());
  return Out;
}

} // namespace

LoweredFunction deferAccumulatorStarts(LoweredFunction LF,
                                       const LoweringContext &Ctx) {
  for (Kernel &K : LF.Kernels) {
    Deferrer D(K, Ctx);
    StmtList Body = D.run(K.Body);
    if (D.Changed)
      K.Body = std::move(Body);
    K.Remarks.insert(K.Remarks.end(), D.Remarks.begin(), D.Remarks.end());
  }
  return LF;
}

} // namespace c2cuda
