//===- IRRewrite.cpp - Rebuilding IR with some nodes replaced -------------===//

#include "ir/IRRewrite.h"

#include "llvm/Support/Casting.h"

using namespace llvm;

namespace c2cuda {

ExprPtr rewriteExpr(const ExprPtr &E, const ExprRewriteFn &Fn) {
  if (!E)
    return E;
  if (ExprPtr R = Fn(E))
    return R;
  auto Sub = [&](const ExprPtr &X, bool &Changed) {
    ExprPtr N = rewriteExpr(X, Fn);
    Changed |= N != X;
    return N;
  };
  bool C = false;
  switch (E->getKind()) {
  case Expr::Kind::IntLit:
  case Expr::Kind::FloatLit:
  case Expr::Kind::VarRef:
    return E;
  case Expr::Kind::ArrayRef: {
    const auto &A = cast<ArrayRef>(*E);
    std::vector<ExprPtr> Idx;
    for (const ExprPtr &I : A.Indices)
      Idx.push_back(Sub(I, C));
    if (!C)
      return E;
    auto N = std::make_shared<ArrayRef>(A.Array, Idx, A.Type, A.Loc);
    N->Local = A.Local;
    return N;
  }
  case Expr::Kind::Unary: {
    const auto &U = cast<UnaryExpr>(*E);
    ExprPtr X = Sub(U.Operand, C);
    return C ? std::make_shared<UnaryExpr>(U.Op, X, U.Type, U.Loc) : E;
  }
  case Expr::Kind::Binary: {
    const auto &B = cast<BinaryExpr>(*E);
    ExprPtr L = Sub(B.LHS, C), R = Sub(B.RHS, C);
    return C ? std::make_shared<BinaryExpr>(B.Op, L, R, B.Type, B.Loc) : E;
  }
  case Expr::Kind::Cast: {
    const auto &X = cast<CastExpr>(*E);
    ExprPtr O = Sub(X.Operand, C);
    return C ? std::make_shared<CastExpr>(O, X.Type, X.Loc) : E;
  }
  case Expr::Kind::Select: {
    const auto &S = cast<SelectExpr>(*E);
    ExprPtr Co = Sub(S.Cond, C), T = Sub(S.True, C), F = Sub(S.False, C);
    return C ? std::make_shared<SelectExpr>(Co, T, F, S.Type, S.Loc) : E;
  }
  case Expr::Kind::Call: {
    const auto &K = cast<CallExpr>(*E);
    std::vector<ExprPtr> Args;
    for (const ExprPtr &A : K.Args)
      Args.push_back(Sub(A, C));
    return C ? std::make_shared<CallExpr>(K.Callee, Args, K.Type, K.Loc) : E;
  }
  }
  return E;
}

namespace {

/// An assignment's target with Fn applied to its subscripts only (the node
/// itself is where the statement writes).
ExprPtr rewriteTarget(const ExprPtr &T, const ExprRewriteFn &Fn) {
  const auto *R = dyn_cast<ArrayRef>(T.get());
  if (!R)
    return T;
  std::vector<ExprPtr> Idx;
  for (const ExprPtr &I : R->Indices)
    Idx.push_back(rewriteExpr(I, Fn));
  if (Idx == R->Indices)
    return T;
  auto N = std::make_shared<ArrayRef>(*R);
  N->Indices = std::move(Idx);
  return N;
}

StmtList rewriteAll(const StmtList &L, const ExprRewriteFn &Fn, bool Targets);

} // namespace

StmtList rewriteStmts(const StmtList &L, const ExprRewriteFn &Fn) {
  return rewriteAll(L, Fn, /*Targets=*/true);
}

StmtList rewriteReads(const StmtList &L, const ExprRewriteFn &Fn) {
  return rewriteAll(L, Fn, /*Targets=*/false);
}

namespace {

StmtList rewriteAll(const StmtList &L, const ExprRewriteFn &Fn, bool Targets) {
  StmtList Out;
  for (const StmtPtr &SP : L) {
    const Stmt &S = *SP;
    switch (S.getKind()) {
    case Stmt::Kind::Assign: {
      const auto &A = cast<AssignStmt>(S);
      ExprPtr LHS = Targets ? rewriteExpr(A.LHS, Fn) : rewriteTarget(A.LHS, Fn);
      ExprPtr RHS = rewriteExpr(A.RHS, Fn);
      if (LHS == A.LHS && RHS == A.RHS) {
        Out.push_back(SP);
        break;
      }
      auto N = std::make_shared<AssignStmt>(LHS, A.Op, RHS, A.Loc);
      N->Atomic = A.Atomic;
      N->Width = A.Width;
      N->Async = A.Async;
      Out.push_back(N);
      break;
    }
    case Stmt::Kind::Decl: {
      const auto &D = cast<DeclStmt>(S);
      ExprPtr I = rewriteExpr(D.Init, Fn);
      if (I == D.Init) {
        Out.push_back(SP);
        break;
      }
      auto N = std::make_shared<DeclStmt>(D.Name, D.Type, I, D.Loc);
      N->Dims = D.Dims;
      N->Storage = D.Storage;
      Out.push_back(N);
      break;
    }
    case Stmt::Kind::If: {
      const auto &I = cast<IfStmt>(S);
      Out.push_back(std::make_shared<IfStmt>(
          rewriteExpr(I.Cond, Fn), rewriteAll(I.Then, Fn, Targets),
          rewriteAll(I.Else, Fn, Targets), I.Loc));
      break;
    }
    case Stmt::Kind::For: {
      const auto &F = cast<ForStmt>(S);
      auto N = std::make_shared<ForStmt>(
          F.Iter, F.IterType, rewriteExpr(F.Lower, Fn), F.Cmp,
          rewriteExpr(F.Upper, Fn), F.Step, rewriteAll(F.Body, Fn, Targets),
          F.Loc);
      N->Unroll = F.Unroll;
      Out.push_back(N);
      break;
    }
    default:
      Out.push_back(SP);
      break;
    }
  }
  return Out;
}

} // namespace

ExprPtr renameVars(const ExprPtr &E,
                   const std::map<std::string, std::string> &Renames,
                   const std::map<std::string, ScalarKind> &Types) {
  return rewriteExpr(E, [&](const ExprPtr &X) -> ExprPtr {
    const auto *V = dyn_cast<VarRef>(X.get());
    if (!V)
      return nullptr;
    auto It = Renames.find(V->Name);
    if (It == Renames.end() || It->second == V->Name)
      return nullptr;
    return std::make_shared<VarRef>(It->second, Types.at(It->second), V->Loc);
  });
}

ExprPtr freshCopy(const ExprPtr &E) {
  return rewriteExpr(E, [](const ExprPtr &X) -> ExprPtr {
    if (const auto *V = dyn_cast<VarRef>(X.get()))
      return std::make_shared<VarRef>(*V);
    if (const auto *I = dyn_cast<IntLit>(X.get()))
      return std::make_shared<IntLit>(*I);
    if (const auto *F = dyn_cast<FloatLit>(X.get()))
      return std::make_shared<FloatLit>(*F);
    return nullptr;
  });
}

StmtList
rewriteNestBodies(const StmtList &L,
                  const std::function<StmtList(const StmtList &)> &Fn) {
  StmtList Out;
  for (const StmtPtr &S : L) {
    if (const auto *N = llvm::dyn_cast<NestStmt>(S.get())) {
      StmtList Body = Fn(N->Body);
      if (Body == N->Body) {
        Out.push_back(S);
        continue;
      }
      auto New = std::make_shared<NestStmt>(*N);
      New->Body = std::move(Body);
      Out.push_back(New);
    } else if (const auto *R = llvm::dyn_cast<HostRegion>(S.get())) {
      Out.push_back(R->withBody(rewriteNestBodies(R->Body, Fn)));
    } else {
      Out.push_back(S);
    }
  }
  return Out;
}

StmtList rewriteHostLists(const StmtList &L,
                          const std::function<StmtList(const StmtList &)> &Fn) {
  StmtList Out;
  for (const StmtPtr &S : L) {
    if (const auto *R = llvm::dyn_cast<HostRegion>(S.get())) {
      StmtList B = rewriteHostLists(R->Body, Fn);
      Out.push_back(B == R->Body ? S : R->withBody(std::move(B)));
    } else if (const auto *F = llvm::dyn_cast<ForStmt>(S.get())) {
      StmtList B = rewriteHostLists(F->Body, Fn);
      if (B == F->Body) {
        Out.push_back(S);
        continue;
      }
      auto N = std::make_shared<ForStmt>(*F);
      N->Body = std::move(B);
      Out.push_back(N);
    } else if (const auto *If = llvm::dyn_cast<IfStmt>(S.get())) {
      StmtList T = rewriteHostLists(If->Then, Fn),
               E = rewriteHostLists(If->Else, Fn);
      if (T == If->Then && E == If->Else) {
        Out.push_back(S);
        continue;
      }
      auto N = std::make_shared<IfStmt>(*If);
      N->Then = std::move(T);
      N->Else = std::move(E);
      Out.push_back(N);
    } else {
      Out.push_back(S);
    }
  }
  return Fn(Out);
}

} // namespace c2cuda
