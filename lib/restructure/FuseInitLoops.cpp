//===- FuseInitLoops.cpp - A loop that sets what the next updates ---------===//

#include "FuseInitLoops.h"

#include "ir/IRRewrite.h"
#include "ir/IRWalk.h"

#include "llvm/Support/Casting.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

using namespace llvm;

namespace c2cuda {

namespace {

bool sameBounds(const ForStmt &A, const ForStmt &B) {
  return A.IterType == B.IterType && A.Cmp == B.Cmp && A.Step == B.Step &&
         sameExpr(*A.Lower, *B.Lower) && sameExpr(*A.Upper, *B.Upper) &&
         !readsArray(*A.Lower) && !readsArray(*A.Upper);
}

/// The single loop L holds, or null.
const ForStmt *onlyLoop(const StmtList &L) {
  return L.size() == 1 ? dyn_cast<ForStmt>(L.front().get()) : nullptr;
}

/// Whether subscript E is iterator It, plus or minus a literal.
bool isIterPlusConst(const Expr &E, const std::string &It) {
  const Expr *X = stripCasts(&E);
  if (const auto *B = dyn_cast<BinaryExpr>(X)) {
    if (B->Op != BinaryOpKind::Add && B->Op != BinaryOpKind::Sub)
      return false;
    if (!isa<IntLit>(stripCasts(B->RHS.get())))
      return false;
    X = stripCasts(B->LHS.get());
  }
  const auto *V = dyn_cast<VarRef>(X);
  return V && V->Name == It;
}

/// Every name L mentions: variables, loop iterators, declarations.
std::set<std::string> namesIn(const StmtList &L) {
  std::set<std::string> Out;
  forEachExprIn(L, [&](const Expr &E) {
    if (const auto *V = dyn_cast<VarRef>(&E))
      Out.insert(V->Name);
  });
  forEachStmt(L, [&](const Stmt &S) {
    if (const auto *F = dyn_cast<ForStmt>(&S))
      Out.insert(F->Iter);
    else if (const auto *D = dyn_cast<DeclStmt>(&S))
      Out.insert(D->Name);
  });
  return Out;
}

using LevelList = std::vector<std::pair<const ForStmt *, const ForStmt *>>;

StmtPtr fuseLevels(const LevelList &Levels, const StmtList &Init,
                   const StmtList &Rest, const ForStmt &A, const ForStmt &B,
                   DiagnosticList &Diags);

/// A and B fused when legal (FuseInitLoops.h), else null. A's loops may
/// be matched with B's in another order (A's iterations are independent:
/// fuseLevels checks that each sets its own elements from nothing either
/// tree writes), B's order is kept.
StmtPtr fuse(const ForStmt &A, const ForStmt &B, DiagnosticList &Diags) {
  std::vector<const ForStmt *> CA{&A}, CB{&B};
  while (const ForStmt *N = onlyLoop(CA.back()->Body))
    CA.push_back(N);
  while (CB.size() < CA.size()) {
    const ForStmt *N = onlyLoop(CB.back()->Body);
    if (!N)
      return nullptr;
    CB.push_back(N);
  }
  // Loops whose bounds read the chains' iterators keep their order.
  std::set<std::string> ChainIters;
  for (const ForStmt *L : CA)
    ChainIters.insert(L->Iter);
  for (const ForStmt *L : CB)
    ChainIters.insert(L->Iter);
  bool Rectangular = true;
  for (const auto *Chain : {&CA, &CB})
    for (const ForStmt *L : *Chain)
      for (const ExprPtr &E : {L->Lower, L->Upper})
        forEachExpr(*E, [&](const Expr &X) {
          if (const auto *V = dyn_cast<VarRef>(&X))
            Rectangular &= !ChainIters.count(V->Name);
        });
  std::vector<size_t> Perm(CA.size());
  for (size_t I = 0; I < Perm.size(); ++I)
    Perm[I] = I;
  do {
    LevelList Levels;
    for (size_t M = 0; M < CB.size(); ++M)
      if (sameBounds(*CA[Perm[M]], *CB[M]))
        Levels.push_back({CA[Perm[M]], CB[M]});
    if (Levels.size() == CB.size())
      if (StmtPtr F =
              fuseLevels(Levels, CA.back()->Body, CB.back()->Body, A, B, Diags))
        return F;
  } while (Rectangular && CA.size() <= 3 &&
           std::next_permutation(Perm.begin(), Perm.end()));
  return nullptr;
}

/// The trees fused with A's loops Levels[m].first matched with B's
/// Levels[m].second (B's order), when legal; else null.
StmtPtr fuseLevels(const LevelList &Levels, const StmtList &Init,
                   const StmtList &Rest, const ForStmt &A, const ForStmt &B,
                   DiagnosticList &Diags) {
  // The initializations: assignments to array elements, each element
  // distinct per iteration of the fused loops.
  std::set<std::string> Iters, InitArrays, InitReads, InitVars;
  for (const auto &[LA, LB] : Levels)
    Iters.insert(LA->Iter);
  std::map<std::string, const ArrayRef *> Elem;
  for (const StmtPtr &S : Init) {
    const auto *As = dyn_cast<AssignStmt>(S.get());
    const auto *L = As ? dyn_cast<ArrayRef>(As->LHS.get()) : nullptr;
    if (!L || As->Atomic != AtomicKind::None || As->Width != 1 ||
        Elem.count(L->Array))
      return nullptr;
    for (const std::string &It : Iters)
      if (std::none_of(
              L->Indices.begin(), L->Indices.end(),
              [&](const ExprPtr &I) { return isIterPlusConst(*I, It); }))
        return nullptr;
    Elem[L->Array] = L;
    InitArrays.insert(L->Array);
    auto Note = [&](const Expr &E) {
      if (const auto *R = dyn_cast<ArrayRef>(&E))
        InitReads.insert(R->Array);
      else if (const auto *V = dyn_cast<VarRef>(&E))
        InitVars.insert(V->Name);
    };
    forEachExpr(*As->RHS, Note);
    for (const ExprPtr &I : L->Indices)
      forEachExpr(*I, Note);
  }
  // The second tree's iterators become the first's, all at once: no name
  // they take is used in it for anything else, and none of them is
  // declared again inside it.
  std::map<std::string, std::string> Rename;
  for (const auto &[LA, LB] : Levels)
    if (LA->Iter != LB->Iter)
      Rename[LB->Iter] = LA->Iter;
  std::set<std::string> Used = namesIn(Rest), Declared;
  forEachStmt(Rest, [&](const Stmt &S) {
    if (const auto *F = dyn_cast<ForStmt>(&S))
      Declared.insert(F->Iter);
    else if (const auto *D = dyn_cast<DeclStmt>(&S))
      Declared.insert(D->Name);
  });
  for (const auto &[LA, LB] : Levels)
    if ((Used.count(LA->Iter) && LA->Iter != LB->Iter &&
         !Rename.count(LA->Iter)) ||
        Declared.count(LA->Iter) || Declared.count(LB->Iter))
      return nullptr;
  StmtList Renamed = rewriteStmts(Rest, [&](const ExprPtr &E) -> ExprPtr {
    const auto *V = dyn_cast<VarRef>(E.get());
    auto It = V ? Rename.find(V->Name) : Rename.end();
    if (It == Rename.end())
      return nullptr;
    return std::make_shared<VarRef>(It->second, V->Type, V->Loc);
  });
  // The second tree touches only the initialized element of each
  // initialized array; it writes nothing the initializations read.
  bool OK = true;
  std::set<std::string> Assigned;
  forEachStmt(Renamed, [&](const Stmt &S) {
    if (const auto *As = dyn_cast<AssignStmt>(&S)) {
      if (const auto *R = dyn_cast<ArrayRef>(As->LHS.get()))
        OK &= !InitReads.count(R->Array);
      else if (const auto *V = dyn_cast<VarRef>(As->LHS.get()))
        Assigned.insert(V->Name);
    } else if (const auto *D = dyn_cast<DeclStmt>(&S)) {
      Assigned.insert(D->Name);
    } else if (const auto *F = dyn_cast<ForStmt>(&S)) {
      Assigned.insert(F->Iter);
    }
  });
  forEachExprIn(Renamed, [&](const Expr &E) {
    const auto *R = dyn_cast<ArrayRef>(&E);
    auto It = R ? Elem.find(R->Array) : Elem.end();
    if (It == Elem.end())
      return;
    const ArrayRef &T = *It->second;
    OK &= R->Indices.size() == T.Indices.size();
    for (size_t D = 0; OK && D < T.Indices.size(); ++D)
      OK &= sameExpr(*R->Indices[D], *T.Indices[D]);
  });
  for (const std::string &A : InitReads)
    OK &= !InitArrays.count(A);
  for (const std::string &V : InitVars)
    OK &= !Assigned.count(V);
  if (!OK)
    return nullptr;
  // Rebuild the first tree's loops around both bodies.
  StmtList Body = Init;
  Body.insert(Body.end(), Renamed.begin(), Renamed.end());
  for (size_t L = Levels.size(); L-- > 0;) {
    const ForStmt &F = *Levels[L].first;
    auto New =
        std::make_shared<ForStmt>(F.Iter, F.IterType, F.Lower, F.Cmp, F.Upper,
                                  F.Step, std::move(Body), F.Loc);
    Body = {New};
  }
  auto Named = [](const ForStmt &L) {
    return "'" + L.Iter + "' (line " + std::to_string(L.Loc.Line) + ")";
  };
  Diags.remark(A.Loc, "fused the loops " + Named(A) + " and " + Named(B) +
                          ": each iteration sets the elements the same "
                          "iteration of the second then updates");
  return Body.front();
}

/// A nest with no clause at all (schedule, extents, reductions, fast math).
bool noClauses(const NestStmt &N) {
  const NestClauses &C = N.Clauses;
  return C.isDefault() && C.Extents.empty() && C.Reductions.empty() &&
         !C.FastMath;
}

/// A and B are nests of one `#pragma scop` (whose nests share the pragma's
/// location), neither with clauses.
bool sameScop(const NestStmt &A, const NestStmt &B) {
  return noClauses(A) && noClauses(B) && A.PragmaLoc.valid() &&
         A.PragmaLoc.File == B.PragmaLoc.File &&
         A.PragmaLoc.Line == B.PragmaLoc.Line &&
         A.PragmaLoc.Col == B.PragmaLoc.Col;
}

} // namespace

StmtList fuseInitNests(const StmtList &Body, DiagnosticList &Diags) {
  StmtList Out;
  for (const StmtPtr &S : Body) {
    StmtPtr Cur = S;
    if (const auto *H = dyn_cast<HostRegion>(S.get())) {
      StmtList Inner = fuseInitNests(H->Body, Diags);
      if (Inner != H->Body) {
        Cur = H->withBody(std::move(Inner));
      }
    }
    const auto *B = dyn_cast<NestStmt>(Cur.get());
    const auto *A =
        Out.empty() ? nullptr : dyn_cast<NestStmt>(Out.back().get());
    const ForStmt *LA = A ? onlyLoop(A->Body) : nullptr;
    const ForStmt *LB = B ? onlyLoop(B->Body) : nullptr;
    if (LA && LB && sameScop(*A, *B))
      if (StmtPtr Fused = fuse(*LA, *LB, Diags)) {
        // One nest, A's; the CPU oracle's reference runs both as written.
        auto New = std::make_shared<NestStmt>(*A);
        New->Body = {Fused};
        New->AsWritten = A->AsWritten.empty() ? A->Body : A->AsWritten;
        const StmtList &WB = B->AsWritten.empty() ? B->Body : B->AsWritten;
        New->AsWritten.insert(New->AsWritten.end(), WB.begin(), WB.end());
        for (const auto &P : B->Privatized)
          if (std::find(New->Privatized.begin(), New->Privatized.end(), P) ==
              New->Privatized.end())
            New->Privatized.push_back(P);
        New->StandsFor.insert(B->StandsFor.begin(), B->StandsFor.end());
        New->ArraysPastBreak.insert(B->ArraysPastBreak.begin(),
                                    B->ArraysPastBreak.end());
        Out.back() = New;
        continue;
      }
    Out.push_back(Cur);
  }
  return Out;
}

StmtList fuseInitLoops(const StmtList &Body, DiagnosticList &Diags) {
  StmtList Out;
  for (const StmtPtr &S : Body) {
    StmtPtr Cur = S;
    if (const auto *F = dyn_cast<ForStmt>(S.get())) {
      StmtList Inner = fuseInitLoops(F->Body, Diags);
      if (Inner != F->Body) {
        auto New = std::make_shared<ForStmt>(F->Iter, F->IterType, F->Lower,
                                             F->Cmp, F->Upper, F->Step,
                                             std::move(Inner), F->Loc);
        New->Unroll = F->Unroll;
        Cur = New;
      }
    } else if (const auto *I = dyn_cast<IfStmt>(S.get())) {
      StmtList Then = fuseInitLoops(I->Then, Diags),
               Else = fuseInitLoops(I->Else, Diags);
      if (Then != I->Then || Else != I->Else)
        Cur = std::make_shared<IfStmt>(I->Cond, std::move(Then),
                                       std::move(Else), I->Loc);
    }
    const auto *Next = dyn_cast<ForStmt>(Cur.get());
    const auto *Prev =
        Out.empty() ? nullptr : dyn_cast<ForStmt>(Out.back().get());
    if (Prev && Next)
      if (StmtPtr Fused = fuse(*Prev, *Next, Diags)) {
        Out.back() = Fused;
        continue;
      }
    Out.push_back(Cur);
  }
  return Out;
}

} // namespace c2cuda
