//===- CompressModularGuards.cpp - Loops over the points a `%` test keeps -===//

#include "CompressModularGuards.h"

#include "analysis/BandBox.h"
#include "ir/IRBuild.h"
#include "ir/IRPrinter.h"
#include "ir/IRRewrite.h"
#include "ir/IRWalk.h"

#include <algorithm>
#include <optional>

using namespace llvm;

namespace c2cuda {

namespace {

using namespace build;

bool isSignedInteger(ScalarKind K) {
  return K == ScalarKind::Int || K == ScalarKind::Long;
}

/// A Op B in type T, folded where both are literals or one is a neutral
/// literal (x + 0, 0 + x, x - 0, 0 - x, x * 1), so that literal bounds give
/// literal offsets.
ExprPtr arith(BinaryOpKind Op, const ExprPtr &A, const ExprPtr &B,
              ScalarKind T) {
  const auto *LA = dyn_cast<IntLit>(stripCasts(A.get()));
  const auto *LB = dyn_cast<IntLit>(stripCasts(B.get()));
  if (LA && LB && (Op != BinaryOpKind::Rem || LB->Value != 0)) {
    int64_t X = LA->Value, Y = LB->Value;
    switch (Op) {
    case BinaryOpKind::Add:
      return std::make_shared<IntLit>(X + Y, T);
    case BinaryOpKind::Sub:
      return std::make_shared<IntLit>(X - Y, T);
    case BinaryOpKind::Mul:
      return std::make_shared<IntLit>(X * Y, T);
    case BinaryOpKind::Rem:
      return std::make_shared<IntLit>(X % Y, T);
    default:
      break;
    }
  }
  if (LB && ((LB->Value == 0 &&
              (Op == BinaryOpKind::Add || Op == BinaryOpKind::Sub)) ||
             (LB->Value == 1 && Op == BinaryOpKind::Mul)))
    return cast(A, T);
  if (LB && LB->Value < 0 && LB->Value > INT64_MIN &&
      (Op == BinaryOpKind::Add || Op == BinaryOpKind::Sub))
    return bin(Op == BinaryOpKind::Add ? BinaryOpKind::Sub : BinaryOpKind::Add,
               A, std::make_shared<IntLit>(-LB->Value, T), T);
  if (LA && LA->Value == 0 && Op == BinaryOpKind::Add)
    return cast(B, T);
  if (LA && LA->Value == 0 && Op == BinaryOpKind::Sub)
    return std::make_shared<UnaryExpr>(UnaryOpKind::Neg, cast(B, T), T);
  return bin(Op, A, B, T);
}

/// E without the casts that keep every value (int to long).
const ExprPtr &peelWidening(const ExprPtr &E) {
  const auto *C = dyn_cast<CastExpr>(E.get());
  if (C && isSignedInteger(C->Type) && isSignedInteger(C->Operand->Type) &&
      holdsEveryValue(C->Type, C->Operand->Type))
    return peelWidening(C->Operand);
  return E;
}

/// E as Sign * V + Rest (Rest null for 0), or nullopt when V appears in E
/// otherwise. Sign is 0 when E does not mention V.
struct LinearInV {
  int Sign = 0;
  ExprPtr Rest;
};
std::optional<LinearInV> splitLinear(const ExprPtr &E, const std::string &V,
                                     ScalarKind T) {
  if (!mentionsVar(*E, V))
    return LinearInV{0, E};
  const ExprPtr &P = peelWidening(E);
  if (const auto *R = dyn_cast<VarRef>(P.get()))
    return R->Name == V ? std::optional<LinearInV>(LinearInV{1, nullptr})
                        : std::nullopt;
  if (const auto *U = dyn_cast<UnaryExpr>(P.get())) {
    auto In = splitLinear(U->Operand, V, T);
    if (!In || U->Op != UnaryOpKind::Neg)
      return std::nullopt;
    In->Sign = -In->Sign;
    if (In->Rest)
      In->Rest = arith(BinaryOpKind::Sub, ilit(0), In->Rest, T);
    return In;
  }
  const auto *B = dyn_cast<BinaryExpr>(P.get());
  if (!B || (B->Op != BinaryOpKind::Add && B->Op != BinaryOpKind::Sub))
    return std::nullopt;
  auto L = splitLinear(B->LHS, V, T), R = splitLinear(B->RHS, V, T);
  if (!L || !R || (L->Sign && R->Sign))
    return std::nullopt;
  bool Sub = B->Op == BinaryOpKind::Sub;
  LinearInV Out;
  Out.Sign = L->Sign ? L->Sign : (Sub ? -R->Sign : R->Sign);
  if (!L->Rest)
    Out.Rest = R->Rest && Sub ? arith(BinaryOpKind::Sub, ilit(0), R->Rest, T)
                              : R->Rest;
  else if (!R->Rest)
    Out.Rest = L->Rest;
  else
    Out.Rest = arith(B->Op, L->Rest, R->Rest, T);
  return Out;
}

/// `X % m` (a literal m >= 2) or `X & (m - 1)` (m a power of two), both
/// equal to X modulo m; the second is always the non-negative residue.
struct Residue {
  int64_t M;
  ExprPtr X;
  bool NonNegative;
};
std::optional<Residue> residueOf(const ExprPtr &E) {
  const auto *B = dyn_cast<BinaryExpr>(peelWidening(E).get());
  if (!B || !isSignedInteger(B->Type))
    return std::nullopt;
  const auto *M = dyn_cast<IntLit>(stripCasts(B->RHS.get()));
  if (!M)
    return std::nullopt;
  if (B->Op == BinaryOpKind::Rem && M->Value >= 2 && M->Value <= 1024)
    return Residue{M->Value, B->LHS, false};
  int64_t P = M->Value + 1;
  if (B->Op == BinaryOpKind::BitAnd && P >= 2 && P <= 1024 && !(P & (P - 1)))
    return Residue{P, B->LHS, true};
  return std::nullopt;
}

/// A test that holds only where X = R modulo M: `X % m == R`, `R == X %
/// m`, `!(X % m)` (R = 0), `X % 2`, `X % 2 != 0` (R = 1). Exact: it holds
/// everywhere on that class (a residue 0 or an odd one of 2; any sign).
struct ResidueTest {
  Residue Res;
  ExprPtr R;
  bool Exact;
};
bool isZero(const Expr &E) {
  const auto *L = dyn_cast<IntLit>(stripCasts(&E));
  return L && L->Value == 0;
}
std::optional<ResidueTest> residueTest(const ExprPtr &Conj) {
  const Expr *C = stripCasts(Conj.get());
  if (const auto *N = dyn_cast<UnaryExpr>(C); N && N->Op == UnaryOpKind::LNot)
    if (auto Res = residueOf(N->Operand))
      return ResidueTest{*Res, ilit(0), true};
  if (auto Res = residueOf(Conj); Res && Res->M == 2)
    return ResidueTest{*Res, ilit(1), true};
  const auto *B = dyn_cast<BinaryExpr>(C);
  if (!B || (B->Op != BinaryOpKind::EQ && B->Op != BinaryOpKind::NE) ||
      !isSignedInteger(B->LHS->Type) || !isSignedInteger(B->RHS->Type))
    return std::nullopt;
  for (bool Swap : {false, true}) {
    auto Res = residueOf(Swap ? B->RHS : B->LHS);
    const ExprPtr &R = Swap ? B->LHS : B->RHS;
    if (!Res)
      continue;
    if (B->Op == BinaryOpKind::EQ)
      return ResidueTest{*Res, R, isZero(*R)};
    if (Res->M == 2 && isZero(*R))
      return ResidueTest{*Res, ilit(1), true};
  }
  return std::nullopt;
}

void conjuncts(const ExprPtr &E, std::vector<ExprPtr> &Out) {
  const auto *B = dyn_cast<BinaryExpr>(E.get());
  if (B && B->Op == BinaryOpKind::LAnd) {
    conjuncts(B->LHS, Out);
    conjuncts(B->RHS, Out);
  } else {
    Out.push_back(E);
  }
}

/// Bounds on an integer value; none where unknown.
struct Range {
  std::optional<int64_t> Lo, Hi;
};
using Ranges = std::map<std::string, Range>;

std::optional<int64_t> addBound(std::optional<int64_t> A,
                                std::optional<int64_t> B) {
  int64_t Sum;
  if (!A || !B || __builtin_add_overflow(*A, *B, &Sum))
    return std::nullopt;
  return Sum;
}

/// Bounds on E from the bounds of the variables in R (the enclosing loops'
/// iterators); arithmetic with literals, sums and residues only.
Range rangeOf(const Expr &E, const Ranges &R) {
  if (const auto *L = dyn_cast<IntLit>(&E))
    return {L->Value, L->Value};
  if (const auto *V = dyn_cast<VarRef>(&E)) {
    auto It = R.find(V->Name);
    return It == R.end() ? Range{} : It->second;
  }
  if (const auto *C = dyn_cast<CastExpr>(&E))
    return isSignedInteger(C->Type) && isSignedInteger(C->Operand->Type) &&
                   holdsEveryValue(C->Type, C->Operand->Type)
               ? rangeOf(*C->Operand, R)
               : Range{};
  auto Neg = [](Range X) {
    auto N = [](std::optional<int64_t> V) -> std::optional<int64_t> {
      if (!V || *V == INT64_MIN)
        return std::nullopt;
      return -*V;
    };
    return Range{N(X.Hi), N(X.Lo)};
  };
  if (const auto *U = dyn_cast<UnaryExpr>(&E))
    return U->Op == UnaryOpKind::Neg ? Neg(rangeOf(*U->Operand, R)) : Range{};
  const auto *B = dyn_cast<BinaryExpr>(&E);
  if (!B)
    return {};
  Range A = rangeOf(*B->LHS, R), C = rangeOf(*B->RHS, R);
  switch (B->Op) {
  case BinaryOpKind::Add:
    return {addBound(A.Lo, C.Lo), addBound(A.Hi, C.Hi)};
  case BinaryOpKind::Sub:
    C = Neg(C);
    return {addBound(A.Lo, C.Lo), addBound(A.Hi, C.Hi)};
  case BinaryOpKind::Rem:
    // C's remainder by a literal m: within (-m, m), non-negative for a
    // non-negative dividend.
    if (const auto *M = dyn_cast<IntLit>(stripCasts(B->RHS.get())))
      if (M->Value > 0)
        return {A.Lo && *A.Lo >= 0 ? 0 : 1 - M->Value, M->Value - 1};
    return {};
  default:
    return {};
  }
}

/// Bounds on the iterator of F where its loop runs, from its bounds.
Range iteratorRange(const ForStmt &F, const Ranges &R) {
  if (F.Step <= 0 || (F.Cmp != LoopCmp::LT && F.Cmp != LoopCmp::LE))
    return {};
  Range Hi = rangeOf(*F.Upper, R);
  return {rangeOf(*F.Lower, R).Lo,
          F.Cmp == LoopCmp::LT ? addBound(Hi.Hi, -1) : Hi.Hi};
}

/// Whether a residue test holds wherever X = R modulo M: exact tests
/// always; `X & (M - 1) == R` where 0 <= R < M; `X % M == R` where X and
/// R are both non-negative (or both non-positive) and |R| < M.
bool residueImplied(const ResidueTest &T, const Ranges &Rg) {
  if (T.Exact)
    return true;
  int64_t M = T.Res.M;
  Range A = rangeOf(*T.Res.X, Rg), B = rangeOf(*T.R, Rg);
  if (!B.Lo || !B.Hi)
    return false;
  if (*B.Lo >= 0 && *B.Hi < M && (T.Res.NonNegative || (A.Lo && *A.Lo >= 0)))
    return true;
  return !T.Res.NonNegative && A.Hi && *A.Hi <= 0 && *B.Hi <= 0 && *B.Lo > -M;
}

/// Whether E has the same value everywhere in a loop whose body assigns
/// Written: no array element, no call, no scalar the body changes.
bool invariant(const Expr &E, const std::set<std::string> &Written) {
  bool Ok = true;
  forEachExpr(E, [&](const Expr &X) {
    if (isa<ArrayRef>(X) || isa<CallExpr>(X))
      Ok = false;
    else if (const auto *R = dyn_cast<VarRef>(&X))
      Ok &= !Written.count(R->Name);
  });
  return Ok;
}

/// Whether evaluating E at an iteration past the loop's end is harmless:
/// arithmetic only, divisions by nonzero literals (no element read out of
/// bounds, no division by zero).
bool safeAnywhere(const Expr &E) {
  bool Ok = true;
  forEachExpr(E, [&](const Expr &X) {
    if (isa<ArrayRef>(X) || isa<CallExpr>(X))
      Ok = false;
    else if (const auto *B = dyn_cast<BinaryExpr>(&X))
      if (B->Op == BinaryOpKind::Div || B->Op == BinaryOpKind::Rem) {
        const auto *D = dyn_cast<IntLit>(stripCasts(B->RHS.get()));
        Ok &= D && D->Value != 0;
      }
  });
  return Ok;
}

/// Whether E multiplies two values neither of which is a literal (the
/// i * m + j of a flattened array).
bool hasProduct(const Expr &E) {
  bool Found = false;
  forEachExpr(E, [&](const Expr &X) {
    const auto *B = dyn_cast<BinaryExpr>(&X);
    if (B && (B->Op == BinaryOpKind::Mul || B->Op == BinaryOpKind::Shl) &&
        !isa<IntLit>(stripCasts(B->LHS.get())) &&
        !isa<IntLit>(stripCasts(B->RHS.get())))
      Found = true;
  });
  return Found;
}

/// Whether the references of Body that use V stay analysable with V
/// replaced by a point whose offset is a residue: each index using V is a
/// dimension of its own (an array declared with its sizes, or a 1-D index
/// without products). Delinearizing `b[i * m + j]` cannot see through a
/// residue, and would leave b's extent and rows unknown.
bool referencesAnalysable(const StmtList &Body, const std::string &V,
                          const std::vector<Param> &Params) {
  bool Ok = true;
  forEachExprIn(Body, [&](const Expr &X) {
    const auto *R = dyn_cast<ArrayRef>(&X);
    if (!R || !Ok)
      return;
    const Param *P = nullptr;
    for (const Param &Q : Params)
      if (Q.Name == R->Array)
        P = &Q;
    bool Declared = !P || (P->ParamForm == Param::Form::Array &&
                           P->Dims.size() == R->Indices.size() &&
                           std::all_of(P->Dims.begin(), P->Dims.end(),
                                       [](const ExprPtr &D) { return !!D; }));
    if (Declared)
      return;
    for (const ExprPtr &I : R->Indices)
      if (mentionsVar(*I, V) && hasProduct(*I))
        Ok = false;
  });
  return Ok;
}

/// A loop, the loops it holds one inside the other, and the statements
/// of the innermost.
struct Chain {
  const ForStmt *Outer;
  std::vector<const ForStmt *> Inner;
  const StmtList *Body;
};
Chain chainOf(const ForStmt &F) {
  Chain C{&F, {}, &F.Body};
  while (C.Body->size() == 1)
    if (const auto *G = dyn_cast<ForStmt>(C.Body->front().get())) {
      C.Inner.push_back(G);
      C.Body = &G->Body;
    } else {
      break;
    }
  return C;
}

/// F with the declarations without initializer that stand before its
/// innermost branch (`float r;`, a scalar privatized for the nest) moved
/// into the branch: uninitialized, they can only be used there, so the
/// body becomes the one branch compression looks for. Null when F's chain
/// does not end in such declarations and a branch without else.
StmtPtr declarationsIntoBranch(const ForStmt &F) {
  Chain C = chainOf(F);
  const StmtList &B = *C.Body;
  const auto *I = B.size() > 1 ? dyn_cast<IfStmt>(B.back().get()) : nullptr;
  if (!I || !I->Else.empty())
    return nullptr;
  StmtList Then(B.begin(), B.end() - 1);
  for (const StmtPtr &S : Then) {
    const auto *D = dyn_cast<DeclStmt>(S.get());
    if (!D || D->Init || D->isArray())
      return nullptr;
  }
  Then.insert(Then.end(), I->Then.begin(), I->Then.end());
  StmtList Body{
      std::make_shared<IfStmt>(I->Cond, std::move(Then), StmtList{}, I->Loc)};
  std::vector<const ForStmt *> Loops{&F};
  Loops.insert(Loops.end(), C.Inner.begin(), C.Inner.end());
  for (auto It = Loops.rbegin(); It != Loops.rend(); ++It) {
    const ForStmt &G = **It;
    auto New =
        std::make_shared<ForStmt>(G.Iter, G.IterType, G.Lower, G.Cmp, G.Upper,
                                  G.Step, std::move(Body), G.Loc);
    New->Unroll = G.Unroll;
    Body = {New};
  }
  return Body.front();
}

/// What replaces a loop: its iterator now counts points 0, 1, ... below
/// Trip, point j' being iteration Point (over j'), kept where Keep holds.
struct Compression {
  ExprPtr Trip, Point, Keep;
  /// The new loop's first value (0 when null).
  ExprPtr Start;
  /// The innermost branch's condition, when it changes (null: none left).
  std::optional<ExprPtr> BranchCond;
};

/// The chain rebuilt over the compressed loop: every use of the iterator
/// is its point, and the innermost statements run where Keep holds (merged
/// into their branch when they are one branch without else).
StmtPtr rebuild(const Chain &C, const Compression &K) {
  const std::string &V = C.Outer->Iter;
  auto Subst = [&](const ExprPtr &E) -> ExprPtr {
    const auto *R = dyn_cast<VarRef>(E.get());
    return R && R->Name == V ? cast(K.Point, E->Type) : nullptr;
  };
  StmtList Body;
  const auto *I =
      C.Body->size() == 1 ? dyn_cast<IfStmt>(C.Body->front().get()) : nullptr;
  if (I && I->Else.empty())
    Body.push_back(std::make_shared<IfStmt>(
        K.BranchCond
            ? (*K.BranchCond ? andE(K.Keep, rewriteExpr(*K.BranchCond, Subst))
                             : K.Keep)
            : andE(K.Keep, rewriteExpr(I->Cond, Subst)),
        rewriteStmts(I->Then, Subst), StmtList{}, I->Loc));
  else
    Body.push_back(std::make_shared<IfStmt>(
        K.Keep, rewriteStmts(*C.Body, Subst), StmtList{}, C.Outer->Loc));
  for (auto It = C.Inner.rbegin(); It != C.Inner.rend(); ++It) {
    const ForStmt &G = **It;
    auto New = std::make_shared<ForStmt>(
        G.Iter, G.IterType, rewriteExpr(G.Lower, Subst), G.Cmp,
        rewriteExpr(G.Upper, Subst), G.Step, std::move(Body), G.Loc);
    New->Unroll = G.Unroll;
    Body = {New};
  }
  const ForStmt &F = *C.Outer;
  auto New =
      std::make_shared<ForStmt>(F.Iter, F.IterType, K.Start ? K.Start : ilit(0),
                                LoopCmp::LT, K.Trip, 1, std::move(Body), F.Loc);
  New->Unroll = F.Unroll;
  return New;
}

/// The exclusive upper bound of F (U, or U + 1 for <=), or null.
ExprPtr exclusiveUpper(const ForStmt &F) {
  if (F.Cmp == LoopCmp::LT)
    return cast(F.Upper, F.IterType);
  if (F.Cmp == LoopCmp::LE)
    return bin(BinaryOpKind::Add, F.Upper, ilit(1), F.IterType);
  return nullptr;
}

class Compressor {
public:
  Compressor(DiagnosticList &Diags, const std::set<std::string> &Skip,
             const std::vector<Param> &Params)
      : Diags(Diags), Skip(Skip), Params(Params) {}

  /// The loops compressed so far, with their class's step.
  std::map<std::string, int64_t> Compressed;

  StmtList run(const StmtList &L) {
    StmtList Out;
    bool Changed = false;
    for (const StmtPtr &S : L) {
      StmtPtr New = S;
      if (const auto *F = dyn_cast<ForStmt>(S.get())) {
        if (StmtPtr G = loop(*F))
          New = G;
      } else if (const auto *I = dyn_cast<IfStmt>(S.get())) {
        StmtList Then = run(I->Then), Else = run(I->Else);
        if (Then != I->Then || Else != I->Else)
          New = std::make_shared<IfStmt>(I->Cond, std::move(Then),
                                         std::move(Else), I->Loc);
      }
      Changed |= New != S;
      Out.push_back(New);
    }
    return Changed ? Out : L;
  }

private:
  DiagnosticList &Diags;
  const std::set<std::string> &Skip;
  const std::vector<Param> &Params;
  /// The iterators of the loops around the current one, with their bounds.
  Ranges Outer;
  /// The same loops, outermost first.
  std::vector<const ForStmt *> Enclosing;

  /// F compressed and its body rewritten; null when nothing changed.
  StmtPtr loop(const ForStmt &F) {
    StmtPtr S;
    if (!Skip.count(F.Iter) && F.Step == 1)
      S = guarded(F);
    else if (!Skip.count(F.Iter) && F.Step > 1)
      S = stepped(F);
    const ForStmt &G = S ? llvm::cast<ForStmt>(*S) : F;
    std::optional<Range> Shadowed;
    if (auto It = Outer.find(G.Iter); It != Outer.end())
      Shadowed = It->second;
    Outer[G.Iter] = iteratorRange(G, Outer);
    Enclosing.push_back(&G);
    StmtList Body = run(G.Body);
    Enclosing.pop_back();
    if (Shadowed)
      Outer[G.Iter] = *Shadowed;
    else
      Outer.erase(G.Iter);
    if (Body == G.Body)
      return S;
    auto New =
        std::make_shared<ForStmt>(G.Iter, G.IterType, G.Lower, G.Cmp, G.Upper,
                                  G.Step, std::move(Body), G.Loc);
    New->Unroll = G.Unroll;
    return New;
  }

  /// Whether F's chain may be rebuilt: its iterator is not redeclared, and
  /// the inner bounds that use it are safe past F's end.
  bool rebuildable(const Chain &C, const std::set<std::string> &Written,
                   bool Substituted = true) {
    if (Written.count(C.Outer->Iter) ||
        (Substituted && !referencesAnalysable(*C.Body, C.Outer->Iter, Params)))
      return false;
    for (const ForStmt *G : C.Inner)
      for (const ExprPtr &B : {G->Lower, G->Upper})
        if (mentionsVar(*B, C.Outer->Iter) && !safeAnywhere(*B))
          return false;
    return true;
  }

  /// `for v in [L, U): if (E % m == R && ...)` over the points of v's
  /// residue class; null when F has no such guard.
  StmtPtr guarded(const ForStmt &F) {
    if (StmtPtr N = declarationsIntoBranch(F))
      return guarded(llvm::cast<ForStmt>(*N)); // Null: F stays as it was.
    Chain C = chainOf(F);
    const auto *I =
        C.Body->size() == 1 ? dyn_cast<IfStmt>(C.Body->front().get()) : nullptr;
    ExprPtr U = exclusiveUpper(F);
    if (!I || !I->Else.empty() || !U || !isSignedInteger(F.IterType))
      return nullptr;
    NamesWritten W = namesWritten(F.Body);
    std::set<std::string> Changing = W.Scalars;
    Changing.insert(F.Iter);
    if (!rebuildable(C, W.Scalars) || !invariant(*F.Lower, Changing) ||
        !invariant(*U, Changing))
      return nullptr;
    std::vector<ExprPtr> Cs;
    conjuncts(I->Cond, Cs);
    for (const ExprPtr &Conj : Cs) {
      std::optional<ResidueTest> Test = residueTest(Conj);
      if (!Test || !invariant(*Test->R, Changing))
        continue;
      {
        const ExprPtr &R = Test->R;
        ScalarKind T = F.IterType;
        auto Lin = splitLinear(Test->Res.X, F.Iter, T);
        if (!Lin || (Lin->Sign != 1 && Lin->Sign != -1) ||
            (Lin->Rest && !invariant(*Lin->Rest, W.Scalars)))
          continue;
        int64_t M = Test->Res.M;
        // v = Sign * (R - Rest) modulo M; its first point from L is
        // L + ((Sign * (R - Rest) - L) mod M), the mod taken non-negative.
        ExprPtr Target =
            Lin->Rest ? arith(BinaryOpKind::Sub, R, Lin->Rest, T) : cast(R, T);
        if (Lin->Sign < 0)
          Target = arith(BinaryOpKind::Sub, ilit(0), Target, T);
        ExprPtr Mod =
            arith(BinaryOpKind::Rem,
                  arith(BinaryOpKind::Sub, Target, F.Lower, T), ilit(M), T);
        ExprPtr Off =
            arith(BinaryOpKind::Rem, arith(BinaryOpKind::Add, Mod, ilit(M), T),
                  ilit(M), T);
        Compression K;
        K.Trip = arith(BinaryOpKind::Div,
                       arith(BinaryOpKind::Add,
                             arith(BinaryOpKind::Sub, U, F.Lower, T),
                             ilit(M - 1), T),
                       ilit(M), T);
        K.Point =
            arith(BinaryOpKind::Add, arith(BinaryOpKind::Add, F.Lower, Off, T),
                  arith(BinaryOpKind::Mul, ilit(M), var(F.Iter, T), T), T);
        K.Keep = bin(BinaryOpKind::LT, K.Point, U, ScalarKind::Int);
        // Where the test cannot fail on the class's points (X and the
        // residue have one sign), it goes.
        Ranges In = Outer;
        In[F.Iter] = iteratorRange(F, Outer);
        if (residueImplied(*Test, In)) {
          ExprPtr Rest;
          for (const ExprPtr &Other : Cs)
            if (Other != Conj)
              Rest = andE(Rest, Other);
          K.BranchCond = Rest;
        }
        Diags.remark(I->Loc, "the branch on '" + exprToString(*Conj) +
                                 "' runs one iteration of '" + F.Iter +
                                 "' in " + std::to_string(M) + ": '" + F.Iter +
                                 "' now counts those iterations only, so "
                                 "consecutive threads run consecutive "
                                 "iterations that take the branch");
        Compressed[F.Iter] = M;
        return rebuild(C, K);
      }
    }
    return nullptr;
  }

  /// The least value of E, affine with literal coefficients in the
  /// enclosing loops' iterators, over their bounding box (analysis/BandBox.h:
  /// `i + 1` with i from 0 gives 1, `n - i` with i below n gives 1); null
  /// when E or a loop's bounds have another form.
  ExprPtr leastOverEnclosing(const ExprPtr &E, ScalarKind T) const {
    std::set<std::string> Iters;
    for (const ForStmt *L : Enclosing) {
      if (!analysis::bandBoundsOK(*L, Iters))
        return nullptr;
      Iters.insert(L->Iter);
    }
    std::optional<LinearForm> Form = analysis::linearIn(E, Iters);
    if (!Form)
      return nullptr;
    analysis::BandBox Box = analysis::bandBox(Enclosing);
    // The least value is the largest over the box with its ends swapped.
    std::map<std::string, std::pair<ExprPtr, ExprPtr>> Swapped;
    for (size_t K = 0; K < Enclosing.size(); ++K)
      Swapped[Enclosing[K]->Iter] = {Box.Hi[K], Box.Lo[K]};
    ExprPtr Least = analysis::maxOverBox(*Form, Swapped);
    if (const auto *L = dyn_cast<IntLit>(Least.get()))
      return std::make_shared<IntLit>(L->Value, T);
    return cast(Least, T);
  }

  /// `for (v = A + X % k; v < U; v += m)`, A and U not depending on the
  /// enclosing loops Outer, as a loop counting its iterations; null when F
  /// has another form.
  StmtPtr stepped(const ForStmt &F) {
    ExprPtr U = exclusiveUpper(F);
    if (!U || !isSignedInteger(F.IterType))
      return nullptr;
    NamesWritten W = namesWritten(F.Body);
    std::set<std::string> Changing = W.Scalars;
    Changing.insert(F.Iter);
    Chain C = chainOf(F);
    if (!rebuildable(C, W.Scalars, false) || !invariant(*F.Lower, Changing) ||
        !invariant(*U, Changing))
      return nullptr;
    bool UsesOuter = false;
    for (const auto &[O, Bounds] : Outer)
      UsesOuter |= mentionsVar(*F.Lower, O) || mentionsVar(*U, O);
    if (!UsesOuter)
      return nullptr; // the grid covers it as it is
    bool UpperUsesOuter = false;
    for (const auto &[O, Bounds] : Outer)
      UpperUsesOuter |= mentionsVar(*U, O);
    if (UpperUsesOuter)
      return nullptr;
    ScalarKind T = F.IterType;
    // A bound below the start that no outer loop changes. For A + X % k
    // (X % k alone: A = 0), A - (k - 1), as X % k > -k; otherwise the
    // least value the enclosing loops' bounds give the start (j = i + 1
    // with i from 0: 1).
    ExprPtr Low;
    std::vector<std::pair<ExprPtr, ExprPtr>> Splits;
    const ExprPtr &Low0 = peelWidening(F.Lower);
    if (const auto *B = dyn_cast<BinaryExpr>(Low0.get());
        B && B->Op == BinaryOpKind::Add)
      Splits = {{B->LHS, B->RHS}, {B->RHS, B->LHS}};
    else
      Splits = {{ilit(0), Low0}};
    for (const auto &[A, X] : Splits) {
      auto Res = residueOf(X);
      bool AUsesOuter = false;
      for (const auto &[O, Bounds] : Outer)
        AUsesOuter |= mentionsVar(*A, O);
      if (Res && !AUsesOuter) {
        Low = arith(BinaryOpKind::Sub, A, ilit(Res->M - 1), T);
        break;
      }
    }
    if (!Low)
      Low = leastOverEnclosing(F.Lower, T);
    if (!Low) // Residues in the start (i % 3 - 2): literal bounds only.
      if (std::optional<int64_t> Least = rangeOf(*F.Lower, Outer).Lo)
        Low = std::make_shared<IntLit>(*Least, T);
    if (!Low)
      return nullptr;
    Compression K;
    if (referencesAnalysable(*C.Body, F.Iter, Params)) {
      K.Trip =
          arith(BinaryOpKind::Div,
                arith(BinaryOpKind::Add, arith(BinaryOpKind::Sub, U, Low, T),
                      ilit(F.Step - 1), T),
                ilit(F.Step), T);
      K.Point =
          arith(BinaryOpKind::Add, F.Lower,
                arith(BinaryOpKind::Mul, ilit(F.Step), var(F.Iter, T), T), T);
      K.Keep = bin(BinaryOpKind::LT, K.Point, U, ScalarKind::Int);
      Diags.remark(F.Loc, "'" + F.Iter + "' steps by " +
                              std::to_string(F.Step) + " from '" +
                              exprToString(*F.Lower) +
                              "', which depends on an outer loop: it now "
                              "counts its iterations from 0, so the grid can "
                              "cover it");
      Compressed[F.Iter] = F.Step;
      return rebuild(C, K);
    }
    // A flattened index (b[i * m + j]) keeps j itself: the loop runs every
    // value from Low and keeps those of the start's class, j >= L and
    // (j - L) % step == 0; the indices stay affine.
    K.Start = Low;
    K.Trip = U;
    K.Point = var(F.Iter, T);
    K.Keep = andE(
        bin(BinaryOpKind::GE, K.Point, F.Lower, ScalarKind::Int),
        bin(BinaryOpKind::EQ,
            bin(BinaryOpKind::Rem, bin(BinaryOpKind::Sub, K.Point, F.Lower, T),
                ilit(F.Step), T),
            ilit(0), ScalarKind::Int));
    Diags.remark(F.Loc, "'" + F.Iter + "' steps by " + std::to_string(F.Step) +
                            " from '" + exprToString(*F.Lower) +
                            "', which depends on an outer loop: it now runs "
                            "every value from '" +
                            exprToString(*Low) + "' and keeps one in " +
                            std::to_string(F.Step) +
                            ", so the grid can cover it (an index such as "
                            "i * m + j stays as written)");
    return rebuild(C, K);
  }
};

} // namespace

StmtList compressModularGuards(const StmtList &Body,
                               const std::vector<Param> &Params,
                               DiagnosticList &Diags,
                               const std::set<std::string> &Skip,
                               std::map<std::string, int64_t> &Compressed) {
  Compressor C(Diags, Skip, Params);
  StmtList Out = C.run(Body);
  Compressed = C.Compressed;
  return Out;
}

} // namespace c2cuda
