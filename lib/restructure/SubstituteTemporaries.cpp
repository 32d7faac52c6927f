//===- SubstituteTemporaries.cpp - Scalars set once, used in place --------===//

#include "SubstituteTemporaries.h"

#include "ir/IRRewrite.h"
#include "ir/IRUses.h"
#include "ir/IRWalk.h"

#include <algorithm>
#include <set>

using namespace llvm;

namespace c2cuda {

namespace {

/// How often the statements L name the scalar Name (reads and targets).
unsigned timesNamed(const StmtList &L, const std::string &Name) {
  unsigned N = 0;
  forEachExprIn(L, [&](const Expr &X) {
    if (const auto *V = dyn_cast<VarRef>(&X))
      N += V->Name == Name;
  });
  return N;
}

/// One temporary being substituted into the statements after it.
class Substitution {
public:
  Substitution(std::string Name, ExprPtr Value)
      : Name(std::move(Name)), Value(std::move(Value)) {
    forEachExpr(*this->Value, [&](const Expr &X) {
      if (const auto *V = dyn_cast<VarRef>(&X))
        ReadScalars.insert(V->Name);
      else if (const auto *A = dyn_cast<ArrayRef>(&X))
        ReadArrays.insert(A->Array);
    });
  }

  /// In with the uses replaced, appended to Out; false where a use cannot
  /// be (after a write of what the value reads, or in a loop that writes
  /// it) or the temporary is assigned or declared again.
  bool list(const StmtList &In, StmtList &Out) {
    for (const StmtPtr &S : In)
      if (!stmt(S, Out))
        return false;
    return true;
  }

  unsigned Uses = 0;

private:
  std::string Name;
  ExprPtr Value;
  std::set<std::string> ReadScalars, ReadArrays;
  /// A statement so far wrote something Value reads.
  bool Tainted = false;

  unsigned usesIn(const Expr &E) const {
    unsigned N = 0;
    forEachExpr(E, [&](const Expr &X) {
      if (const auto *V = dyn_cast<VarRef>(&X))
        N += V->Name == Name;
    });
    return N;
  }

  ExprPtr replaced(const ExprPtr &E) const {
    return rewriteExpr(E, [&](const ExprPtr &X) -> ExprPtr {
      const auto *V = dyn_cast<VarRef>(X.get());
      return V && V->Name == Name ? freshCopy(Value) : nullptr;
    });
  }

  /// Counts E's uses; false when there are some and the value may have
  /// changed since the declaration.
  bool use(const Expr &E) {
    unsigned N = usesIn(E);
    Uses += N;
    return N == 0 || !Tainted;
  }

  void wrote(const StmtPtr &S) {
    NamesWritten W = namesWritten({S});
    for (const std::string &V : W.Scalars)
      Tainted |= ReadScalars.count(V) > 0;
    for (const std::string &A : W.Arrays)
      Tainted |= ReadArrays.count(A) > 0;
  }

  bool stmt(const StmtPtr &S, StmtList &Out) {
    if (const auto *A = dyn_cast<AssignStmt>(S.get())) {
      if (const auto *V = dyn_cast<VarRef>(A->LHS.get()))
        if (V->Name == Name)
          return false;
      unsigned Before = Uses;
      if (!use(*A->RHS))
        return false;
      if (const auto *R = dyn_cast<ArrayRef>(A->LHS.get()))
        for (const ExprPtr &I : R->Indices)
          if (!use(*I))
            return false;
      if (Uses == Before) {
        Out.push_back(S);
      } else {
        StmtList One = rewriteReads({S}, [&](const ExprPtr &X) -> ExprPtr {
          const auto *V = dyn_cast<VarRef>(X.get());
          return V && V->Name == Name ? freshCopy(Value) : nullptr;
        });
        Out.push_back(One.front());
      }
      wrote(S);
      return true;
    }
    if (const auto *D = dyn_cast<DeclStmt>(S.get())) {
      // Shadowing the temporary or a name its value reads.
      if (D->Name == Name || ReadScalars.count(D->Name))
        return false;
      if (!D->Init || usesIn(*D->Init) == 0) {
        Out.push_back(S);
        return true;
      }
      if (!use(*D->Init))
        return false;
      auto New = std::make_shared<DeclStmt>(*D);
      New->Init = replaced(D->Init);
      Out.push_back(New);
      return true;
    }
    if (const auto *I = dyn_cast<IfStmt>(S.get())) {
      if (!use(*I->Cond))
        return false;
      bool Start = Tainted, AfterThen;
      StmtList Then, Else;
      if (!list(I->Then, Then))
        return false;
      AfterThen = Tainted;
      Tainted = Start;
      if (!list(I->Else, Else))
        return false;
      Tainted |= AfterThen;
      if (Then == I->Then && Else == I->Else && usesIn(*I->Cond) == 0) {
        Out.push_back(S);
        return true;
      }
      Out.push_back(std::make_shared<IfStmt>(replaced(I->Cond), std::move(Then),
                                             std::move(Else), I->Loc));
      return true;
    }
    // A loop that uses the temporary (`for j: y[j] += A[i][j] * xi`) must
    // write nothing its value reads, so that every iteration sees it.
    unsigned N = timesNamed({S}, Name);
    std::set<std::string> Declared; // Declarations and loop iterators.
    collectDecls({S}, Declared);
    bool Shadows = Declared.count(Name) ||
                   std::any_of(ReadScalars.begin(), ReadScalars.end(),
                               [&](const std::string &V) {
                                 return Declared.count(V) > 0;
                               });
    // Set again in it: not a temporary.
    if (namesWritten({S}).Scalars.count(Name))
      return false;
    if (N == 0) {
      Out.push_back(S);
      wrote(S);
      return true;
    }
    bool WasTainted = Tainted;
    wrote(S);
    if (WasTainted || Tainted || Shadows || !isa<ForStmt>(S.get()))
      return false;
    Uses += N;
    StmtList One = rewriteReads({S}, [&](const ExprPtr &X) -> ExprPtr {
      const auto *V = dyn_cast<VarRef>(X.get());
      return V && V->Name == Name ? freshCopy(Value) : nullptr;
    });
    Out.push_back(One.front());
    return true;
  }
};

/// Whether S is `Name = value` (plain assignment, value not naming Name).
const AssignStmt *setsScalar(const Stmt &S, const std::string &Name) {
  const auto *A = dyn_cast<AssignStmt>(&S);
  if (!A || A->Op != AssignOpKind::Set || A->Atomic != AtomicKind::None)
    return nullptr;
  const auto *V = dyn_cast<VarRef>(A->LHS.get());
  if (!V || V->Name != Name || mentionsVar(*A->RHS, Name))
    return nullptr;
  return A;
}

StmtList substituteIn(const StmtList &L,
                      std::vector<SubstitutedTemporary> &Done,
                      unsigned MaxUses) {
  StmtList Cur = L;
  for (size_t P = 0; P < Cur.size(); ++P) {
    const auto *D = dyn_cast<DeclStmt>(Cur[P].get());
    if (!D || D->isArray())
      continue;
    ExprPtr Value = D->Init;
    size_t From = P + 1;
    if (!Value) {
      // Declared, then set by the first statement that names it.
      while (From < Cur.size() && !timesNamed({Cur[From]}, D->Name))
        ++From;
      if (From == Cur.size())
        continue;
      const AssignStmt *Set = setsScalar(*Cur[From], D->Name);
      if (!Set)
        continue;
      Value = Set->RHS;
      ++From;
    }
    if (Value->Type != D->Type)
      Value = std::make_shared<CastExpr>(Value, D->Type, Value->Loc);
    Substitution Sub(D->Name, Value);
    StmtList Tail;
    StmtList After(Cur.begin() + From, Cur.end());
    // A value that is one load or one variable costs nothing to repeat.
    bool Leaf = isa<VarRef>(Value.get()) || isa<IntLit>(Value.get()) ||
                isa<FloatLit>(Value.get()) || isa<ArrayRef>(Value.get());
    if (!Sub.list(After, Tail) || Sub.Uses == 0 ||
        Sub.Uses > (Leaf ? 4 * MaxUses : MaxUses))
      continue;
    Done.push_back({D->Name, D->Loc});
    StmtList New(Cur.begin(), Cur.begin() + P);
    // Statements between the declaration and the one that sets it.
    for (size_t K = P + 1; K < From; ++K)
      if (!setsScalar(*Cur[K], D->Name))
        New.push_back(Cur[K]);
    New.insert(New.end(), Tail.begin(), Tail.end());
    Cur = std::move(New);
    --P; // The statement now at P is the next one.
  }
  for (StmtPtr &S : Cur) {
    if (const auto *F = dyn_cast<ForStmt>(S.get())) {
      StmtList Body = substituteIn(F->Body, Done, MaxUses);
      if (Body != F->Body) {
        auto G = std::make_shared<ForStmt>(*F);
        G->Body = std::move(Body);
        S = G;
      }
    } else if (const auto *I = dyn_cast<IfStmt>(S.get())) {
      StmtList Then = substituteIn(I->Then, Done, MaxUses);
      StmtList Else = substituteIn(I->Else, Done, MaxUses);
      if (Then != I->Then || Else != I->Else)
        S = std::make_shared<IfStmt>(I->Cond, std::move(Then), std::move(Else),
                                     I->Loc);
    }
  }
  return Cur;
}

} // namespace

StmtList substituteTemporaries(const StmtList &Body,
                               std::vector<SubstitutedTemporary> &Done,
                               unsigned MaxUses) {
  return substituteIn(Body, Done, MaxUses);
}

} // namespace c2cuda
