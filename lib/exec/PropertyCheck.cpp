//===- PropertyCheck.cpp - Lowered vs. reference on random inputs ---------===//

#include "PropertyCheck.h"

#include "Compare.h"

#include "ir/IRWalk.h"

#include "llvm/Support/Casting.h"

#include <algorithm>
#include <random>
#include <set>

namespace c2cuda {
namespace exec {

namespace {

void collectExtentClauses(const StmtList &L, std::set<std::string> &Out) {
  for (const StmtPtr &S : L) {
    if (const auto *N = llvm::dyn_cast<NestStmt>(S.get()))
      for (const auto &[Name, E] : N->Clauses.Extents)
        Out.insert(Name);
    else if (const auto *R = llvm::dyn_cast<HostRegion>(S.get()))
      collectExtentClauses(R->Body, Out);
  }
}

/// Decides whether a statement runs, or which part of an expression is
/// evaluated, by array data: read directly (`if (idx[i] >= 0)`) or through
/// scalars that hold it (`int c = idx[i]; if (c >= 0)`). Then what C
/// touches depends on the inputs, and an extent covering every element C
/// may touch can exceed what one run touched.
class DataBranches {
public:
  explicit DataBranches(const StmtList &Body) {
    // The scalars assigned from data, to a fixed point: `int c = idx[i];
    // int d = c + 1;`.
    size_t Before;
    do {
      Before = DataScalars.size();
      collectDataScalars(Body);
    } while (DataScalars.size() != Before);
  }

  bool in(const StmtList &L) const {
    bool Found = false;
    forEachStmt(L, [&](const Stmt &S) {
      if (const auto *A = llvm::dyn_cast<AssignStmt>(&S))
        Found |= in(*A->RHS);
      else if (const auto *D = llvm::dyn_cast<DeclStmt>(&S))
        Found |= D->Init && in(*D->Init);
      else if (const auto *I = llvm::dyn_cast<IfStmt>(&S))
        Found |= readsData(*I->Cond);
      else if (const auto *F = llvm::dyn_cast<ForStmt>(&S))
        // Bounds over the data run the body as many times as they say.
        Found |= readsData(*F->Lower) || readsData(*F->Upper);
    });
    return Found;
  }

private:
  std::set<std::string> DataScalars;

  bool readsData(const Expr &E) const {
    bool Found = false;
    forEachExpr(E, [&](const Expr &X) {
      if (llvm::isa<ArrayRef>(X))
        Found = true;
      else if (const auto *V = llvm::dyn_cast<VarRef>(&X))
        Found |= DataScalars.count(V->Name) > 0;
    });
    return Found;
  }

  bool in(const Expr &E) const {
    if (const auto *S = llvm::dyn_cast<SelectExpr>(&E))
      return readsData(*S->Cond) || in(*S->True) || in(*S->False);
    if (const auto *B = llvm::dyn_cast<BinaryExpr>(&E)) {
      if ((B->Op == BinaryOpKind::LAnd || B->Op == BinaryOpKind::LOr) &&
          readsData(*B->LHS))
        return true;
      return in(*B->LHS) || in(*B->RHS);
    }
    if (const auto *U = llvm::dyn_cast<UnaryExpr>(&E))
      return in(*U->Operand);
    if (const auto *C = llvm::dyn_cast<CastExpr>(&E))
      return in(*C->Operand);
    if (const auto *C = llvm::dyn_cast<CallExpr>(&E))
      return std::any_of(C->Args.begin(), C->Args.end(),
                         [this](const ExprPtr &A) { return in(*A); });
    return false;
  }

  void collectDataScalars(const StmtList &L) {
    forEachStmt(L, [&](const Stmt &S) {
      if (const auto *A = llvm::dyn_cast<AssignStmt>(&S)) {
        const auto *V = llvm::dyn_cast<VarRef>(A->LHS.get());
        if (V && readsData(*A->RHS))
          DataScalars.insert(V->Name);
      } else if (const auto *D = llvm::dyn_cast<DeclStmt>(&S)) {
        if (D->Init && readsData(*D->Init))
          DataScalars.insert(D->Name);
      }
    });
  }
};

/// The host wrapper copies each pointer array's planned extent to and from
/// the caller's memory, so an inferred extent must be exactly what C touches
/// (Ref, after the reference run): one element more reads and writes past
/// the end of the caller's array. Arrays whose extent the user stated (an
/// extent clause, or sizes of an array parameter) are the user's word.
std::string overCopiedArray(const Function &F, const LoweredFunction &LF,
                            const std::map<std::string, int64_t> &Extents,
                            const Memory &Ref) {
  if (DataBranches(F.Body).in(F.Body))
    return "";
  std::set<std::string> Stated;
  collectExtentClauses(F.Body, Stated);
  for (const ArrayPlan &A : LF.Arrays) {
    const Param *P = F.findParam(A.Name);
    auto E = Extents.find(A.Name);
    auto B = Ref.Arrays.find(A.Name);
    if (!P || Stated.count(A.Name) || E == Extents.end() ||
        B == Ref.Arrays.end())
      continue;
    if (P->ParamForm == Param::Form::Array &&
        std::all_of(P->Dims.begin(), P->Dims.end(),
                    [](const ExprPtr &D) { return D != nullptr; }))
      continue;
    if (E->second > B->second.Touched)
      return "the wrapper copies " + std::to_string(E->second) +
             " elements of '" + A.Name + "' but C touches only " +
             std::to_string(B->second.Touched) +
             ": a copy past the end of the caller's array";
  }
  return "";
}

} // namespace

CheckResult checkLowering(const Function &F, const LoweredFunction &LF,
                          const CheckConfig &C) {
  CheckResult R;
  auto Fail = [&](const std::string &Msg) {
    R.St = CheckResult::Status::Fail;
    R.Message = Msg;
    return R;
  };
  std::mt19937_64 Rng(C.Seed);
  std::uniform_real_distribution<double> Real(C.Lo, C.Hi);
  Memory Init;
  for (const Param &P : F.Params) {
    if (P.isArray())
      continue;
    auto It = C.Scalars.find(P.Name);
    if (It == C.Scalars.end() && !isFloating(P.Elem))
      return Fail("no value for integer parameter '" + P.Name + "'");
    double V = It != C.Scalars.end() ? It->second : Real(Rng);
    Init.Scalars[P.Name] = isFloating(P.Elem)
                               ? Value::ofFloat(P.Elem, V)
                               : Value::ofInt(P.Elem, static_cast<int64_t>(V));
  }
  // The entry points would stop before the C's result could differ (and
  // the extents planned under the assumption may be short of what the C
  // reads).
  if (ExecResult A = checkAssumptions(LF, Init); !A.ok()) {
    if (A.St != ExecResult::Status::Unsupported)
      return Fail("lowered execution failed: " + A.Message);
    R.St = CheckResult::Status::Unsupported;
    R.Message = A.Message;
    return R;
  }
  std::string Err;
  std::map<std::string, int64_t> Extents = plannedExtents(LF, Init, Err);
  if (!Err.empty() || !allocateArrays(F, Extents, Init, Rng, C.Lo, C.Hi, Err))
    return Fail("cannot set up the inputs: " + Err);
  // Arrays the device only writes: every element the C writes must be
  // written by the kernels too, or the NaN shows.
  // Where C leaves some element unwritten, the caller's value stays there
  // (the wrapper copies such arrays in): those keep their random values.
  std::vector<std::string> Poisoned;
  for (const ArrayPlan &A : LF.Arrays)
    if (A.WrittenOnDevice && !A.ReadOnDevice && !A.ReadOnHost)
      Poisoned.push_back(A.Name);
  if (!Poisoned.empty()) {
    Memory Probe = Init;
    for (const std::string &A : Poisoned)
      poisonArray(Probe, A);
    if (runReference(F, Probe).ok())
      for (const std::string &A : Poisoned)
        if (!hasPoison(Probe, A))
          poisonArray(Init, A);
  }

  Memory Ref = Init, Got = Init;
  ExecResult RR = runReference(F, Ref);
  if (RR.St == ExecResult::Status::Unsupported) {
    R.St = CheckResult::Status::Unsupported;
    R.Message = RR.Message;
    return R;
  }
  if (!RR.ok())
    return Fail("reference execution failed: " + RR.Message);
  if (std::string Over = overCopiedArray(F, LF, Extents, Ref); !Over.empty())
    return Fail(Over);
  ExecOptions EO;
  EO.Seed = C.Seed;
  EO.Order = C.Order;
  ExecResult LR = runLowered(LF, Got, EO);
  R.Launches = LR.Launches;
  R.Threads = LR.Threads;
  R.KernelsRun = LR.KernelsRun;
  if (LR.St == ExecResult::Status::Unsupported) {
    R.St = CheckResult::Status::Unsupported;
    R.Message = LR.Message;
    return R;
  }
  if (!LR.ok())
    return Fail("lowered execution failed: " + LR.Message);
  for (const auto &[Name, B] : Init.Arrays) {
    ArrayDiff D = compareArray(Ref, Got, Name, C.Tol);
    if (!D.Message.empty())
      return Fail(D.Message);
    R.MaxRelL2 = std::max(R.MaxRelL2, D.RelL2);
  }
  // Written scalar parameters are the function's own copies: not outputs.
  return R;
}

} // namespace exec
} // namespace c2cuda
