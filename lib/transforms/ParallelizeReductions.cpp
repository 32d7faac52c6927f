//===- ParallelizeReductions.cpp - Atomic updates for mapped reductions ---===//

#include "ParallelizeReductions.h"

#include "ReductionPolicy.h"

#include <algorithm>
#include <map>

using namespace llvm;

namespace c2cuda {

namespace {

bool sameLoc(const SourceLoc &A, const SourceLoc &B) {
  return A.File == B.File && A.Line == B.Line && A.Col == B.Col;
}

/// The statements to make atomic, with their atomic forms.
using AtomicMap = std::map<const AssignStmt *, AtomicForm>;

StmtList rewrite(const StmtList &L, const AtomicMap &Atomics, unsigned &Done);

StmtPtr rewrite(const StmtPtr &S, const AtomicMap &Atomics, unsigned &Done) {
  if (const auto *A = dyn_cast<AssignStmt>(S.get())) {
    auto It = Atomics.find(A);
    if (It == Atomics.end())
      return S;
    const AtomicForm &F = It->second;
    AssignOpKind Op = compoundOp(F.Kind);
    auto New = std::make_shared<AssignStmt>(A->LHS, Op, F.Operand, A->Loc);
    New->Atomic = F.Kind;
    ++Done;
    return New;
  }
  if (const auto *I = dyn_cast<IfStmt>(S.get()))
    return std::make_shared<IfStmt>(I->Cond, rewrite(I->Then, Atomics, Done),
                                    rewrite(I->Else, Atomics, Done), I->Loc);
  if (const auto *F = dyn_cast<ForStmt>(S.get()))
    return std::make_shared<ForStmt>(F->Iter, F->IterType, F->Lower, F->Cmp,
                                     F->Upper, F->Step,
                                     rewrite(F->Body, Atomics, Done), F->Loc);
  return S;
}

StmtList rewrite(const StmtList &L, const AtomicMap &Atomics, unsigned &Done) {
  StmtList Out;
  for (const StmtPtr &S : L)
    Out.push_back(rewrite(S, Atomics, Done));
  return Out;
}

void parallelize(Kernel &K, const LoweringContext &Ctx) {
  const NestStmt *Nest = Ctx.nest(K.NestId);
  const NestFacts *NF = Nest ? Ctx.nestFacts(Nest) : nullptr;
  if (K.Grid.empty() || !NF)
    return;
  AtomicMap Atomics;
  // One remark per reduction, naming every mapped loop that carries it.
  std::vector<std::pair<std::string, std::vector<std::string>>> Remarks;
  // The mapped reduction loops, in source order (Loops is keyed by address).
  std::vector<std::pair<const ForStmt *, const LoopFacts *>> Mapped;
  for (const auto &[Loop, LF] : NF->Loops) {
    if (LF.Class != LoopClass::Reduction)
      continue;
    for (const GridLoop &G : K.Grid)
      if (G.Loop ? G.Loop == Loop
                 : G.Iter == Loop->Iter && sameLoc(G.Loc, Loop->Loc)) {
        Mapped.push_back({Loop, &LF});
        break;
      }
  }
  std::sort(Mapped.begin(), Mapped.end(), [](const auto &A, const auto &B) {
    return std::make_pair(A.first->Loc.Line, A.first->Loc.Col) <
           std::make_pair(B.first->Loc.Line, B.first->Loc.Col);
  });
  for (const auto &[Loop, LF] : Mapped) {
    for (const ReductionFacts &R : LF->Reductions) {
      for (const AssignStmt *S : R.Stmts) {
        std::string Why;
        std::optional<AtomicForm> F = atomicForm(*S, R.Op, Why);
        if (!F) {
          // MapToGrid checked every statement; running it unchanged would
          // race.
          Ctx.Diags.error(S->Loc,
                          "internal error: reduction statement of '" +
                              Loop->Iter + "' has no atomic form: " + Why,
                          "report this bug; meanwhile remove the reduction "
                          "clause or --allow-reassociation");
          continue;
        }
        Atomics[S] = *F;
      }
      std::string Tail = R.Target + " (" + R.Op +
                         ") runs with atomic updates (allowed by " +
                         reductionPermission(Ctx, *Nest, R) + ")";
      auto It = std::find_if(Remarks.begin(), Remarks.end(),
                             [&](const auto &P) { return P.first == Tail; });
      if (It == Remarks.end())
        Remarks.push_back({Tail, {Loop->Iter}});
      else
        It->second.push_back(Loop->Iter);
    }
  }
  if (Atomics.empty())
    return;
  unsigned Done = 0;
  K.Body = rewrite(K.Body, Atomics, Done);
  // Every statement made atomic must be in this kernel, or the grid races.
  if (Done != Atomics.size())
    Ctx.Diags.error(K.Loc,
                    "internal error: " + std::to_string(Atomics.size() - Done) +
                        " reduction statement(s) of a parallel reduction are "
                        "outside its kernel",
                    "report this bug; meanwhile remove the reduction clause "
                    "or --allow-reassociation");
  for (const auto &[Tail, Iters] : Remarks) {
    std::string Over;
    for (size_t I = 0; I < Iters.size(); ++I)
      Over += (I ? ", " : "") + Iters[I];
    K.Remarks.push_back("reduction over " + Over + " into " + Tail);
  }
}

} // namespace

LoweredFunction parallelizeReductions(LoweredFunction LF,
                                      const LoweringContext &Ctx) {
  for (Kernel &K : LF.Kernels)
    parallelize(K, Ctx);
  return LF;
}

} // namespace c2cuda
