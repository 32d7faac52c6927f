//===- SplitArgExtremum.cpp - Argmax/argmin loops as two reductions -------===//

#include "SplitArgExtremum.h"

#include "ir/IRPrinter.h"
#include "ir/IRRewrite.h"
#include "ir/IRWalk.h"

#include <cstdint>
#include <optional>
#include <set>

using namespace llvm;

namespace c2cuda {

namespace {

/// A loop `for (i...) if (X cmp m) { m = X; v = f(i); ... }`.
struct ArgExtremum {
  const ForStmt *Loop = nullptr;
  const IfStmt *Branch = nullptr;
  std::string M;
  ScalarKind MType = ScalarKind::Int;
  ExprPtr X;          ///< The value compared with m.
  bool Max = true;    ///< m grows.
  bool Strict = true; ///< > or <: an equal later value does not win.
};

bool steps(const ForStmt &F) {
  return (F.Step > 0 && (F.Cmp == LoopCmp::LT || F.Cmp == LoopCmp::LE)) ||
         (F.Step < 0 && (F.Cmp == LoopCmp::GT || F.Cmp == LoopCmp::GE));
}

bool readsAny(const Expr &E, const std::set<std::string> &Names) {
  bool Reads = false;
  forEachExpr(E, [&](const Expr &X) {
    if (const auto *V = dyn_cast<VarRef>(&X))
      Reads |= Names.count(V->Name) != 0;
  });
  return Reads;
}

std::optional<ArgExtremum> match(const ForStmt &F) {
  if (F.Body.size() != 1 || !steps(F) || isFloating(F.IterType))
    return std::nullopt;
  const auto *I = dyn_cast<IfStmt>(F.Body.front().get());
  if (!I || !I->Else.empty() || I->Then.size() < 2)
    return std::nullopt;
  const auto *Cmp = dyn_cast<BinaryExpr>(I->Cond.get());
  if (!Cmp || (Cmp->Op != BinaryOpKind::LT && Cmp->Op != BinaryOpKind::LE &&
               Cmp->Op != BinaryOpKind::GT && Cmp->Op != BinaryOpKind::GE))
    return std::nullopt;
  // The branch sets distinct scalars, the iterator not among them.
  std::set<std::string> Set;
  for (const StmtPtr &S : I->Then) {
    const auto *A = dyn_cast<AssignStmt>(S.get());
    const auto *V = A ? dyn_cast<VarRef>(A->LHS.get()) : nullptr;
    if (!V || A->Op != AssignOpKind::Set || A->Atomic != AtomicKind::None ||
        V->Name == F.Iter || !Set.insert(V->Name).second)
      return std::nullopt;
  }
  // m is the side of the comparison the branch sets to the other side.
  for (bool MLeft : {true, false}) {
    const auto *MV = dyn_cast<VarRef>((MLeft ? Cmp->LHS : Cmp->RHS).get());
    const ExprPtr &X = MLeft ? Cmp->RHS : Cmp->LHS;
    if (!MV || !Set.count(MV->Name) || X->Type != MV->Type)
      continue;
    bool SetsM = false;
    for (const StmtPtr &S : I->Then) {
      const auto &A = cast<AssignStmt>(*S);
      if (cast<VarRef>(*A.LHS).Name == MV->Name)
        SetsM = sameExpr(*A.RHS, *X);
    }
    if (!SetsM)
      continue;
    // What the branch computes reads none of what it sets, so it can be
    // computed again at the iteration found.
    bool Reads =
        readsAny(*X, Set) || readsAny(*F.Lower, Set) || readsAny(*F.Upper, Set);
    // The others are computed again from the iterator alone.
    for (const StmtPtr &S : I->Then) {
      const auto &A = cast<AssignStmt>(*S);
      Reads |= readsAny(*A.RHS, Set) ||
               (cast<VarRef>(*A.LHS).Name != MV->Name && readsArray(*A.RHS));
    }
    if (Reads)
      return std::nullopt;
    ArgExtremum R;
    R.Loop = &F;
    R.Branch = I;
    R.M = MV->Name;
    R.MType = MV->Type;
    R.X = X;
    bool Greater = Cmp->Op == BinaryOpKind::GT || Cmp->Op == BinaryOpKind::GE;
    R.Max = Greater != MLeft; // X > m, or m < X.
    R.Strict = Cmp->Op == BinaryOpKind::GT || Cmp->Op == BinaryOpKind::LT;
    return R;
  }
  return std::nullopt;
}

ExprPtr var(const std::string &N, ScalarKind T, const SourceLoc &L) {
  return std::make_shared<VarRef>(N, T, L);
}

ExprPtr cmp(BinaryOpKind Op, ExprPtr A, ExprPtr B, const SourceLoc &L) {
  return std::make_shared<BinaryExpr>(Op, std::move(A), std::move(B),
                                      ScalarKind::Int, L);
}

/// `T = A op T ? A : T`, the form the reduction analysis reads as a min or
/// max of T.
StmtPtr keepExtreme(const std::string &T, ScalarKind Ty, BinaryOpKind Op,
                    const ExprPtr &A, const SourceLoc &L) {
  auto Sel =
      std::make_shared<SelectExpr>(cmp(Op, freshCopy(A), var(T, Ty, L), L),
                                   freshCopy(A), var(T, Ty, L), Ty, L);
  return std::make_shared<AssignStmt>(var(T, Ty, L), AssignOpKind::Set, Sel, L);
}

StmtPtr loopLike(const ForStmt &F, StmtList Body) {
  return std::make_shared<ForStmt>(F.Iter, F.IterType, freshCopy(F.Lower),
                                   F.Cmp, freshCopy(F.Upper), F.Step,
                                   std::move(Body), F.Loc);
}

ExprPtr lit(int64_t V, ScalarKind T, const SourceLoc &L) {
  return std::make_shared<IntLit>(V, T, L);
}

ExprPtr arith(BinaryOpKind Op, ExprPtr A, ExprPtr B, ScalarKind T,
              const SourceLoc &L) {
  auto Conv = [&](ExprPtr E) -> ExprPtr {
    return E->Type == T ? E : std::make_shared<CastExpr>(E, T, L);
  };
  return std::make_shared<BinaryExpr>(Op, Conv(std::move(A)),
                                      Conv(std::move(B)), T, L);
}

StmtList split(const ArgExtremum &A, unsigned N,
               std::map<std::string, std::string> &OrderFree,
               DiagnosticList &Diags) {
  const ForStmt &F = *A.Loop;
  const SourceLoc &L = F.Loc;
  const ScalarKind LL = ScalarKind::Long;
  std::string Best = "c2c_best" + std::to_string(N),
              Key = "c2c_at" + std::to_string(N);
  bool Floating = isFloating(A.MType);
  StmtList Out;
  // The extremum's value.
  Out.push_back(
      std::make_shared<DeclStmt>(Best, A.MType, var(A.M, A.MType, L), L));
  BinaryOpKind Beats = A.Max ? BinaryOpKind::GT : BinaryOpKind::LT;
  Out.push_back(loopLike(F, {keepExtreme(Best, A.MType, Beats, A.X, L)}));
  OrderFree[Best] =
      "its use: only the extremum's value is kept, which no order changes";
  // The earliest iteration holding it (the latest, where an equal value
  // wins): the least or the greatest iterator, by the loop's direction.
  // Its key is 2 * i, plus 1 where the value there has its sign bit set:
  // the maximum found may be a zero of either sign, the C's is the one at
  // that iteration.
  bool Least = A.Strict == (F.Step > 0);
  const ExprPtr &Bound = Least == (F.Step > 0) ? F.Upper : F.Lower;
  auto KeyOf = [&](ExprPtr I, ExprPtr Negative) {
    ExprPtr Twice =
        arith(BinaryOpKind::Mul, std::move(I), lit(2, LL, L), LL, L);
    return arith(BinaryOpKind::Add, Twice, std::move(Negative), LL, L);
  };
  auto SignOf = [&](ExprPtr V) -> ExprPtr {
    if (!Floating)
      return lit(0, LL, L);
    std::string Fn = A.MType == ScalarKind::Float ? "copysignf" : "copysign";
    auto One = std::make_shared<FloatLit>(1.0, A.MType, L);
    auto C = std::make_shared<CallExpr>(Fn, std::vector<ExprPtr>{One, V},
                                        A.MType, L);
    return cmp(BinaryOpKind::LT, C, std::make_shared<FloatLit>(0.0, A.MType, L),
               L);
  };
  // Where an equal value wins (>=, <=), the pick must tell an iteration
  // found from none: the key then starts beyond every iteration's.
  ExprPtr NoneFound = A.Strict
                          ? KeyOf(freshCopy(Bound), lit(Least ? 1 : 0, LL, L))
                          : lit(Least ? INT64_MAX : -INT64_MAX, LL, L);
  Out.push_back(std::make_shared<DeclStmt>(Key, LL, freshCopy(NoneFound), L));
  ExprPtr Here = KeyOf(var(F.Iter, F.IterType, L), SignOf(freshCopy(A.X)));
  StmtList Then = {keepExtreme(
      Key, LL, Least ? BinaryOpKind::LT : BinaryOpKind::GT, Here, L)};
  StmtList Body = {std::make_shared<IfStmt>(
      cmp(BinaryOpKind::EQ, freshCopy(A.X), var(Best, A.MType, L), L),
      std::move(Then), StmtList(), L)};
  Out.push_back(loopLike(F, std::move(Body)));
  // What the branch sets, at that iteration: m the extremum with the sign
  // found there, the others their expressions of the iterator.
  ExprPtr Odd =
      arith(BinaryOpKind::BitAnd, var(Key, LL, L), lit(1, LL, L), LL, L);
  ExprPtr At = arith(BinaryOpKind::Div,
                     arith(BinaryOpKind::Sub, var(Key, LL, L), Odd, LL, L),
                     lit(2, LL, L), LL, L);
  At = std::make_shared<CastExpr>(At, F.IterType, L);
  StmtList Pick;
  std::string Others;
  for (const StmtPtr &S : A.Branch->Then) {
    const auto &As = cast<AssignStmt>(*S);
    const std::string &Name = cast<VarRef>(*As.LHS).Name;
    ExprPtr V;
    if (Name == A.M && !Floating) {
      V = var(Best, A.MType, L);
    } else if (Name == A.M) {
      std::string Fn = A.MType == ScalarKind::Float ? "copysignf" : "copysign";
      auto Sign = std::make_shared<SelectExpr>(
          cmp(BinaryOpKind::NE, freshCopy(Odd), lit(0, LL, L), L),
          std::make_shared<FloatLit>(-1.0, A.MType, L),
          std::make_shared<FloatLit>(1.0, A.MType, L), A.MType, L);
      V = std::make_shared<CallExpr>(
          Fn, std::vector<ExprPtr>{var(Best, A.MType, L), Sign}, A.MType, L);
    } else {
      V = rewriteExpr(freshCopy(As.RHS), [&](const ExprPtr &E) -> ExprPtr {
        const auto *R = dyn_cast<VarRef>(E.get());
        return R && R->Name == F.Iter ? freshCopy(At) : nullptr;
      });
      Others += (Others.empty() ? "'" : ", '") + Name + "'";
    }
    Pick.push_back(std::make_shared<AssignStmt>(freshCopy(As.LHS),
                                                AssignOpKind::Set, V, As.Loc));
  }
  // The C changes its variables where a value beats the start, and with
  // >= or <= also where one only equals it (the last such iteration).
  ExprPtr Changes = cmp(Beats, var(Best, A.MType, L), var(A.M, A.MType, L), L);
  if (!A.Strict)
    Changes = cmp(BinaryOpKind::LOr, Changes,
                  cmp(BinaryOpKind::LAnd,
                      cmp(BinaryOpKind::EQ, var(Best, A.MType, L),
                          var(A.M, A.MType, L), L),
                      cmp(BinaryOpKind::NE, var(Key, LL, L), NoneFound, L), L),
                  L);
  Out.push_back(
      std::make_shared<IfStmt>(Changes, std::move(Pick), StmtList(), L));
  Diags.remark(L, std::string("the search for the ") +
                      (A.Max ? "maximum" : "minimum") + " of '" + A.M +
                      "' and where it is (" + Others +
                      ") runs as two reductions: the " +
                      (A.Max ? "maximum" : "minimum") + ", then the " +
                      (A.Strict ? "first" : "last") +
                      " iteration holding it; both run in parallel");
  return Out;
}

class Splitter {
public:
  Splitter(const std::function<bool(const ForStmt &)> &IsParallel,
           const RowSearchFn &ReadsRows, unsigned &Counter,
           std::map<std::string, std::string> &OrderFree, DiagnosticList &Diags)
      : IsParallel(IsParallel), ReadsRows(ReadsRows), Counter(Counter),
        OrderFree(OrderFree), Diags(Diags) {}

  /// L rewritten; L itself (the same nodes) when nothing changed. Par: the
  /// innermost parallel loop around L, if any.
  StmtList rewrite(const StmtList &L, const ForStmt *Par) {
    StmtList Out;
    bool Changed = false;
    for (const StmtPtr &S : L) {
      if (const auto *F = dyn_cast<ForStmt>(S.get())) {
        if (!Par || (ReadsRows && ReadsRows(*F, *Par)))
          if (std::optional<ArgExtremum> A = match(*F)) {
            StmtList New = split(*A, Counter++, OrderFree, Diags);
            Out.insert(Out.end(), New.begin(), New.end());
            Changed = true;
            continue;
          }
        StmtList Body = rewrite(F->Body, IsParallel(*F) ? F : Par);
        if (Body == F->Body) {
          Out.push_back(S);
          continue;
        }
        auto G = std::make_shared<ForStmt>(F->Iter, F->IterType, F->Lower,
                                           F->Cmp, F->Upper, F->Step,
                                           std::move(Body), F->Loc);
        G->Unroll = F->Unroll;
        Out.push_back(G);
        Changed = true;
      } else if (const auto *I = dyn_cast<IfStmt>(S.get())) {
        StmtList Then = rewrite(I->Then, Par), Else = rewrite(I->Else, Par);
        if (Then == I->Then && Else == I->Else) {
          Out.push_back(S);
          continue;
        }
        Out.push_back(std::make_shared<IfStmt>(I->Cond, std::move(Then),
                                               std::move(Else), I->Loc));
        Changed = true;
      } else {
        Out.push_back(S);
      }
    }
    return Changed ? Out : L;
  }

private:
  const std::function<bool(const ForStmt &)> &IsParallel;
  const RowSearchFn &ReadsRows;
  unsigned &Counter;
  std::map<std::string, std::string> &OrderFree;
  DiagnosticList &Diags;
};

} // namespace

bool hasArgExtremum(const StmtList &Body) {
  bool Found = false;
  forEachStmt(Body, [&](const Stmt &S) {
    if (const auto *F = dyn_cast<ForStmt>(&S))
      Found |= match(*F).has_value();
  });
  return Found;
}

StmtList
splitArgExtremum(const StmtList &Body,
                 const std::function<bool(const ForStmt &)> &IsParallel,
                 const RowSearchFn &ReadsRows, unsigned &Counter,
                 std::map<std::string, std::string> &OrderFree,
                 DiagnosticList &Diags) {
  return Splitter(IsParallel, ReadsRows, Counter, OrderFree, Diags)
      .rewrite(Body, nullptr);
}

} // namespace c2cuda
