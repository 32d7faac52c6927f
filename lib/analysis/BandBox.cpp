//===- BandBox.cpp - Bounding boxes of non-rectangular bands --------------===//

#include "BandBox.h"

#include "IslToIR.h"

#include "ir/IRWalk.h"

using namespace llvm;

namespace c2cuda {
namespace analysis {

namespace {

bool isSignedInteger(ScalarKind K) {
  return K == ScalarKind::Int || K == ScalarKind::Long ||
         K == ScalarKind::Short || K == ScalarKind::SChar;
}

bool readsAny(const Expr &E, const std::set<std::string> &Names) {
  bool Any = false;
  forEachExpr(E, [&](const Expr &X) {
    if (const auto *V = dyn_cast<VarRef>(&X))
      Any |= Names.count(V->Name) > 0;
  });
  return Any;
}

std::optional<int64_t> literal(const Expr &E) {
  const Expr *X = &E;
  while (const auto *C = dyn_cast<CastExpr>(X)) {
    if (!isSignedInteger(C->Type) || !isSignedInteger(C->Operand->Type))
      return std::nullopt;
    X = C->Operand.get();
  }
  if (const auto *I = dyn_cast<IntLit>(X))
    return I->Value;
  return std::nullopt;
}

// Long arithmetic that folds literals, so that the grid's bounds print
// short (`n - 1`, not `n + -1 - -1 * (0 * -1)`).
ExprPtr times(const ExprPtr &E, int64_t C) {
  if (auto V = literal(*E))
    return longLit(*V * C);
  return C == 1 ? toLong(E) : mulLong(longLit(C), E);
}

ExprPtr plus(const ExprPtr &A, const ExprPtr &B) {
  auto VA = literal(*A), VB = literal(*B);
  if (VA && VB)
    return longLit(*VA + *VB);
  if (VA && !VB)
    return plus(B, A);
  if (VB && *VB < 0)
    return std::make_shared<BinaryExpr>(BinaryOpKind::Sub, toLong(A),
                                        longLit(-*VB), ScalarKind::Long);
  return addLong(A, B);
}

LinearForm scaled(LinearForm F, int64_t C) {
  F.Const = times(F.Const, C);
  for (auto &[It, K] : F.Coef)
    K *= C;
  return F;
}

LinearForm sum(LinearForm A, const LinearForm &B) {
  A.Const = plus(A.Const, B.Const);
  for (const auto &[It, K] : B.Coef)
    if ((A.Coef[It] += K) == 0)
      A.Coef.erase(It);
  return A;
}

// Coefficients stay small: a bound like `j < 1000000 * i` is not a band.
bool smallCoefficients(const LinearForm &F) {
  for (const auto &[It, K] : F.Coef)
    if (K > (1 << 20) || K < -(1 << 20))
      return false;
  return true;
}

} // namespace

std::optional<LinearForm> linearIn(const ExprPtr &E,
                                   const std::set<std::string> &Iters) {
  if (!isSignedInteger(E->Type))
    return std::nullopt;
  if (!readsAny(*E, Iters)) {
    if (readsArray(*E))
      return std::nullopt;
    return LinearForm{toLong(E), {}};
  }
  if (const auto *V = dyn_cast<VarRef>(E.get()))
    return LinearForm{longLit(0), {{V->Name, 1}}};
  if (const auto *C = dyn_cast<CastExpr>(E.get())) {
    if (!isSignedInteger(C->Operand->Type))
      return std::nullopt;
    return linearIn(C->Operand, Iters);
  }
  if (const auto *U = dyn_cast<UnaryExpr>(E.get())) {
    if (U->Op != UnaryOpKind::Neg)
      return std::nullopt;
    auto F = linearIn(U->Operand, Iters);
    return F ? std::optional<LinearForm>(scaled(*F, -1)) : std::nullopt;
  }
  const auto *B = dyn_cast<BinaryExpr>(E.get());
  if (!B)
    return std::nullopt;
  if (B->Op == BinaryOpKind::Add || B->Op == BinaryOpKind::Sub) {
    auto L = linearIn(B->LHS, Iters), R = linearIn(B->RHS, Iters);
    if (!L || !R)
      return std::nullopt;
    return sum(*L, B->Op == BinaryOpKind::Sub ? scaled(*R, -1) : *R);
  }
  if (B->Op == BinaryOpKind::Mul) {
    auto LC = literal(*B->LHS), RC = literal(*B->RHS);
    if (!LC && !RC)
      return std::nullopt;
    auto F = linearIn(LC ? B->RHS : B->LHS, Iters);
    if (!F)
      return std::nullopt;
    LinearForm G = scaled(*F, LC ? *LC : *RC);
    return smallCoefficients(G) ? std::optional<LinearForm>(G) : std::nullopt;
  }
  return std::nullopt;
}

bool boundsReadAny(const ForStmt &L, const std::set<std::string> &Earlier) {
  return readsAny(*L.Lower, Earlier) || readsAny(*L.Upper, Earlier);
}

bool bandBoundsOK(const ForStmt &L, const std::set<std::string> &Earlier) {
  if (!boundsReadAny(L, Earlier))
    return true;
  return L.Step == 1 && (L.Cmp == LoopCmp::LT || L.Cmp == LoopCmp::LE) &&
         isSignedInteger(L.IterType) && linearIn(L.Lower, Earlier) &&
         linearIn(L.Upper, Earlier);
}

ExprPtr
maxOverBox(const LinearForm &F,
           const std::map<std::string, std::pair<ExprPtr, ExprPtr>> &Box) {
  ExprPtr E = F.Const;
  for (const auto &[It, K] : F.Coef) {
    const auto &[Lo, Hi] = Box.at(It);
    E = plus(E, times(K > 0 ? Hi : Lo, K));
  }
  return E;
}

BandBox bandBox(const std::vector<const ForStmt *> &Band) {
  BandBox Out;
  std::set<std::string> Earlier;
  std::map<std::string, std::pair<ExprPtr, ExprPtr>> Box;
  for (const ForStmt *L : Band) {
    ExprPtr Lo, Hi;
    bool Up = L->Cmp == LoopCmp::LT || L->Cmp == LoopCmp::LE;
    int64_t Open = L->Cmp == LoopCmp::LT ? -1 : L->Cmp == LoopCmp::GT ? 1 : 0;
    if (!boundsReadAny(*L, Earlier)) {
      // Steps > 1 may stop short of the upper bound: a larger box is fine.
      Lo = toLong(Up ? L->Lower : plus(L->Upper, longLit(Open)));
      Hi = toLong(Up ? plus(L->Upper, longLit(Open)) : L->Lower);
    } else {
      LinearForm First = *linearIn(L->Lower, Earlier),
                 Last = *linearIn(L->Upper, Earlier);
      Last.Const = plus(Last.Const, longLit(Open));
      // min(First) = -max(-First).
      Lo = times(maxOverBox(scaled(First, -1), Box), -1);
      Hi = maxOverBox(Last, Box);
      // it - First >= 0 and Last - it >= 0.
      LinearForm AtLeast = scaled(First, -1), AtMost = Last;
      AtLeast.Coef[L->Iter] += 1;
      AtMost.Coef[L->Iter] -= 1;
      // A bound free of band iterators is the box's own edge.
      for (LinearForm *C : {&AtLeast, &AtMost})
        if (C->Coef.size() > 1)
          Out.Constraints.push_back(*C);
    }
    Out.Lo.push_back(Lo);
    Out.Hi.push_back(Hi);
    Box[L->Iter] = {Lo, Hi};
    Earlier.insert(L->Iter);
  }
  return Out;
}

ExprPtr constraintsHold(const std::vector<LinearForm> &Cs,
                        const std::map<std::string, ScalarKind> &Types) {
  ExprPtr All;
  for (const LinearForm &C : Cs) {
    ExprPtr E = C.Const;
    for (const auto &[It, K] : C.Coef)
      E = plus(E, times(std::make_shared<VarRef>(It, Types.at(It)), K));
    ExprPtr Holds = std::make_shared<BinaryExpr>(BinaryOpKind::GE, E,
                                                 longLit(0), ScalarKind::Int);
    All = All ? std::make_shared<BinaryExpr>(BinaryOpKind::LAnd, All, Holds,
                                             ScalarKind::Int)
              : Holds;
  }
  return All;
}

} // namespace analysis
} // namespace c2cuda
