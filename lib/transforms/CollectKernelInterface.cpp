//===- CollectKernelInterface.cpp - Parameters of each kernel -------------===//

#include "CollectKernelInterface.h"

#include "IRQueries.h"

#include "ir/IRWalk.h"

#include <map>
#include <set>

using namespace llvm;

namespace c2cuda {

namespace {

using IterMap = std::map<std::string, ScalarKind>;

/// For each LaunchStmt of the host body, the host loop iterators and the
/// host scalars declared in host loop bodies (HoistHostLoops) around it.
void findHostIterators(const StmtList &L, IterMap InScope,
                       std::map<unsigned, IterMap> &PerKernel) {
  for (const StmtPtr &S : L) {
    if (const auto *D = dyn_cast<DeclStmt>(S.get())) {
      if (!D->isArray())
        InScope[D->Name] = D->Type;
    } else if (const auto *Launch = dyn_cast<LaunchStmt>(S.get())) {
      PerKernel[Launch->KernelIndex] = InScope;
    } else if (const auto *For = dyn_cast<ForStmt>(S.get())) {
      IterMap Inner = InScope;
      Inner[For->Iter] = For->IterType;
      findHostIterators(For->Body, Inner, PerKernel);
    } else if (const auto *If = dyn_cast<IfStmt>(S.get())) {
      findHostIterators(If->Then, InScope, PerKernel);
      findHostIterators(If->Else, InScope, PerKernel);
    } else if (const auto *R = dyn_cast<HostRegion>(S.get())) {
      findHostIterators(R->Body, InScope, PerKernel);
    }
  }
}

using ScalarMap = std::map<std::string, ScalarKind>;
const ScalarKind *find(const NestFacts *NF, ScalarMap NestFacts::*Field,
                       const std::string &N) {
  if (!NF)
    return nullptr;
  auto It = (NF->*Field).find(N);
  return It == (NF->*Field).end() ? nullptr : &It->second;
}

void collect(Kernel &K, const LoweringContext &Ctx, const IterMap &HostIters) {
  const NestFacts *NF = Ctx.nestFacts(Ctx.nest(K.NestId));

  std::set<std::string> Used;
  collectVarNames(K.Body, Used);
  for (const GridLoop &G : K.Grid) {
    collectVarNames(*G.Lower, Used);
    collectVarNames(*G.TripCount, Used);
  }
  std::set<std::string> Assigned = collectAssignedScalars(K.Body);

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
    } else if (const Param *P = Ctx.F.findParam(N); P && !P->isArray()) {
      // Facts missing a scalar parameter: still pass it.
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

/// For each LaunchStmt, the scalars host declarations in scope there
/// declare (HoistHostLoops' declarations in host loop bodies).
void findHostDecls(const StmtList &L, std::set<std::string> InScope,
                   std::map<unsigned, std::set<std::string>> &PerKernel) {
  for (const StmtPtr &S : L) {
    if (const auto *D = dyn_cast<DeclStmt>(S.get())) {
      if (!D->isArray())
        InScope.insert(D->Name);
    } else if (const auto *Launch = dyn_cast<LaunchStmt>(S.get())) {
      PerKernel[Launch->KernelIndex] = InScope;
    } else if (const auto *For = dyn_cast<ForStmt>(S.get())) {
      findHostDecls(For->Body, InScope, PerKernel);
    } else if (const auto *If = dyn_cast<IfStmt>(S.get())) {
      findHostDecls(If->Then, InScope, PerKernel);
      findHostDecls(If->Else, InScope, PerKernel);
    } else if (const auto *R = dyn_cast<HostRegion>(S.get())) {
      findHostDecls(R->Body, InScope, PerKernel);
    }
  }
}

/// KernelScalar::Resident for the scalars one host declaration declares
/// (restructuring's and host loop bodies' own: no user host code names
/// them) that some kernel in its scope writes, with one type there; only
/// in the kernels launched in that scope (elsewhere the name is another
/// variable).
void markResidentScalars(LoweredFunction &LF,
                         std::map<unsigned, std::set<std::string>> InScope) {
  std::map<std::string, unsigned> Decls;
  forEachStmt(LF.HostBody, [&](const Stmt &S) {
    if (const auto *D = dyn_cast<DeclStmt>(&S))
      Decls[D->Name] += D->isArray() ? 2 : 1;
  });
  for (unsigned I = 0; I < LF.Kernels.size(); ++I)
    if (LF.Kernels[I].FewBlocksAlternative >= 0)
      InScope[LF.Kernels[I].FewBlocksAlternative] = InScope[I];
  auto Declared = [&](unsigned K, const std::string &N) {
    auto D = Decls.find(N);
    return D != Decls.end() && D->second == 1 && InScope[K].count(N);
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
  IterMap None;
  std::map<unsigned, IterMap> HostIters;
  findHostIterators(LF.HostBody, None, HostIters);
  // An alternative runs where its kernel is launched (alternatives follow
  // the kernels they stand in for).
  for (unsigned I = 0; I < LF.Kernels.size(); ++I)
    if (LF.Kernels[I].FewBlocksAlternative >= 0)
      HostIters[LF.Kernels[I].FewBlocksAlternative] = HostIters[I];
  for (unsigned I = 0; I < LF.Kernels.size(); ++I)
    collect(LF.Kernels[I], Ctx, HostIters[I]);
  std::map<unsigned, std::set<std::string>> HostDecls;
  findHostDecls(LF.HostBody, {}, HostDecls);
  markResidentScalars(LF, std::move(HostDecls));
  return LF;
}

} // namespace c2cuda
