//===- CollectKernelInterface.cpp - Parameters of each kernel -------------===//

#include "CollectKernelInterface.h"

#include "IRQueries.h"

#include "ir/IRUses.h"
#include "ir/IRWalk.h"

#include <map>
#include <set>

using namespace llvm;

namespace c2cuda {

namespace {

using ScalarMap = std::map<std::string, ScalarKind>;
const ScalarKind *find(const NestFacts *NF, ScalarMap NestFacts::*Field,
                       const std::string &N) {
  if (!NF)
    return nullptr;
  auto It = (NF->*Field).find(N);
  return It == (NF->*Field).end() ? nullptr : &It->second;
}

void collect(Kernel &K, const LoweringContext &Ctx,
             const ScalarMap &HostIters) {
  const NestFacts *NF = Ctx.nestFacts(Ctx.nest(K.NestId));

  std::set<std::string> Used;
  collectVarNames(K.Body, Used);
  for (const GridLoop &G : K.Grid) {
    collectVarNames(*G.Lower, Used);
    collectVarNames(*G.TripCount, Used);
  }
  std::set<std::string> Assigned = collectAssignedScalars(K.Body);
  std::set<std::string> Declared;
  collectDecls(K.Body, Declared);

  std::map<std::string, KernelScalar> Scalars; // Sorted by name.
  for (const std::string &N : Used) {
    KernelScalar KS;
    KS.Name = N;
    if (auto It = HostIters.find(N); It != HostIters.end()) {
      KS.Type = It->second;
      KS.Written = Assigned.count(N) != 0; // Host scalars; never iterators.
    } else if (const ScalarKind *T = find(NF, &NestFacts::ScalarsWritten, N)) {
      KS.Type = *T;
      KS.Written = Assigned.count(N) != 0;
    } else if (const ScalarKind *T = find(NF, &NestFacts::ScalarsRead, N)) {
      KS.Type = *T;
    } else if (const Param *P = Ctx.F.findParam(N);
               P && !P->isArray() && !Declared.count(N)) {
      // Facts missing a scalar parameter: still pass it (not a local of
      // the kernel that hides it: `float acc` with a parameter `acc`).
      KS.Type = P->Elem;
      KS.Written = Assigned.count(N) != 0;
    } else {
      continue; // An iterator or local of the kernel itself.
    }
    Scalars[N] = KS;
  }
  K.Scalars.clear();
  for (auto &[Name, KS] : Scalars)
    K.Scalars.push_back(KS);

  // A tiled kernel's own register and shared tiles are not parameters,
  // whatever their names.
  std::set<std::string> ArraysUsed;
  for (const ArrayRef *A : collectArrayRefs(K.Body))
    if (!A->Local)
      ArraysUsed.insert(A->Array);
  K.Arrays.clear();
  for (const Param &P : Ctx.F.Params)
    if (P.isArray() && ArraysUsed.count(P.Name))
      K.Arrays.push_back(P.Name);
}

/// KernelScalar::Resident for the scalars one host declaration declares
/// (restructuring's and host loop bodies' own: no user host code names
/// them) that some kernel in its scope writes, with one type there; only
/// in the kernels launched in that scope (elsewhere the name is another
/// variable).
void markResidentScalars(LoweredFunction &LF,
                         const std::map<unsigned, HostScope> &Scopes) {
  std::map<std::string, unsigned> Decls;
  forEachStmt(LF.HostBody, [&](const Stmt &S) {
    if (const auto *D = dyn_cast<DeclStmt>(&S))
      Decls[D->Name] += D->isArray() ? 2 : 1;
  });
  auto Declared = [&](unsigned K, const std::string &N) {
    auto D = Decls.find(N);
    auto S = Scopes.find(K);
    return D != Decls.end() && D->second == 1 && S != Scopes.end() &&
           S->second.Declared.count(N);
  };
  std::map<std::string, ScalarKind> Type;
  std::set<std::string> Written, Mixed;
  for (unsigned K = 0; K < LF.Kernels.size(); ++K)
    for (const KernelScalar &S : LF.Kernels[K].Scalars) {
      if (!Declared(K, S.Name))
        continue;
      auto [It, New] = Type.emplace(S.Name, S.Type);
      if (!New && It->second != S.Type)
        Mixed.insert(S.Name);
      if (S.Written)
        Written.insert(S.Name);
    }
  for (unsigned K = 0; K < LF.Kernels.size(); ++K)
    for (KernelScalar &S : LF.Kernels[K].Scalars)
      S.Resident =
          Declared(K, S.Name) && Written.count(S.Name) && !Mixed.count(S.Name);
}

} // namespace

LoweredFunction collectKernelInterface(LoweredFunction LF,
                                       const LoweringContext &Ctx) {
  std::map<unsigned, HostScope> Scopes;
  forEachHostStmtInScope(LF.HostBody, [&](const Stmt &S, const HostScope &In) {
    if (const auto *Launch = dyn_cast<LaunchStmt>(&S))
      Scopes[Launch->KernelIndex] = In;
  });
  // An alternative runs where its kernel is launched (alternatives follow
  // the kernels they stand in for).
  for (unsigned I = 0; I < LF.Kernels.size(); ++I)
    for (int Alt : {LF.Kernels[I].FewBlocksAlternative,
                    LF.Kernels[I].SplitAlternative, LF.Kernels[I].LaunchFirst})
      if (Alt >= 0)
        Scopes[Alt] = Scopes[I];
  for (unsigned I = 0; I < LF.Kernels.size(); ++I)
    collect(LF.Kernels[I], Ctx, Scopes[I].Vars);
  markResidentScalars(LF, Scopes);
  return LF;
}

} // namespace c2cuda
