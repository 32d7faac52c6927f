//===- HostFootprint.cpp - Elements host statements touch -----------------===//

#include "HostFootprint.h"

#include "IslToIR.h"
#include "NestFacts.h"

#include "ir/IRWalk.h"

#include "llvm/Support/Casting.h"

namespace c2cuda {

std::map<std::string, HostFootprint>
hostFootprints(const Function &F, const std::set<std::string> &Arrays) {
  std::map<std::string, HostFootprint> Out;
  std::set<std::string> Unknown;
  auto Record = [&](const std::string &A, const ExprPtr &E,
                    const SourceLoc &Loc) {
    auto [It, New] = Out.insert({A, HostFootprint()});
    if (Unknown.count(A))
      return;
    if (!E) {
      Unknown.insert(A);
      It->second.Elements = nullptr;
      It->second.Unbounded = Loc;
      return;
    }
    It->second.Elements = New ? E : analysis::maxLong(It->second.Elements, E);
  };
  forEachStmt(F.Body, [&](const Stmt &S) {
    const auto *H = llvm::dyn_cast<HostCode>(&S);
    if (!H)
      return;
    std::set<std::string> Touched;
    for (const std::set<std::string> *Set : {&H->ArraysRead, &H->ArraysWritten})
      for (const std::string &A : *Set)
        if (Arrays.count(A))
          Touched.insert(A);
    if (Touched.empty())
      return;
    // The statement as a nest of its own in a function of its own: the
    // analysis's extents are its footprint. What the analysis would report
    // about it is not the user's concern; the entry points only learn less.
    FunctionFacts Facts;
    if (!H->AsIR.empty()) {
      Function G = F;
      G.Body = {std::make_shared<NestStmt>(0, H->AsIR, NestClauses(), H->Loc,
                                           H->Loc)};
      DiagnosticList Scratch;
      Facts = analyzeFunction(G, Scratch, /*IgnoreNegativeIndices=*/true);
    }
    for (const std::string &A : Touched) {
      auto It = Facts.Extents.find(A);
      Record(A, It == Facts.Extents.end() ? nullptr : It->second.Elements,
             H->Loc);
    }
  });
  return Out;
}

} // namespace c2cuda
