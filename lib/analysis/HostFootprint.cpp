//===- HostFootprint.cpp - Elements host statements touch -----------------===//

#include "HostFootprint.h"

#include "NestFacts.h"

#include "ir/IRWalk.h"

#include "llvm/Support/Casting.h"

#include <algorithm>

namespace c2cuda {

/// The extents of Arrays over the statements Stmts, each a nest of its own
/// in a copy of F: the analysis unions what they touch (one expression,
/// however many statements). What it would report is not the user's
/// concern; the entry points only learn less.
static FunctionFacts
analyzeAsNests(const Function &F, const std::vector<const HostCode *> &Stmts) {
  Function G = F;
  G.Body.clear();
  for (const HostCode *H : Stmts)
    G.Body.push_back(
        std::make_shared<NestStmt>(static_cast<unsigned>(G.Body.size()),
                                   H->AsIR, NestClauses(), H->Loc, H->Loc));
  // What F's statements assign, G's do not: the analysis asks F.
  DiagnosticList Scratch;
  return analyzeFunction(G, Scratch, /*IgnoreNegativeIndices=*/true, &F);
}

std::map<std::string, HostFootprint>
hostFootprints(const Function &F, const std::set<std::string> &Arrays) {
  // Per array, the host statements that touch it.
  std::map<std::string, std::vector<const HostCode *>> Touching;
  forEachStmt(F.Body, [&](const Stmt &S) {
    if (const auto *H = llvm::dyn_cast<HostCode>(&S))
      for (const std::string &A : Arrays)
        if (H->ArraysRead.count(A) || H->ArraysWritten.count(A))
          Touching[A].push_back(H);
  });
  std::map<std::string, HostFootprint> Out;
  for (const auto &[A, Stmts] : Touching) {
    HostFootprint &FP = Out[A];
    auto NoIR = std::find_if(Stmts.begin(), Stmts.end(),
                             [](const HostCode *H) { return H->AsIR.empty(); });
    if (NoIR != Stmts.end()) {
      FP.Unbounded = (*NoIR)->Loc;
      continue;
    }
    FunctionFacts Facts = analyzeAsNests(F, Stmts);
    if (auto It = Facts.Extents.find(A); It != Facts.Extents.end())
      FP.Elements = It->second.Elements;
    if (FP.Elements)
      continue;
    // Which statement has no bound, for the message.
    FP.Unbounded = Stmts.front()->Loc;
    for (const HostCode *H : Stmts) {
      FunctionFacts One = analyzeAsNests(F, {H});
      auto It = One.Extents.find(A);
      if (It == One.Extents.end() || !It->second.Elements) {
        FP.Unbounded = H->Loc;
        break;
      }
    }
  }
  return Out;
}

} // namespace c2cuda
