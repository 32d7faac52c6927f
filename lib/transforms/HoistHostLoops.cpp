//===- HoistHostLoops.cpp - Sequential outer loops run on the host --------===//

#include "HoistHostLoops.h"

#include "IRQueries.h"

#include "ir/IRPrinter.h"
#include "ir/IRWalk.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace llvm;

namespace c2cuda {

namespace {

class Hoister {
public:
  Hoister(const LoweringContext &Ctx, LoweredFunction &LF) : Ctx(Ctx), LF(LF) {}

  StmtList lowerHostList(const StmtList &L);

private:
  const LoweringContext &Ctx;
  LoweredFunction &LF;
  const NestStmt *Nest = nullptr;
  /// The scalars and arrays Nest declares.
  std::set<std::string> NestDecls;
  /// Host loops enclosing the statement being lowered, outermost first.
  std::vector<const ForStmt *> HostLoops;

  bool ifHoistable(const IfStmt &If) const;
  /// Strict: count only parallel loops, not reduction loops allowed to run
  /// in parallel.
  bool forHoistable(const ForStmt &For, bool Strict = false) const;
  bool onlyLoopsAndHoistableIfs(const StmtList &L,
                                std::set<std::string> Locals = {}) const;
  bool yieldsParallelKernel(const StmtList &L, bool Strict = false) const;
  bool hoistIf(const IfStmt &If, bool Strict = false) const {
    return ifHoistable(If) && (yieldsParallelKernel(If.Then, Strict) ||
                               yieldsParallelKernel(If.Else, Strict));
  }

  StmtList lowerNestList(const StmtList &L);
  StmtPtr makeKernel(StmtList Region);
};

/// Whether some statement of L is a loop, at any depth.
static bool containsLoop(const StmtList &L) {
  bool Found = false;
  forEachStmt(L, [&](const Stmt &S) { Found |= isa<ForStmt>(&S); });
  return Found;
}

/// A scalar declaration a host loop's body may keep on the host.
static const DeclStmt *hostScalarDecl(const Stmt &S) {
  const auto *D = dyn_cast<DeclStmt>(&S);
  return D && !D->isArray() && D->Storage == StorageKind::Register ? D
                                                                   : nullptr;
}

bool Hoister::onlyLoopsAndHoistableIfs(const StmtList &L,
                                       std::set<std::string> Locals) const {
  for (const StmtPtr &S : L) {
    if (isa<ForStmt>(S.get()))
      continue;
    // A scalar declared here is declared on the host; statements setting
    // it from device data run as one-thread kernels.
    if (const DeclStmt *D = hostScalarDecl(*S)) {
      Locals.insert(D->Name);
      continue;
    }
    // So may a scalar declared outside the nest (`norm = sqrtf(norm);` in
    // a power iteration): kernels copy it in and back, as everywhere.
    if (const auto *A = dyn_cast<AssignStmt>(S.get())) {
      const auto *V = dyn_cast<VarRef>(A->LHS.get());
      const NestFacts *NF = Ctx.nestFacts(Nest);
      // And a flag restructuring declared in the nest (a `break`'s
      // c2c_break0), which the host declares.
      if (V && A->Atomic == AtomicKind::None &&
          (Locals.count(V->Name) || (NF && NF->ScalarsWritten.count(V->Name)) ||
           (NestDecls.count(V->Name) &&
            StringRef(V->Name).starts_with("c2c_"))))
        continue;
    }
    // An array element's assignment beside the loops (a triangular solve's
    // b[j] /= L[j][j] before the loop updating the rest of b) runs as a
    // one-thread kernel between theirs: it writes only device memory,
    // which later kernels read in launch order.
    const auto *A = dyn_cast<AssignStmt>(S.get());
    if (A && isa<ArrayRef>(A->LHS.get()) && A->Atomic == AtomicKind::None)
      continue;
    const auto *If = dyn_cast<IfStmt>(S.get());
    if (!If || !onlyLoopsAndHoistableIfs(If->Then, Locals) ||
        !onlyLoopsAndHoistableIfs(If->Else, Locals))
      return false;
    // A test of device data whose branches only set scalars and elements
    // (`if (err < tol) break;`: its flag) runs as a one-thread kernel
    // between the loops' kernels.
    if (readsArray(*If->Cond) &&
        (containsLoop(If->Then) || containsLoop(If->Else)))
      return false;
  }
  return true;
}

bool Hoister::ifHoistable(const IfStmt &If) const {
  return !readsArray(*If.Cond) && onlyLoopsAndHoistableIfs(If.Then) &&
         onlyLoopsAndHoistableIfs(If.Else);
}

bool Hoister::forHoistable(const ForStmt &For, bool Strict) const {
  // An allowed reduction loop is worth hoisting only for a truly parallel
  // loop; around other reduction loops it joins them on the grid.
  Strict |= Ctx.reductionParallel(Nest, &For);
  return !Ctx.isParallel(Nest, &For) && !readsArray(*For.Lower) &&
         !readsArray(*For.Upper) && onlyLoopsAndHoistableIfs(For.Body) &&
         yieldsParallelKernel(For.Body, Strict);
}

bool Hoister::yieldsParallelKernel(const StmtList &L, bool Strict) const {
  for (const StmtPtr &S : L) {
    if (const auto *For = dyn_cast<ForStmt>(S.get())) {
      if (Ctx.isParallel(Nest, For) ||
          (!Strict && Ctx.reductionParallel(Nest, For)) ||
          forHoistable(*For, Strict))
        return true;
    } else if (const auto *If = dyn_cast<IfStmt>(S.get())) {
      if (hoistIf(*If, Strict))
        return true;
    }
  }
  return false;
}

/// Scalar assignments only, possibly under ifs on scalars: no loop,
/// declaration, array or CUDA intrinsic (math functions exist on the host
/// too).
static bool onlyScalarAssignments(const StmtList &Region) {
  for (const StmtPtr &S : Region) {
    if (const auto *If = dyn_cast<IfStmt>(S.get())) {
      if (!onlyScalarAssignments(If->Then) || !onlyScalarAssignments(If->Else))
        return false;
      continue;
    }
    const auto *A = dyn_cast<AssignStmt>(S.get());
    if (!A || !isa<VarRef>(A->LHS.get()) || A->Atomic != AtomicKind::None)
      return false;
  }
  bool Plain = true;
  forEachExprIn(Region, [&](const Expr &E) {
    const auto *C = dyn_cast<CallExpr>(&E);
    Plain &=
        !isa<ArrayRef>(E) && !(C && StringRef(C->Callee).starts_with("__"));
  });
  return Plain;
}

StmtPtr Hoister::makeKernel(StmtList Region) {
  // Scalar statements run on the host, except inside host loops those
  // naming a scalar the nest declares: a kernel may set it or read it, from
  // its device slot (KernelScalar::Resident), which a one-thread kernel
  // reads and writes without waiting for the kernels before it, unlike the
  // host (the wait would come every iteration).
  auto NamesNestScalar = [&] {
    std::set<std::string> Named;
    collectVarNames(Region, Named);
    return std::any_of(Named.begin(), Named.end(), [&](const std::string &N) {
      return NestDecls.count(N) != 0;
    });
  };
  if (!Region.empty() && onlyScalarAssignments(Region) &&
      (HostLoops.empty() || !NamesNestScalar())) {
    std::string Text;
    llvm::raw_string_ostream OS(Text);
    printStmts(OS, Region, 0);
    std::set<std::string> Written = collectAssignedScalars(Region);
    SourceLoc Loc =
        Region.front()->Loc.valid() ? Region.front()->Loc : Nest->Loc;
    // Said of the user's statements only, not of restructuring's own.
    if (std::any_of(Written.begin(), Written.end(), [](const std::string &N) {
          return !StringRef(N).starts_with("c2c_");
        }))
      Ctx.Diags.remark(Loc, "runs on the host: scalar statements outside "
                            "every loop need no kernel");
    auto H = std::make_shared<HostCode>(OS.str(), std::set<std::string>(),
                                        std::set<std::string>(), Written, Loc);
    H->Body = std::move(Region);
    return H;
  }
  Kernel K;
  K.Name = Ctx.F.Name + "_kernel" + std::to_string(LF.Kernels.size());
  K.Loc = Region.front()->Loc.valid() ? Region.front()->Loc : Nest->Loc;
  K.NestId = Nest->Id;
  K.Body = std::move(Region);
  for (const ForStmt *H : HostLoops)
    K.Remarks.push_back("launched once per iteration of host loop '" + H->Iter +
                        "': " + Ctx.notParallelReason(Nest, H));
  unsigned Index = LF.Kernels.size();
  SourceLoc Loc = K.Loc;
  LF.Kernels.push_back(std::move(K));
  return std::make_shared<LaunchStmt>(Index, Loc);
}

StmtList Hoister::lowerNestList(const StmtList &L) {
  StmtList Out;
  if (L.empty())
    return Out;
  // A local declared here may be used by any later statement: keep the list
  // in one kernel, unless it splits into several and declares scalars only,
  // in the body of a host loop or (names no user variable can have, which
  // restructuring makes) at the top of the nest. Those become host
  // declarations; the statements setting them go into kernels or host code
  // like any other, and kernels reach them in device slots
  // (KernelScalar::Resident).
  bool HostScope = !HostLoops.empty();
  bool Splits = std::any_of(L.begin(), L.end(), [&](const StmtPtr &S) {
    const auto *For = dyn_cast<ForStmt>(S.get());
    return For && (forHoistable(*For) || Ctx.isMappable(Nest, For));
  });
  auto OnHost = [&](const Stmt &S) {
    if (!Splits)
      return false;
    const DeclStmt *D = hostScalarDecl(S);
    return D && (HostScope || StringRef(D->Name).starts_with("c2c_"));
  };
  for (const StmtPtr &S : L)
    if (isa<DeclStmt>(S.get()) && !OnHost(*S)) {
      Out.push_back(makeKernel(L));
      return Out;
    }

  StmtList Sequential; // Pending statements for one sequential kernel.
  auto Flush = [&] {
    if (!Sequential.empty())
      Out.push_back(makeKernel(std::move(Sequential)));
    Sequential.clear();
  };
  for (const StmtPtr &S : L) {
    if (const DeclStmt *D = OnHost(*S) ? hostScalarDecl(*S) : nullptr) {
      // Declared before the pending statements' kernel, which may then set
      // it too, unless one of them names an outer variable of the same
      // name; set where the C sets it.
      std::set<std::string> Named;
      collectVarNames(Sequential, Named);
      if (Named.count(D->Name))
        Flush();
      Out.push_back(
          std::make_shared<DeclStmt>(D->Name, D->Type, nullptr, D->Loc));
      if (D->Init)
        Sequential.push_back(std::make_shared<AssignStmt>(
            std::make_shared<VarRef>(D->Name, D->Type, D->Loc),
            AssignOpKind::Set, D->Init, D->Loc));
      continue;
    }
    if (const auto *For = dyn_cast<ForStmt>(S.get())) {
      if (forHoistable(*For)) {
        Flush();
        HostLoops.push_back(For);
        StmtList Body = lowerNestList(For->Body);
        HostLoops.pop_back();
        Out.push_back(std::make_shared<ForStmt>(
            For->Iter, For->IterType, For->Lower, For->Cmp, For->Upper,
            For->Step, std::move(Body), For->Loc));
        continue;
      }
      if (Ctx.isMappable(Nest, For)) {
        Flush();
        Out.push_back(makeKernel({S}));
        continue;
      }
    } else if (const auto *If = dyn_cast<IfStmt>(S.get())) {
      if (hoistIf(*If)) {
        Flush();
        StmtList Then = lowerNestList(If->Then);
        StmtList Else = lowerNestList(If->Else);
        Out.push_back(std::make_shared<IfStmt>(If->Cond, std::move(Then),
                                               std::move(Else), If->Loc));
        continue;
      }
    }
    Sequential.push_back(S);
  }
  Flush();
  return Out;
}

StmtList Hoister::lowerHostList(const StmtList &L) {
  StmtList Out;
  for (const StmtPtr &S : L) {
    if (const auto *N = dyn_cast<NestStmt>(S.get())) {
      Nest = N;
      NestDecls.clear();
      forEachStmt(N->Body, [&](const Stmt &D) {
        if (const auto *Decl = dyn_cast<DeclStmt>(&D))
          NestDecls.insert(Decl->Name);
      });
      StmtList Host = lowerNestList(N->Body);
      Nest = nullptr;
      Out.insert(Out.end(), Host.begin(), Host.end());
    } else if (const auto *R = dyn_cast<HostRegion>(S.get())) {
      Out.push_back(R->withBody(lowerHostList(R->Body)));
    } else {
      // HostCode (and anything else outside nests) stays as it is.
      Out.push_back(S);
    }
  }
  return Out;
}

} // namespace

LoweredFunction hoistHostLoops(const LoweringContext &Ctx) {
  LoweredFunction LF;
  LF.Source = &Ctx.F;
  Hoister H(Ctx, LF);
  LF.HostBody = H.lowerHostList(Ctx.F.Body);
  return LF;
}

} // namespace c2cuda
