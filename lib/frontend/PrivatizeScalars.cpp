//===- PrivatizeScalars.cpp - Scalars declared outside a nest, made private
//===//

#include "PrivatizeScalars.h"

#include "ir/IRWalk.h"

#include <functional>
#include <optional>
#include <vector>

using namespace llvm;

namespace c2cuda {

namespace {

bool readsName(const Expr *E, const std::string &Name) {
  bool Found = false;
  if (E)
    forEachExpr(*E, [&](const Expr &X) {
      if (const auto *V = dyn_cast<VarRef>(&X))
        Found |= V->Name == Name;
    });
  return Found;
}

/// The loops around every statement that mentions Name; nullopt if a
/// declaration in the nest reuses the name (another variable).
std::optional<std::vector<const ForStmt *>>
commonLoops(const StmtList &L, const std::string &Name) {
  std::optional<std::vector<const ForStmt *>> Common;
  bool Shadowed = false, Any = false;
  std::vector<const ForStmt *> Path;
  auto Use = [&]() {
    Any = true;
    if (!Common) {
      Common = Path;
      return;
    }
    size_t N = 0;
    while (N < Common->size() && N < Path.size() && (*Common)[N] == Path[N])
      ++N;
    Common->resize(N);
  };
  std::function<void(const StmtList &)> Walk = [&](const StmtList &List) {
    for (const StmtPtr &S : List) {
      if (const auto *A = dyn_cast<AssignStmt>(S.get())) {
        if (readsName(A->LHS.get(), Name) || readsName(A->RHS.get(), Name))
          Use();
      } else if (const auto *D = dyn_cast<DeclStmt>(S.get())) {
        Shadowed |= D->Name == Name;
        if (readsName(D->Init.get(), Name))
          Use();
      } else if (const auto *I = dyn_cast<IfStmt>(S.get())) {
        if (readsName(I->Cond.get(), Name))
          Use();
        Walk(I->Then);
        Walk(I->Else);
      } else if (const auto *F = dyn_cast<ForStmt>(S.get())) {
        Shadowed |= F->Iter == Name;
        if (readsName(F->Lower.get(), Name) || readsName(F->Upper.get(), Name))
          Use();
        Path.push_back(F);
        Walk(F->Body);
        Path.pop_back();
      }
    }
  };
  Walk(L);
  if (Shadowed || !Any)
    return std::nullopt;
  return Common;
}

/// Whether every read of Name in L comes after a write to it in the same
/// pass through L, given whether it is written on entry (Defined). Updates
/// Defined to "written on every path through L".
bool writtenBeforeRead(const StmtList &L, const std::string &Name,
                       bool &Defined) {
  for (const StmtPtr &S : L) {
    if (const auto *A = dyn_cast<AssignStmt>(S.get())) {
      const auto *Target = dyn_cast<VarRef>(A->LHS.get());
      bool ToName = Target && Target->Name == Name;
      bool Reads = readsName(A->RHS.get(), Name) ||
                   (!ToName && readsName(A->LHS.get(), Name)) ||
                   (ToName && A->Op != AssignOpKind::Set);
      if (Reads && !Defined)
        return false;
      Defined |= ToName;
    } else if (const auto *D = dyn_cast<DeclStmt>(S.get())) {
      if (readsName(D->Init.get(), Name) && !Defined)
        return false;
    } else if (const auto *I = dyn_cast<IfStmt>(S.get())) {
      if (readsName(I->Cond.get(), Name) && !Defined)
        return false;
      bool Then = Defined, Else = Defined;
      if (!writtenBeforeRead(I->Then, Name, Then) ||
          !writtenBeforeRead(I->Else, Name, Else))
        return false;
      Defined = Then && Else;
    } else if (const auto *F = dyn_cast<ForStmt>(S.get())) {
      if ((readsName(F->Lower.get(), Name) ||
           readsName(F->Upper.get(), Name)) &&
          !Defined)
        return false;
      // The body may run no time: its writes do not count after the loop.
      bool Inside = Defined;
      if (!writtenBeforeRead(F->Body, Name, Inside))
        return false;
    }
  }
  return true;
}

bool assigns(const StmtList &L, const std::string &Name) {
  bool Found = false;
  forEachStmt(L, [&](const Stmt &S) {
    if (const auto *A = dyn_cast<AssignStmt>(&S))
      if (const auto *V = dyn_cast<VarRef>(A->LHS.get()))
        Found |= V->Name == Name;
  });
  return Found;
}

/// L with Decl first in the body of Target (a loop of L), the path to it
/// rebuilt.
StmtList declareIn(const StmtList &L, const ForStmt *Target,
                   const StmtPtr &Decl) {
  StmtList Out;
  for (const StmtPtr &S : L) {
    if (const auto *F = dyn_cast<ForStmt>(S.get())) {
      StmtList Body;
      if (F == Target) {
        Body.push_back(Decl);
        Body.insert(Body.end(), F->Body.begin(), F->Body.end());
      } else {
        Body = declareIn(F->Body, Target, Decl);
      }
      auto New =
          std::make_shared<ForStmt>(F->Iter, F->IterType, F->Lower, F->Cmp,
                                    F->Upper, F->Step, std::move(Body), F->Loc);
      New->Unroll = F->Unroll;
      Out.push_back(New);
    } else if (const auto *I = dyn_cast<IfStmt>(S.get())) {
      Out.push_back(
          std::make_shared<IfStmt>(I->Cond, declareIn(I->Then, Target, Decl),
                                   declareIn(I->Else, Target, Decl), I->Loc));
    } else {
      Out.push_back(S);
    }
  }
  return Out;
}

} // namespace

StmtList privatizeScalars(const StmtList &Body,
                          const std::map<std::string, ScalarKind> &Candidates,
                          std::set<std::string> &Privatized,
                          DiagnosticList &Diags) {
  StmtList Out = Body;
  for (const auto &[Name, Type] : Candidates) {
    if (!assigns(Out, Name))
      continue; // Only read: a value from outside, the same for all.
    auto Loops = commonLoops(Out, Name);
    if (!Loops || Loops->empty())
      continue;
    const ForStmt *L = Loops->back();
    bool Defined = false;
    if (!writtenBeforeRead(L->Body, Name, Defined))
      continue;
    // L points into Out, which declareIn replaces (freeing L when Out held
    // the only reference): the remark is built first.
    SourceLoc At = L->Loc;
    std::string Msg =
        "'" + Name + "' is private to each iteration of '" + L->Iter +
        "': declared outside the nest, it is written before it is read in "
        "every iteration and not used after the nest";
    Out =
        declareIn(Out, L, std::make_shared<DeclStmt>(Name, Type, nullptr, At));
    Privatized.insert(Name);
    Diags.remark(At, Msg);
  }
  return Out;
}

} // namespace c2cuda
