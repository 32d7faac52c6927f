//===- SelectIndices.cpp - Selects in subscripts as selects of reads ------===//

#include "SelectIndices.h"

#include "ir/IRRewrite.h"
#include "ir/IRWalk.h"

#include <map>
#include <set>

namespace c2cuda {

namespace {

/// Reads that one read may become.
constexpr unsigned MaxArms = 8;

bool holdsSelect(const Expr &E) {
  bool Found = false;
  forEachExpr(E, [&](const Expr &X) { Found |= llvm::isa<SelectExpr>(X); });
  return Found;
}

/// The first select of E outside any subscript of a read E holds.
const SelectExpr *firstSelect(const Expr &E) {
  if (const auto *S = llvm::dyn_cast<SelectExpr>(&E))
    return S;
  if (llvm::isa<ArrayRef>(E))
    return nullptr;
  const SelectExpr *Found = nullptr;
  auto Try = [&](const ExprPtr &X) {
    if (!Found && X)
      Found = firstSelect(*X);
  };
  if (const auto *U = llvm::dyn_cast<UnaryExpr>(&E))
    Try(U->Operand);
  else if (const auto *C = llvm::dyn_cast<CastExpr>(&E))
    Try(C->Operand);
  else if (const auto *B = llvm::dyn_cast<BinaryExpr>(&E)) {
    Try(B->LHS);
    Try(B->RHS);
  } else if (const auto *K = llvm::dyn_cast<CallExpr>(&E))
    for (const ExprPtr &A : K->Args)
      Try(A);
  return Found;
}

/// E with node S replaced by With.
ExprPtr replaced(const ExprPtr &E, const Expr *S, const ExprPtr &With) {
  return rewriteExpr(E, [&](const ExprPtr &X) -> ExprPtr {
    return X.get() == S ? freshCopy(With) : nullptr;
  });
}

class Hoister {
public:
  explicit Hoister(const std::map<std::string, ExprPtr> &Locals)
      : Locals(Locals) {}

  /// R as a select of reads without selects in their subscripts; null when
  /// R's subscripts hold none (or too many).
  ExprPtr hoist(const ArrayRef &R) {
    std::vector<ExprPtr> Indices;
    for (const ExprPtr &I : R.Indices)
      Indices.push_back(withLocals(I));
    unsigned Arms = 1;
    ExprPtr Out = split(R, Indices, Arms);
    // One arm: no select to hoist; the read stays as it is.
    return Out && Arms > 1 && Arms <= MaxArms ? Out : nullptr;
  }

private:
  const std::map<std::string, ExprPtr> &Locals;

  /// I with the locals whose initializers hold a select in their place.
  ExprPtr withLocals(const ExprPtr &I) {
    return rewriteExpr(I, [&](const ExprPtr &X) -> ExprPtr {
      const auto *V = llvm::dyn_cast<VarRef>(X.get());
      auto It = V ? Locals.find(V->Name) : Locals.end();
      if (It == Locals.end())
        return nullptr;
      ExprPtr Init = freshCopy(It->second);
      return Init->Type == V->Type ? Init
                                   : std::make_shared<CastExpr>(Init, V->Type);
    });
  }

  ExprPtr split(const ArrayRef &R, const std::vector<ExprPtr> &Indices,
                unsigned &Arms) {
    for (size_t K = 0; K < Indices.size(); ++K) {
      const SelectExpr *S = firstSelect(*Indices[K]);
      if (!S)
        continue;
      if (++Arms > MaxArms)
        return nullptr;
      std::vector<ExprPtr> T = Indices, F = Indices;
      T[K] = replaced(Indices[K], S, S->True);
      F[K] = replaced(Indices[K], S, S->False);
      ExprPtr A = split(R, T, Arms), B = split(R, F, Arms);
      if (!A || !B)
        return nullptr;
      return std::make_shared<SelectExpr>(freshCopy(S->Cond), A, B, R.Type,
                                          R.Loc);
    }
    auto Read = std::make_shared<ArrayRef>(R.Array, Indices, R.Type, R.Loc);
    Read->Local = R.Local;
    return Read;
  }
};

/// L without the declarations of Dead (their uses all rewritten away).
StmtList withoutDecls(const StmtList &L, const std::set<std::string> &Dead) {
  StmtList Out;
  for (const StmtPtr &S : L) {
    if (const auto *D = llvm::dyn_cast<DeclStmt>(S.get());
        D && Dead.count(D->Name))
      continue;
    if (const auto *F = llvm::dyn_cast<ForStmt>(S.get())) {
      auto New = std::make_shared<ForStmt>(*F);
      New->Body = withoutDecls(F->Body, Dead);
      Out.push_back(New);
    } else if (const auto *I = llvm::dyn_cast<IfStmt>(S.get())) {
      auto New = std::make_shared<IfStmt>(*I);
      New->Then = withoutDecls(I->Then, Dead);
      New->Else = withoutDecls(I->Else, Dead);
      Out.push_back(New);
    } else {
      Out.push_back(S);
    }
  }
  return Out;
}

StmtList rewriteNest(const StmtList &Body) {
  // Locals declared once in the nest, never assigned, whose initializer
  // holds a select.
  std::map<std::string, ExprPtr> Locals;
  std::map<std::string, unsigned> Declared;
  std::set<std::string> Assigned;
  forEachStmt(Body, [&](const Stmt &S) {
    if (const auto *D = llvm::dyn_cast<DeclStmt>(&S)) {
      ++Declared[D->Name];
      if (D->Init && D->Dims.empty() && holdsSelect(*D->Init))
        Locals[D->Name] = D->Init;
    } else if (const auto *A = llvm::dyn_cast<AssignStmt>(&S)) {
      if (const auto *V = llvm::dyn_cast<VarRef>(A->LHS.get()))
        Assigned.insert(V->Name);
    } else if (const auto *F = llvm::dyn_cast<ForStmt>(&S)) {
      ++Declared[F->Iter];
    }
  });
  // A use stands for the initializer's value only where none of its
  // variables is assigned in the nest (`int t = j; int jj = t < 1 ? 1 : t;
  // t = 5; x[jj]`).
  auto Stable = [&](const Expr &Init) {
    bool OK = true;
    forEachExpr(Init, [&](const Expr &X) {
      if (const auto *V = llvm::dyn_cast<VarRef>(&X))
        OK &= !Assigned.count(V->Name);
    });
    return OK;
  };
  for (auto It = Locals.begin(); It != Locals.end();)
    It = Declared[It->first] != 1 || Assigned.count(It->first) ||
                 !Stable(*It->second)
             ? Locals.erase(It)
             : std::next(It);
  Hoister H(Locals);
  StmtList Out = rewriteReads(Body, [&](const ExprPtr &E) -> ExprPtr {
    const auto *R = llvm::dyn_cast<ArrayRef>(E.get());
    return R ? H.hoist(*R) : nullptr;
  });
  if (Out == Body || Locals.empty())
    return Out;
  // A local whose every use was a subscript now holds nothing anyone reads.
  std::set<std::string> Dead;
  for (const auto &[Name, Init] : Locals)
    Dead.insert(Name);
  forEachExprIn(Out, [&](const Expr &E) {
    if (const auto *V = llvm::dyn_cast<VarRef>(&E))
      Dead.erase(V->Name);
  });
  return Dead.empty() ? Out : withoutDecls(Out, Dead);
}

} // namespace

void hoistSelectsFromIndices(Function &F) {
  F.Body = rewriteNestBodies(F.Body, rewriteNest);
}

} // namespace c2cuda
