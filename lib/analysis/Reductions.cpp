//===- Reductions.cpp - Reduction statements, recognised by shape ---------===//

#include "analysis/Reductions.h"
#include "ir/IRPrinter.h"

using namespace c2cuda;
using namespace c2cuda::analysis;

namespace {

bool isTarget(const Expr *E, const Expr &Target) {
  E = stripCasts(E);
  return (llvm::isa<VarRef>(E) || llvm::isa<ArrayRef>(E)) &&
         sameExpr(*E, Target);
}

/// Whether E reads the target: the same scalar anywhere (also inside an
/// index), or an array reference equal to the target. Other elements of
/// the target's array are left to the dependence test.
bool readsTarget(const Expr &E, const Expr &Target) {
  if (const auto *V = llvm::dyn_cast<VarRef>(&Target))
    if (const auto *W = llvm::dyn_cast<VarRef>(&E))
      return W->Name == V->Name;
  if (llvm::isa<ArrayRef>(&Target) && llvm::isa<ArrayRef>(&E) &&
      sameExpr(E, Target))
    return true;
  switch (E.getKind()) {
  case Expr::Kind::ArrayRef:
    for (auto &I : llvm::cast<ArrayRef>(E).Indices)
      if (readsTarget(*I, Target))
        return true;
    return false;
  case Expr::Kind::Unary:
    return readsTarget(*llvm::cast<UnaryExpr>(E).Operand, Target);
  case Expr::Kind::Binary:
    return readsTarget(*llvm::cast<BinaryExpr>(E).LHS, Target) ||
           readsTarget(*llvm::cast<BinaryExpr>(E).RHS, Target);
  case Expr::Kind::Cast:
    return readsTarget(*llvm::cast<CastExpr>(E).Operand, Target);
  case Expr::Kind::Select: {
    const auto &S = llvm::cast<SelectExpr>(E);
    return readsTarget(*S.Cond, Target) || readsTarget(*S.True, Target) ||
           readsTarget(*S.False, Target);
  }
  case Expr::Kind::Call:
    for (auto &A : llvm::cast<CallExpr>(E).Args)
      if (readsTarget(*A, Target))
        return true;
    return false;
  default:
    return false;
  }
}

/// The operands of a chain of one associative operator, with their signs
/// for `+` chains (`s - a - b` is s + (-a) + (-b)).
void flatten(const Expr *E, BinaryOpKind Op, bool Negated,
             std::vector<std::pair<const Expr *, bool>> &Terms) {
  if (const auto *B = llvm::dyn_cast<BinaryExpr>(E)) {
    if (B->Op == Op ||
        (Op == BinaryOpKind::Add && B->Op == BinaryOpKind::Sub)) {
      flatten(B->LHS.get(), Op, Negated, Terms);
      flatten(B->RHS.get(), Op, B->Op == BinaryOpKind::Sub ? !Negated : Negated,
              Terms);
      return;
    }
  }
  Terms.push_back({E, Negated});
}

/// `Target = Target op e1 op e2 ...` for a chain operator.
std::optional<ReductionMatch> matchChain(const BinaryExpr &B,
                                         const Expr &Target) {
  BinaryOpKind Op = B.Op == BinaryOpKind::Sub ? BinaryOpKind::Add : B.Op;
  const char *Name = nullptr;
  switch (Op) {
  case BinaryOpKind::Add:
    Name = "+";
    break;
  case BinaryOpKind::Mul:
    Name = "*";
    break;
  case BinaryOpKind::BitAnd:
    Name = "&";
    break;
  case BinaryOpKind::BitOr:
    Name = "|";
    break;
  case BinaryOpKind::BitXor:
    Name = "^";
    break;
  default:
    return std::nullopt;
  }
  std::vector<std::pair<const Expr *, bool>> Terms;
  flatten(&B, Op, false, Terms);
  const Expr &T = Target;
  ReductionMatch M;
  M.Op = Name;
  for (auto &[E, Negated] : Terms) {
    if (isTarget(E, T) && !Negated && M.SelfReads.empty()) {
      M.SelfReads.push_back(stripCasts(E));
      continue;
    }
    if (readsTarget(*E, Target))
      return std::nullopt;
  }
  if (M.SelfReads.empty())
    return std::nullopt;
  return M;
}

/// `Target = fmax(Target, e)` and friends.
std::optional<ReductionMatch> matchMinMaxCall(const CallExpr &C,
                                              const Expr &Target) {
  static const char *const Max[] = {"fmax", "fmaxf", "fmaxl"};
  static const char *const Min[] = {"fmin", "fminf", "fminl"};
  ReductionMatch M;
  for (const char *N : Max)
    if (C.Callee == N)
      M.Op = "max";
  for (const char *N : Min)
    if (C.Callee == N)
      M.Op = "min";
  if (M.Op.empty() || C.Args.size() != 2)
    return std::nullopt;
  const Expr &T = Target;
  for (int Self = 0; Self < 2; ++Self)
    if (isTarget(C.Args[Self].get(), T) &&
        !readsTarget(*C.Args[1 - Self], Target)) {
      M.SelfReads.push_back(stripCasts(C.Args[Self].get()));
      return M;
    }
  return std::nullopt;
}

/// `Target = Target > e ? Target : e` and the other spellings of min/max.
std::optional<ReductionMatch> matchMinMaxSelect(const SelectExpr &S,
                                                const Expr &Target) {
  const auto *Cmp = llvm::dyn_cast<BinaryExpr>(stripCasts(S.Cond.get()));
  if (!Cmp)
    return std::nullopt;
  const Expr *Big = stripCasts(Cmp->LHS.get()),
             *Small = stripCasts(Cmp->RHS.get());
  if (Cmp->Op == BinaryOpKind::LT || Cmp->Op == BinaryOpKind::LE)
    std::swap(Big, Small);
  else if (Cmp->Op != BinaryOpKind::GT && Cmp->Op != BinaryOpKind::GE)
    return std::nullopt;
  const Expr *True = stripCasts(S.True.get()),
             *False = stripCasts(S.False.get());
  ReductionMatch M;
  if (sameExpr(*True, *Big) && sameExpr(*False, *Small))
    M.Op = "max";
  else if (sameExpr(*True, *Small) && sameExpr(*False, *Big))
    M.Op = "min";
  else
    return std::nullopt;
  const Expr &T = Target;
  // Target is one side of the comparison; the other must not read it.
  const Expr *Other = isTarget(Big, T)     ? Small
                      : isTarget(Small, T) ? Big
                                           : nullptr;
  if (!Other || readsTarget(*Other, Target))
    return std::nullopt;
  const Expr *SelfCmp = Other == Small ? Big : Small;
  const Expr *SelfBranch = isTarget(True, T) ? True : False;
  M.SelfReads = {SelfCmp, SelfBranch};
  return M;
}

} // namespace

std::optional<ReductionMatch>
c2cuda::analysis::matchReduction(const AssignStmt &S) {
  const Expr &Target = *S.LHS;
  if (!llvm::isa<VarRef>(Target) && !llvm::isa<ArrayRef>(Target))
    return std::nullopt;
  ReductionMatch M;
  switch (S.Op) {
  case AssignOpKind::Add:
  case AssignOpKind::Sub:
    M.Op = "+";
    break;
  case AssignOpKind::Mul:
    M.Op = "*";
    break;
  case AssignOpKind::And:
    M.Op = "&";
    break;
  case AssignOpKind::Or:
    M.Op = "|";
    break;
  case AssignOpKind::Xor:
    M.Op = "^";
    break;
  case AssignOpKind::Set: {
    const Expr *R = stripCasts(S.RHS.get());
    if (const auto *B = llvm::dyn_cast<BinaryExpr>(R))
      return matchChain(*B, Target);
    if (const auto *C = llvm::dyn_cast<CallExpr>(R))
      return matchMinMaxCall(*C, Target);
    if (const auto *Sel = llvm::dyn_cast<SelectExpr>(R))
      return matchMinMaxSelect(*Sel, Target);
    return std::nullopt;
  }
  default:
    return std::nullopt;
  }
  if (readsTarget(*S.RHS, Target))
    return std::nullopt;
  return M;
}
