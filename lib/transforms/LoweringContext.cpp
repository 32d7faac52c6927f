//===- LoweringContext.cpp - What every lowering pass may consult ---------===//

#include "LoweringContext.h"

#include "IRQueries.h"
#include "ReductionPolicy.h"

using namespace llvm;

namespace c2cuda {

LoweringContext::LoweringContext(const Function &F, const FunctionFacts &Facts,
                                 DiagnosticList &Diags, bool AllowReassociation)
    : F(F), Facts(Facts), Diags(Diags), AllowReassociation(AllowReassociation) {
  forEachStmt(F.Body, [&](const Stmt &S) {
    if (const auto *N = dyn_cast<NestStmt>(&S))
      NestsById[N->Id] = N;
  });
}

const NestStmt *LoweringContext::nest(unsigned Id) const {
  auto It = NestsById.find(Id);
  return It == NestsById.end() ? nullptr : It->second;
}

const NestFacts *LoweringContext::nestFacts(const NestStmt *N) const {
  auto It = Facts.Nests.find(N);
  return It == Facts.Nests.end() ? nullptr : &It->second;
}

const LoopFacts *LoweringContext::loopFacts(const NestStmt *N,
                                            const ForStmt *L) const {
  const NestFacts *NF = nestFacts(N);
  if (!NF)
    return nullptr;
  auto It = NF->Loops.find(L);
  return It == NF->Loops.end() ? nullptr : &It->second;
}

bool LoweringContext::isParallel(const NestStmt *N, const ForStmt *L) const {
  const LoopFacts *LF = loopFacts(N, L);
  return LF && LF->Parallel;
}

std::string LoweringContext::notParallelReason(const NestStmt *N,
                                               const ForStmt *L) const {
  const LoopFacts *LF = loopFacts(N, L);
  if (!LF)
    return "the analysis has no dependence facts for '" + L->Iter + "'";
  if (LF->Reason.empty())
    return "'" + L->Iter + "' carries a dependence";
  return LF->Reason;
}

bool LoweringContext::reductionParallel(const NestStmt *N, const ForStmt *L,
                                        std::string *Why) const {
  std::string Ignored;
  return canRunReductionInParallel(*this, N, L, Why ? *Why : Ignored);
}

} // namespace c2cuda
