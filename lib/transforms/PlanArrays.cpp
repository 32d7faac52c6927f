//===- PlanArrays.cpp - What each array needs on the device ---------------===//

#include "PlanArrays.h"

#include "IRQueries.h"

#include "analysis/HostFootprint.h"
#include "analysis/IslToIR.h"

#include "ir/IRPrinter.h"

using namespace llvm;

namespace c2cuda {

namespace {

/// Arrays a statement list reads and writes, from the IR alone; used for a
/// nest the analysis has no facts for. The target of `+=` is read too.
void scanAccesses(const StmtList &L, std::set<std::string> &Read,
                  std::set<std::string> &Written) {
  std::set<const ArrayRef *> PureWrites;
  forEachStmt(L, [&](const Stmt &S) {
    const auto *A = dyn_cast<AssignStmt>(&S);
    if (!A)
      return;
    if (const auto *Ref = dyn_cast<ArrayRef>(A->LHS.get())) {
      Written.insert(Ref->Array);
      if (A->Op == AssignOpKind::Set)
        PureWrites.insert(Ref);
    }
  });
  forEachExprIn(L, [&](const Expr &E) {
    if (const auto *Ref = dyn_cast<ArrayRef>(&E))
      if (!PureWrites.count(Ref))
        Read.insert(Ref->Array);
  });
}

/// Whether P's number of elements is the user's word: every dimension
/// declared (`float y[n + 1]`) or an extent(...) clause on some nest.
bool sizeIsStated(const Function &F, const Param &P) {
  if (P.ParamForm == Param::Form::Array && !P.Dims.empty() &&
      std::all_of(P.Dims.begin(), P.Dims.end(),
                  [](const ExprPtr &D) { return D != nullptr; }))
    return true;
  bool Clause = false;
  forEachStmt(F.Body, [&](const Stmt &S) {
    if (const auto *N = dyn_cast<NestStmt>(&S))
      Clause |= N->Clauses.Extents.count(P.Name) > 0;
  });
  return Clause;
}

} // namespace

LoweredFunction planArrays(LoweredFunction LF, const LoweringContext &Ctx) {
  std::set<std::string> Used;
  for (const Kernel &K : LF.Kernels)
    Used.insert(K.Arrays.begin(), K.Arrays.end());

  std::set<std::string> DevRead, DevWritten, HostRead, HostWritten;
  forEachStmt(Ctx.F.Body, [&](const Stmt &S) {
    if (const auto *N = dyn_cast<NestStmt>(&S)) {
      if (const NestFacts *NF = Ctx.nestFacts(N)) {
        DevRead.insert(NF->ArraysRead.begin(), NF->ArraysRead.end());
        DevWritten.insert(NF->ArraysWritten.begin(), NF->ArraysWritten.end());
      } else {
        scanAccesses(N->Body, DevRead, DevWritten);
      }
    } else if (const auto *H = dyn_cast<HostCode>(&S)) {
      HostRead.insert(H->ArraysRead.begin(), H->ArraysRead.end());
      HostWritten.insert(H->ArraysWritten.begin(), H->ArraysWritten.end());
    } else if (const auto *R = dyn_cast<HostRegion>(&S)) {
      HostRead.insert(R->HeaderArraysRead.begin(), R->HeaderArraysRead.end());
    }
  });

  // Host statements may reach past what the kernels touch (`y[n] = 0;`
  // after a nest over y[0 .. n-1]): the copies and f_device's staging
  // buffers cover those elements too, unless the array's size is stated.
  std::set<std::string> HostSized;
  for (const Param &P : Ctx.F.Params)
    if (P.isArray() && Used.count(P.Name) &&
        (HostRead.count(P.Name) || HostWritten.count(P.Name)) &&
        !sizeIsStated(Ctx.F, P))
      HostSized.insert(P.Name);
  std::map<std::string, HostFootprint> HostExtent =
      hostFootprints(Ctx.F, HostSized);

  LF.Arrays.clear();
  for (const Param &P : Ctx.F.Params) {
    if (!P.isArray() || !Used.count(P.Name))
      continue;
    auto Ext = Ctx.Facts.Extents.find(P.Name);
    if (Ext == Ctx.Facts.Extents.end() || !Ext->second.Elements)
      continue; // The analysis reported it.
    ArrayPlan AP;
    AP.Name = P.Name;
    AP.Elem = P.Elem;
    AP.Extent = Ext->second.Elements;
    if (auto H = HostExtent.find(P.Name); H != HostExtent.end()) {
      if (H->second.Elements)
        AP.Extent = analysis::maxLong(AP.Extent, H->second.Elements);
      else
        AP.HostBeyondExtent = true;
      AP.HostBeyondLoc = H->second.Unbounded;
    }
    if (AP.HostBeyondExtent) {
      Ctx.Diags.warning(
          AP.HostBeyondLoc,
          "cannot bound the elements of '" + P.Name +
              "' this host statement touches: '" + Ctx.F.Name +
              "_device' would have no host copy to give it, and stops with "
              "an error when called ('" +
              Ctx.F.Name + "' is not affected)",
          "declare '" + P.Name + "' with its size ('" + spelling(P.Elem) + " " +
              P.Name + "[<number of elements>]') or state it with 'extent(" +
              P.Name +
              ": <number of elements>)' on a '#pragma c2cuda kernel' line");
    }
    AP.ReadOnDevice = DevRead.count(P.Name);
    AP.WrittenOnDevice = DevWritten.count(P.Name);
    AP.ReadOnHost = HostRead.count(P.Name);
    AP.WrittenOnHost = HostWritten.count(P.Name);
    LF.Arrays.push_back(std::move(AP));
  }
  LF.Assumptions.clear();
  for (const ParamAssumption &A : Ctx.Facts.Assumptions) {
    if (!Used.count(A.Array))
      continue;
    LF.Assumptions.push_back({A.Holds, A.Shown, A.Array, A.Loc});
    Ctx.Diags.remark(A.Loc,
                     "'" + A.Array + "' is indexed as rows of " + A.Row +
                         " elements, assuming " + exprToString(*A.Shown) +
                         " (each row holds the elements its subscripts "
                         "reach); the entry points check it when called",
                     "declare '" + A.Array + "' with its rows ('" + A.Array +
                         "[][" + A.Row + "]') to state it instead");
  }
  return LF;
}

} // namespace c2cuda
