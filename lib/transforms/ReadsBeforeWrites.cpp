//===- ReadsBeforeWrites.cpp - Reads a point may issue early --------------===//

#include "ReadsBeforeWrites.h"

#include "ir/IRWalk.h"

#include "llvm/Support/Casting.h"

#include <set>
#include <string>

using namespace llvm;

namespace c2cuda {

namespace {

/// Whether E names a variable of Locals or reads an array.
bool readsLocalOrArray(const Expr &E, const std::set<std::string> &Locals) {
  bool Found = false;
  forEachExpr(E, [&](const Expr &X) {
    if (isa<ArrayRef>(X))
      Found = true;
    else if (const auto *V = dyn_cast<VarRef>(&X))
      Found |= Locals.count(V->Name) > 0;
  });
  return Found;
}

/// The array reads E always evaluates, outermost first.
void unconditionalReads(const Expr &E, std::vector<const ArrayRef *> &Out) {
  switch (E.getKind()) {
  case Expr::Kind::ArrayRef: {
    const auto &R = cast<ArrayRef>(E);
    Out.push_back(&R);
    for (const ExprPtr &I : R.Indices)
      unconditionalReads(*I, Out);
    return;
  }
  case Expr::Kind::Unary:
    unconditionalReads(*cast<UnaryExpr>(E).Operand, Out);
    return;
  case Expr::Kind::Binary: {
    const auto &B = cast<BinaryExpr>(E);
    unconditionalReads(*B.LHS, Out);
    if (B.Op != BinaryOpKind::LAnd && B.Op != BinaryOpKind::LOr)
      unconditionalReads(*B.RHS, Out);
    return;
  }
  case Expr::Kind::Cast:
    unconditionalReads(*cast<CastExpr>(E).Operand, Out);
    return;
  case Expr::Kind::Select:
    unconditionalReads(*cast<SelectExpr>(E).Cond, Out);
    return;
  case Expr::Kind::Call:
    for (const ExprPtr &A : cast<CallExpr>(E).Args)
      unconditionalReads(*A, Out);
    return;
  default:
    return;
  }
}

} // namespace

std::vector<const ArrayRef *>
readsBeforeWrites(const StmtList &Body,
                  const std::function<bool(const std::string &)> &IsGlobal) {
  std::vector<const ArrayRef *> Out;
  std::set<std::string> Locals;
  auto Take = [&](const Expr &E) {
    std::vector<const ArrayRef *> Reads;
    unconditionalReads(E, Reads);
    for (const ArrayRef *R : Reads) {
      bool Plain = IsGlobal(R->Array);
      for (const ExprPtr &I : R->Indices)
        Plain &= !readsLocalOrArray(*I, Locals);
      if (Plain)
        Out.push_back(R);
    }
  };
  for (const StmtPtr &S : Body) {
    if (const auto *D = dyn_cast<DeclStmt>(S.get())) {
      if (D->isArray())
        return {};
      if (D->Init)
        Take(*D->Init);
      Locals.insert(D->Name);
      continue;
    }
    const auto *A = dyn_cast<AssignStmt>(S.get());
    if (!A || A->Atomic != AtomicKind::None || A->Width != 1)
      return {};
    Take(*A->RHS);
    if (isa<ArrayRef>(A->LHS.get())) {
      // Later reads may see this write. Only an array the body both reads
      // and writes keeps the compiler from issuing the reads early itself
      // (the kernel's arrays are __restrict__); otherwise the registers
      // only add pressure (a 3-D 7-point stencil, H100: 0.255 -> 0.354 ms).
      std::set<std::string> Written;
      forEachStmt(Body, [&](const Stmt &St) {
        if (const auto *W = dyn_cast<AssignStmt>(&St))
          if (const auto *R = dyn_cast<ArrayRef>(W->LHS.get()))
            Written.insert(R->Array);
      });
      for (const ArrayRef *R : Out)
        if (Written.count(R->Array))
          return Out;
      return {};
    }
    if (const auto *V = dyn_cast<VarRef>(A->LHS.get()))
      Locals.insert(V->Name);
  }
  return {}; // No array written: nothing for the reads to run ahead of.
}

} // namespace c2cuda
