//===- ReplaceArrayAccumulators.cpp - Array elements accumulated in registers //

#include "ReplaceArrayAccumulators.h"

#include "ir/IRPrinter.h"
#include "ir/IRRewrite.h"
#include "ir/IRWalk.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

using namespace llvm;

namespace c2cuda {

namespace {

class Replacer {
public:
  Replacer(const StmtList &Body, const std::vector<Param> &Params,
           DiagnosticList &Diags)
      : Params(Params), Diags(Diags) {
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

  /// Appends loop K, inner lists rewritten too, with its replaceable
  /// accumulators in scalars (Before: the statements before K at its level;
  /// Level: the elements they assign).
  void loop(const ForStmt &K, StmtList &Before, Written &Level) {
    // The targets K replaces, decided on K as written; the loops inside
    // leave them alone, so an element is kept across the outermost loop
    // that allows it.
    StmtPtr Orig(&K, [](const Stmt *) {});
    LoopFacts Facts = loopFacts(Orig);
    // Whether K runs, for the elements kept only where it does (null: not
    // computable once for K and after it).
    ExprPtr Runs = runsTest(K, Facts.Changing);
    std::vector<const ArrayRef *> Targets;
    std::set<const ArrayRef *> Guarded;
    forEachStmt(K.Body, [&](const Stmt &S) {
      if (const auto *A = dyn_cast<AssignStmt>(&S))
        if (const auto *R = dyn_cast<ArrayRef>(A->LHS.get()))
          if (!claimed(*R) && std::none_of(Targets.begin(), Targets.end(),
                                           [&](const ArrayRef *T) {
                                             return sameExpr(*T, *R);
                                           })) {
            Replacement How = replaceable(*R, K, Facts, Level, Runs != nullptr);
            if (How != Replacement::No)
              Targets.push_back(R);
            if (How == Replacement::Guarded)
              Guarded.insert(R);
          }
    });
    size_t Outer = Claimed.size();
    Claimed.insert(Claimed.end(), Targets.begin(), Targets.end());
    Enclosing.push_back(&K);
    StmtList Body = list(K.Body);
    Enclosing.pop_back();
    Claimed.resize(Outer);
    auto New =
        std::make_shared<ForStmt>(K.Iter, K.IterType, K.Lower, K.Cmp, K.Upper,
                                  K.Step, std::move(Body), K.Loc);
    New->Unroll = K.Unroll;
    StmtPtr Loop = New;
    StmtList After;
    for (const ArrayRef *T : Targets) {
      std::string Name = fresh("c2c_acc_" + T->Array);
      StandsFor[Name] = T->Array;
      auto Ref = std::make_shared<ArrayRef>(*T);
      auto Var = std::make_shared<VarRef>(Name, T->Type, T->Loc);
      // The assignment to the target among the statements just before K:
      // its store is dead (K's value replaces it), so the scalar starts
      // from it instead.
      // Where K may run no iteration over an element the nest then never
      // touches, the load and the store happen only where K runs.
      ExprPtr Guard = Guarded.count(T) ? Runs : ExprPtr();
      StmtPtr Prev = Guard ? StmtPtr() : lastAssignment(Before, *T);
      const auto *Init = initialization(Prev, *T);
      if (Init) {
        Folded.push_back(Prev); // Level still points into it.
        Before.erase(std::find(Before.begin(), Before.end(), Prev));
      }
      bool Set = Init && Init->Op == AssignOpKind::Set;
      ExprPtr Start = Set ? Init->RHS : ExprPtr(Ref);
      if (Guard)
        Start = std::make_shared<SelectExpr>(Guard, Ref, zeroOf(T->Type),
                                             T->Type, K.Loc);
      Before.push_back(std::make_shared<DeclStmt>(Name, T->Type, Start, K.Loc));
      if (Init && !Set)
        Before.push_back(
            std::make_shared<AssignStmt>(Var, Init->Op, Init->RHS, Init->Loc));
      Loop = rewriteStmts({Loop}, [&](const ExprPtr &E) -> ExprPtr {
               const auto *R = dyn_cast<ArrayRef>(E.get());
               return R && sameExpr(*R, *Ref) ? Var : nullptr;
             }).front();
      StmtPtr Store =
          std::make_shared<AssignStmt>(Ref, AssignOpKind::Set, Var, K.Loc);
      if (Guard)
        Store =
            std::make_shared<IfStmt>(Guard, StmtList{Store}, StmtList{}, K.Loc);
      After.push_back(Store);
      Diags.remark(
          K.Loc, "'" + exprToString(*Ref) +
                     "' is accumulated in a register across '" + K.Iter +
                     "' (" +
                     (Init ? "from the assignment before the loop"
                           : "loaded before the loop") +
                     ", stored after it" +
                     (Guard ? "; both where '" + K.Iter + "' runs" : "") + ")");
    }
    Before.push_back(Loop);
    for (const StmtPtr &S : After) {
      Before.push_back(S);
      noteWrite(S, Level);
    }
  }

  /// The last assignment to T's array among the assignments and
  /// declarations at the end of L, when it can move past those after it:
  /// they do not mention the array and assign no scalar it reads; else null.
  static StmtPtr lastAssignment(const StmtList &L, const ArrayRef &T) {
    std::set<std::string> Assigned;
    for (auto It = L.rbegin(); It != L.rend(); ++It) {
      const auto *A = dyn_cast<AssignStmt>(It->get());
      const auto *D = dyn_cast<DeclStmt>(It->get());
      if (!A && !D)
        return nullptr;
      if (const auto *R = A ? dyn_cast<ArrayRef>(A->LHS.get()) : nullptr;
          R && R->Array == T.Array) {
        bool Reads = false;
        forEachExprIn({*It}, [&](const Expr &E) {
          if (const auto *V = dyn_cast<VarRef>(&E))
            Reads |= Assigned.count(V->Name) > 0;
        });
        return Reads ? nullptr : *It;
      }
      bool Mentions = false;
      forEachExprIn({*It}, [&](const Expr &E) {
        if (const auto *R = dyn_cast<ArrayRef>(&E))
          Mentions |= R->Array == T.Array;
      });
      if (Mentions)
        return nullptr;
      if (D)
        Assigned.insert(D->Name);
      else if (const auto *V = dyn_cast<VarRef>(A->LHS.get()))
        Assigned.insert(V->Name);
    }
    return nullptr;
  }

  /// S, when it assigns element T (`T = e` or `T op= e`, not atomic) with
  /// an e that reads nothing of T's array.
  static const AssignStmt *initialization(const StmtPtr &S, const ArrayRef &T) {
    const auto *A = dyn_cast_or_null<AssignStmt>(S.get());
    const auto *L = A ? dyn_cast<ArrayRef>(A->LHS.get()) : nullptr;
    if (!L || !sameExpr(*L, T) || A->Atomic != AtomicKind::None ||
        A->Width != 1)
      return nullptr;
    bool Reads = false;
    forEachExpr(*A->RHS, [&](const Expr &E) {
      if (const auto *R = dyn_cast<ArrayRef>(&E))
        Reads |= R->Array == T.Array;
    });
    return Reads ? nullptr : A;
  }

  /// What replaceable() asks of a loop K, found in one walk of it (asking
  /// per candidate walked K once per assignment: quadratic in K's size).
  struct LoopFacts {
    /// Arrays K references at more than one element.
    std::set<std::string> Mixed;
    /// Names K assigns or declares, its iterators included.
    std::set<std::string> Changing;
  };

  static LoopFacts loopFacts(const StmtPtr &K) {
    LoopFacts F;
    std::map<std::string, const ArrayRef *> First;
    forEachExprIn({K}, [&](const Expr &E) {
      if (const auto *R = dyn_cast<ArrayRef>(&E)) {
        auto [It, New] = First.try_emplace(R->Array, R);
        if (!New && !sameExpr(*It->second, *R))
          F.Mixed.insert(R->Array);
      }
    });
    forEachStmt({K}, [&](const Stmt &S) {
      if (const auto *L = dyn_cast<ForStmt>(&S))
        F.Changing.insert(L->Iter);
      else if (const auto *D = dyn_cast<DeclStmt>(&S))
        F.Changing.insert(D->Name);
      else if (const auto *A = dyn_cast<AssignStmt>(&S))
        if (const auto *V = dyn_cast<VarRef>(A->LHS.get()))
          F.Changing.insert(V->Name);
    });
    return F;
  }

  /// Whether T, an element assigned in loop K (Facts), can be kept in a
  /// scalar across K: always, or only where K runs (Guarded: T may lie
  /// outside what the nest touches when K runs no iteration; only where
  /// CanTest, K's runsTest exists).
  enum class Replacement { No, Always, Guarded };
  Replacement replaceable(const ArrayRef &T, const ForStmt &K,
                          const LoopFacts &Facts, const Written &Level,
                          bool CanTest) const {
    if (T.Local || NestArrays.count(T.Array))
      return Replacement::No;
    // Every reference to the array in K is this element.
    if (Facts.Mixed.count(T.Array))
      return Replacement::No;
    // The subscripts name one element throughout K.
    const std::set<std::string> &Changing = Facts.Changing;
    if (!invariantIn(T.Indices, Changing))
      return Replacement::No;
    // An earlier statement at this level writes the element.
    auto It = Level.find(T.Array);
    if ((It != Level.end() &&
         std::any_of(It->second.begin(), It->second.end(),
                     [&](const ArrayRef *E) { return sameExpr(*E, T); })) ||
        inDeclaredShape(T))
      return Replacement::Always;
    // Else the element is one the nest touches wherever K runs: K's body
    // assigns it unconditionally (not under a test or an inner loop). And
    // each point of the loops around K owns it: its subscripts read every
    // one of their iterators, and there is one (else those loops reduce
    // into it together, in parallel, which a load and a store per point
    // would turn into a race or a sequence).
    bool Unconditional =
        std::any_of(K.Body.begin(), K.Body.end(), [&](const StmtPtr &S) {
          const auto *A = dyn_cast<AssignStmt>(S.get());
          return A && sameExpr(*A->LHS, T);
        });
    std::set<std::string> Read;
    for (const ExprPtr &I : T.Indices)
      forEachExpr(*I, [&](const Expr &E) {
        if (const auto *V = dyn_cast<VarRef>(&E))
          Read.insert(V->Name);
      });
    bool Owned =
        !Enclosing.empty() &&
        std::all_of(Enclosing.begin(), Enclosing.end(),
                    [&](const ForStmt *L) { return Read.count(L->Iter) > 0; });
    return Owned && Unconditional && CanTest ? Replacement::Guarded
                                             : Replacement::No;
  }

  /// Whether Es read no array, call nothing and read no name of Changing
  /// (so they have one value throughout a loop changing those).
  static bool invariantIn(const std::vector<ExprPtr> &Es,
                          const std::set<std::string> &Changing) {
    bool Invariant = true;
    for (const ExprPtr &X : Es)
      forEachExpr(*X, [&](const Expr &E) {
        if (isa<ArrayRef>(E) || isa<CallExpr>(E))
          Invariant = false;
        else if (const auto *V = dyn_cast<VarRef>(&E))
          Invariant &= !Changing.count(V->Name);
      });
    return Invariant;
  }

  /// Whether K runs at least one iteration (`Lower Cmp Upper`), where its
  /// bounds read no array, call nothing and read nothing K changes (so the
  /// test after K gives the same answer); else null.
  static ExprPtr runsTest(const ForStmt &K,
                          const std::set<std::string> &Changing) {
    if (!invariantIn({K.Lower, K.Upper}, Changing))
      return nullptr;
    static const BinaryOpKind Op[] = {BinaryOpKind::LT, BinaryOpKind::LE,
                                      BinaryOpKind::GT, BinaryOpKind::GE};
    ExprPtr Lo = K.Lower, Up = K.Upper;
    if (Lo->Type != Up->Type) {
      Lo = std::make_shared<CastExpr>(Lo, ScalarKind::Long);
      Up = std::make_shared<CastExpr>(Up, ScalarKind::Long);
    }
    return std::make_shared<BinaryExpr>(Op[static_cast<int>(K.Cmp)], Lo, Up,
                                        ScalarKind::Int);
  }

  /// Zero of type T.
  static ExprPtr zeroOf(ScalarKind T) {
    if (isFloating(T))
      return std::make_shared<FloatLit>(0.0, T);
    return std::make_shared<IntLit>(0, T);
  }

  bool claimed(const ArrayRef &R) const {
    return std::any_of(Claimed.begin(), Claimed.end(),
                       [&](const ArrayRef *C) { return sameExpr(*C, R); });
  }

  /// T's array is a parameter declared with dimensions, and each subscript
  /// is the iterator of a loop around K from 0 to below that dimension.
  bool inDeclaredShape(const ArrayRef &T) const {
    const Param *P = nullptr;
    for (const Param &X : Params)
      if (X.Name == T.Array)
        P = &X;
    if (!P || P->ParamForm != Param::Form::Array ||
        P->Dims.size() != T.Indices.size())
      return false;
    for (size_t D = 0; D < T.Indices.size(); ++D) {
      const auto *V = dyn_cast<VarRef>(stripCasts(T.Indices[D].get()));
      if (!V || !P->Dims[D])
        return false;
      bool Covered = false;
      for (const ForStmt *L : Enclosing) {
        if (L->Iter != V->Name)
          continue;
        const auto *Lo = dyn_cast<IntLit>(stripCasts(L->Lower.get()));
        Covered = Lo && Lo->Value == 0 && L->Cmp == LoopCmp::LT &&
                  L->Step == 1 &&
                  sameExpr(*stripCasts(L->Upper.get()),
                           *stripCasts(P->Dims[D].get()));
      }
      if (!Covered)
        return false;
    }
    return true;
  }

  std::string fresh(const std::string &Base) {
    std::string N = Base;
    // Suffixes continue from the last one given for Base.
    for (unsigned &I = NextSuffix[Base]; Names.count(N);)
      N = Base + std::to_string(++I);
    Names.insert(N);
    return N;
  }

  const std::vector<Param> &Params;
  DiagnosticList &Diags;

public:
  /// The scalars made, with the arrays they stand for.
  std::map<std::string, std::string> StandsFor;

private:
  /// The loops around the list being rewritten, outermost first.
  std::vector<const ForStmt *> Enclosing;
  /// Elements an enclosing loop keeps in a scalar.
  std::vector<const ArrayRef *> Claimed;
  /// Statements folded into a scalar's start, kept alive for Level.
  std::vector<StmtPtr> Folded;
  std::map<std::string, unsigned> NextSuffix;
  std::set<std::string> Names, NestArrays;
};

} // namespace

StmtList
replaceArrayAccumulators(const StmtList &Body, const std::vector<Param> &Params,
                         DiagnosticList &Diags,
                         std::map<std::string, std::string> &StandsFor) {
  Replacer R(Body, Params, Diags);
  StmtList Out = R.list(Body);
  StandsFor.insert(R.StandsFor.begin(), R.StandsFor.end());
  return Out;
}

} // namespace c2cuda
