//===- WorkCount.cpp - Floating-point work and compulsory traffic ---------===//

#include "WorkCount.h"

#include "llvm/Support/Casting.h"

using namespace llvm;

namespace c2cuda {

namespace {

double flopsOf(const Expr &E) {
  switch (E.getKind()) {
  case Expr::Kind::Binary: {
    const auto &B = cast<BinaryExpr>(E);
    double N = flopsOf(*B.LHS) + flopsOf(*B.RHS);
    bool Arith = B.Op == BinaryOpKind::Add || B.Op == BinaryOpKind::Sub ||
                 B.Op == BinaryOpKind::Mul || B.Op == BinaryOpKind::Div;
    if (Arith && isFloating(B.Type))
      N += 1;
    return N;
  }
  case Expr::Kind::Unary:
    return flopsOf(*cast<UnaryExpr>(E).Operand);
  case Expr::Kind::Cast:
    return flopsOf(*cast<CastExpr>(E).Operand);
  case Expr::Kind::Select: {
    const auto &S = cast<SelectExpr>(E);
    return flopsOf(*S.Cond) + std::max(flopsOf(*S.True), flopsOf(*S.False));
  }
  case Expr::Kind::Call: {
    const auto &C = cast<CallExpr>(E);
    double N = isFloating(C.Type) ? 1 : 0;
    for (const ExprPtr &A : C.Args)
      N += flopsOf(*A);
    return N;
  }
  case Expr::Kind::ArrayRef: {
    double N = 0;
    for (const ExprPtr &I : cast<ArrayRef>(E).Indices)
      N += flopsOf(*I);
    return N;
  }
  default:
    return 0;
  }
}

struct Counter {
  ScalarValues Values;
  bool Exact = true;

  double count(const StmtList &L) {
    double N = 0;
    for (const StmtPtr &S : L)
      N += count(*S);
    return N;
  }

  double count(const Stmt &S) {
    switch (S.getKind()) {
    case Stmt::Kind::Assign: {
      const auto &A = cast<AssignStmt>(S);
      double N = flopsOf(*A.RHS);
      if (A.Op != AssignOpKind::Set && isFloating(A.LHS->Type))
        N += 1;
      return N;
    }
    case Stmt::Kind::Decl: {
      const auto &D = cast<DeclStmt>(S);
      return D.Init ? flopsOf(*D.Init) : 0;
    }
    case Stmt::Kind::If: {
      const auto &I = cast<IfStmt>(S);
      return std::max(count(I.Then), count(I.Else));
    }
    case Stmt::Kind::For: {
      const auto &F = cast<ForStmt>(S);
      std::optional<int64_t> Trip = tripCount(F, Values);
      if (!Trip) {
        Exact = false;
        return 0;
      }
      auto Lo = evaluateInt(*F.Lower, Values);
      bool Had = Values.count(F.Iter);
      int64_t Saved = Had ? Values[F.Iter] : 0;
      if (Lo)
        Values[F.Iter] = *Lo + F.Step * (*Trip / 2);
      double Body = count(F.Body);
      if (Had)
        Values[F.Iter] = Saved;
      else
        Values.erase(F.Iter);
      return Body * (double)*Trip;
    }
    case Stmt::Kind::Nest:
      return count(cast<NestStmt>(S).Body);
    default:
      return 0;
    }
  }
};

} // namespace

std::optional<int64_t> tripCount(const ForStmt &L, const ScalarValues &Values) {
  auto Lo = evaluateInt(*L.Lower, Values);
  auto Up = evaluateInt(*L.Upper, Values);
  if (!Lo || !Up)
    return std::nullopt;
  int64_t Span = 0;
  int64_t St = L.Step > 0 ? L.Step : -L.Step;
  switch (L.Cmp) {
  case LoopCmp::LT:
    Span = *Up - *Lo;
    break;
  case LoopCmp::LE:
    Span = *Up - *Lo + 1;
    break;
  case LoopCmp::GT:
    Span = *Lo - *Up;
    break;
  case LoopCmp::GE:
    Span = *Lo - *Up + 1;
    break;
  }
  if (Span <= 0)
    return 0;
  return (Span + St - 1) / St;
}

const NestStmt *findNest(const Function &F, unsigned Nest) {
  std::vector<const StmtList *> Work{&F.Body};
  while (!Work.empty()) {
    const StmtList *L = Work.back();
    Work.pop_back();
    for (const StmtPtr &S : *L) {
      if (const auto *N = dyn_cast<NestStmt>(S.get())) {
        if (N->Id == Nest)
          return N;
      } else if (const auto *R = dyn_cast<HostRegion>(S.get())) {
        Work.push_back(&R->Body);
      }
    }
  }
  return nullptr;
}

NestWork countNestWork(const Function &F, unsigned Nest,
                       const LoweredFunction &Plain,
                       const ScalarValues &Sizes) {
  NestWork W;
  Counter C;
  C.Values = Sizes;
  for (const auto &[Name, Init] : F.HostConstants)
    if (auto V = evaluateInt(*Init, C.Values))
      C.Values[Name] = *V;
  if (const NestStmt *N = findNest(F, Nest))
    W.Flops = C.count(N->Body);
  W.Exact = C.Exact;
  for (const ArrayPlan &A : Plain.Arrays) {
    auto N = A.Extent ? evaluateInt(*A.Extent, C.Values) : std::nullopt;
    if (!N) {
      W.Exact = false;
      continue;
    }
    double Elem = sizeInBytes(A.Elem);
    W.MinBytes += (double)*N * Elem *
                  ((A.ReadOnDevice ? 1 : 0) + (A.WrittenOnDevice ? 1 : 0));
  }
  return W;
}

} // namespace c2cuda
