//===- KernelPrinter.cpp - One lowered kernel as a __global__ function ---===//

#include "KernelPrinter.h"

#include "ArrayIndexing.h"
#include "CStmtPrinter.h"
#include "ReadOnlyPath.h"
#include "SharedLayout.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Casting.h"
#include "llvm/Support/ErrorHandling.h"

#include <algorithm>
#include <map>
#include <set>

namespace c2cuda {
namespace codegen {

namespace {

[[noreturn]] void internalError(const Kernel &K, const llvm::Twine &Msg) {
  llvm::report_fatal_error("c2cuda codegen: kernel '" + llvm::Twine(K.Name) +
                           "': " + Msg);
}

/// Scalars the body assigns (outside the kernel's own declarations they
/// must be KernelScalars marked Written).
/// Atomic: the scalars only updated atomically (parallel reductions).
void collectAssignedVars(const StmtList &L, std::set<std::string> &Out,
                         std::set<std::string> *Atomic = nullptr) {
  for (const StmtPtr &SP : L) {
    if (const auto *A = llvm::dyn_cast<AssignStmt>(SP.get())) {
      if (const auto *V = llvm::dyn_cast<VarRef>(A->LHS.get())) {
        Out.insert(V->Name);
        if (Atomic && A->Atomic != AtomicKind::None)
          Atomic->insert(V->Name);
      }
    } else if (const auto *I = llvm::dyn_cast<IfStmt>(SP.get())) {
      collectAssignedVars(I->Then, Out, Atomic);
      collectAssignedVars(I->Else, Out, Atomic);
    } else if (const auto *F = llvm::dyn_cast<ForStmt>(SP.get())) {
      collectAssignedVars(F->Body, Out, Atomic);
    }
  }
}

/// Whether L reads scalar N anywhere but as the target of an atomic update.
bool readsOtherThanAtomically(const StmtList &L, const std::string &N) {
  std::map<std::string, ScalarKind> Vars;
  for (const StmtPtr &SP : L) {
    Vars.clear();
    if (const auto *A = llvm::dyn_cast<AssignStmt>(SP.get())) {
      collectVars(*A->RHS, Vars);
      if (A->Atomic == AtomicKind::None)
        collectVars(*A->LHS, Vars);
      else if (const auto *R = llvm::dyn_cast<ArrayRef>(A->LHS.get()))
        for (const ExprPtr &I : R->Indices)
          collectVars(*I, Vars);
    } else if (const auto *D = llvm::dyn_cast<DeclStmt>(SP.get())) {
      if (D->Init)
        collectVars(*D->Init, Vars);
    } else if (const auto *I = llvm::dyn_cast<IfStmt>(SP.get())) {
      collectVars(*I->Cond, Vars);
      if (readsOtherThanAtomically(I->Then, N) ||
          readsOtherThanAtomically(I->Else, N))
        return true;
    } else if (const auto *F = llvm::dyn_cast<ForStmt>(SP.get())) {
      collectVars(*F->Lower, Vars);
      collectVars(*F->Upper, Vars);
      if (readsOtherThanAtomically(F->Body, N))
        return true;
    }
    if (Vars.count(N))
      return true;
  }
  return false;
}

/// Prints the kernel-only statements (barriers) and `#pragma unroll`
/// before loops: the loop's own ForStmt::Unroll, else, in a grid kernel,
/// the factor K.Schedule gives its iterator. An explicit-threads kernel's
/// loops are the lowering's own (its iterators need not be the nest's), so
/// only ForStmt::Unroll counts there.
class KernelStmtPrinter : public CStmtPrinter {
public:
  KernelStmtPrinter(llvm::raw_ostream &OS, ArrayRefPrinter PA, const Kernel &K)
      : CStmtPrinter(OS, std::move(PA)), K(K) {}

protected:
  void beforeStmt(const Stmt &S, unsigned Indent) override {
    const auto *F = llvm::dyn_cast<ForStmt>(&S);
    if (!F)
      return;
    if (F->Unroll < -1)
      internalError(K, "loop '" + F->Iter + "' has unroll factor " +
                           llvm::Twine(F->Unroll));
    if (F->Unroll == -1 || F->Unroll > 1) {
      indent(OS, Indent);
      OS << "#pragma unroll";
      if (F->Unroll > 1)
        OS << ' ' << F->Unroll;
      OS << "\n";
      return;
    }
    if (K.ExplicitThreads || F->Unroll == 1)
      return;
    auto It = K.Schedule.Unroll.find(F->Iter);
    if (It == K.Schedule.Unroll.end()) {
      // A single-thread kernel runs a loop nest with dependences through
      // memory as C does. nvcc 13.0 -O2 miscompiled such a nest once it
      // unrolled it (test/fuzz/regressions/p00182.c: right with unroll 1
      // or -Xcicc -O0); these kernels are serial anyway, so keep their
      // loops rolled unless the schedule asks otherwise.
      if (K.Grid.empty()) {
        indent(OS, Indent);
        OS << "#pragma unroll 1\n";
      }
      return;
    }
    indent(OS, Indent);
    OS << "#pragma unroll " << It->second << "\n";
  }

  void printOther(const Stmt &S, unsigned Indent) override {
    if (const auto *F = llvm::dyn_cast<AsyncFenceStmt>(&S)) {
      indent(OS, Indent);
      if (F->Fence == AsyncFenceStmt::Op::Commit)
        OS << "c2c_cp_async_commit();\n";
      else
        OS << "c2c_cp_async_wait<" << F->Pending << ">();\n";
      return;
    }
    if (!llvm::isa<BarrierStmt>(S))
      internalError(K, "host-only statement inside the kernel body");
    // Only explicit-threads kernels know where every thread of the block
    // is; a grid kernel's threads run different numbers of iterations.
    if (!K.ExplicitThreads)
      internalError(K, "barrier in a kernel without explicit threads");
    indent(OS, Indent);
    OS << "__syncthreads();\n";
  }

private:
  const Kernel &K;
};

/// Names of the arrays the body declares (DeclStmt with Dims).
void collectDeclaredArrays(const StmtList &L, std::set<std::string> &Out) {
  for (const StmtPtr &SP : L) {
    if (const auto *D = llvm::dyn_cast<DeclStmt>(SP.get())) {
      if (D->isArray())
        Out.insert(D->Name);
    } else if (const auto *I = llvm::dyn_cast<IfStmt>(SP.get())) {
      collectDeclaredArrays(I->Then, Out);
      collectDeclaredArrays(I->Else, Out);
    } else if (const auto *F = llvm::dyn_cast<ForStmt>(SP.get())) {
      collectDeclaredArrays(F->Body, Out);
    }
  }
}

} // namespace

unsigned coarsening(const Kernel &K, unsigned Dim) {
  for (const GridLoop &G : K.Grid)
    if (G.Dim == Dim)
      return G.Coarsen ? G.Coarsen : 1;
  return 1;
}

unsigned minBlocksPerSM(const Kernel &K) {
  if (!K.Schedule.MaxRegCount)
    return 0;
  unsigned B = 65536 / (threadsPerBlock(K) * K.Schedule.MaxRegCount);
  return std::max(1u, std::min(B, 32u));
}

const char *dimName(unsigned Dim) {
  static const char *Names[] = {"x", "y", "z"};
  return Dim < 3 ? Names[Dim] : "?";
}

std::string tripName(unsigned Dim) {
  return std::string("c2c_trip_") + dimName(Dim);
}

std::string blocksName(unsigned Dim) {
  return std::string("c2c_blocks_") + dimName(Dim);
}

unsigned blockDim(const Kernel &K, unsigned Dim) {
  if (K.ExplicitThreads)
    return Dim < 3 && K.Block[Dim] ? K.Block[Dim] : 1;
  for (const GridLoop &G : K.Grid)
    if (G.Dim == Dim)
      return K.Block[Dim] ? K.Block[Dim] : 1;
  return 1;
}

unsigned threadsPerBlock(const Kernel &K) {
  return blockDim(K, 0) * blockDim(K, 1) * blockDim(K, 2);
}

std::vector<KernelParam> kernelParams(const Kernel &K, const Function &F) {
  std::vector<KernelParam> Params;

  ArrayAccesses Acc;
  collectArrays(K.Body, Acc);
  for (const GridLoop &G : K.Grid)
    collectArrays(*G.Lower, Acc);
  std::set<std::string> Used = Acc.all();
  Used.insert(K.Arrays.begin(), K.Arrays.end());
  // The kernel's own register and shared tiles are not parameters.
  std::set<std::string> LocalArrays;
  collectDeclaredArrays(K.Body, LocalArrays);
  for (const std::string &A : LocalArrays)
    Used.erase(A);

  // Names the kernel code reads: the body, grid lower bounds, and the inner
  // sizes of the multi-dimensional arrays it linearizes.
  std::map<std::string, ScalarKind> Vars;
  collectVars(K.Body, Vars);
  for (const GridLoop &G : K.Grid)
    collectVars(*G.Lower, Vars);

  // Read-only arrays whose loads nvcc could merge with a load of an array
  // the kernel writes lose __restrict__ (ReadOnlyPath.h says why).
  std::set<std::string> ReadOnly, ReadWrite;
  for (const std::string &A : Acc.Read)
    (Acc.Written.count(A) ? ReadWrite : ReadOnly).insert(A);
  std::set<std::string> Hazards =
      readOnlyPathHazards(K.Body, ReadOnly, ReadWrite);

  for (const Param &P : F.Params) {
    if (!Used.count(P.Name))
      continue;
    if (!P.isArray())
      internalError(K, "'" + P.Name + "' is indexed but is not an array");
    Used.erase(P.Name);
    for (size_t D = 1; D < P.Dims.size(); ++D)
      if (P.Dims[D])
        collectVars(*P.Dims[D], Vars);
    bool Written = Acc.Written.count(P.Name);
    std::string Decl = std::string(Written ? "" : "const ") + elemSpelling(P) +
                       (Hazards.count(P.Name) ? " *" : " *__restrict__ ") +
                       P.Name;
    Params.push_back(
        {KernelParam::Kind::Array, P.Name, P.Elem, Decl, deviceName(P.Name)});
  }
  if (!Used.empty())
    internalError(K, "array '" + *Used.begin() + "' is not a parameter");

  std::set<std::string> Declared;
  collectDecls(K.Body, Declared);
  for (const GridLoop &G : K.Grid)
    Declared.insert(G.Iter);

  std::set<std::string> Listed, AssignedAny, AtomicTargets;
  collectAssignedVars(K.Body, AssignedAny, &AtomicTargets);
  for (const KernelScalar &S : K.Scalars) {
    Listed.insert(S.Name);
    if (S.Written) {
      // Each thread would keep its own copy in a register, so a kernel with
      // several threads may only update the buffer atomically (a parallel
      // reduction); the analysis makes other such loops sequential.
      bool Atomic = AtomicTargets.count(S.Name) != 0;
      if (Atomic && readsOtherThanAtomically(K.Body, S.Name))
        internalError(K, "scalar '" + S.Name +
                             "' is updated atomically and also used");
      if ((!K.Grid.empty() || K.ExplicitThreads) && !Atomic)
        internalError(K, "scalar '" + S.Name +
                             "' is written by a kernel with several threads");
      Params.push_back(
          {KernelParam::Kind::ScalarOut, S.Name, S.Type,
           std::string(spelling(S.Type)) + " *" + scalarPointerName(S.Name),
           scalarBufferName(S.Name), Atomic, S.Resident});
    } else if (S.Resident) {
      Params.push_back({KernelParam::Kind::ScalarIn, S.Name, S.Type,
                        "const " + std::string(spelling(S.Type)) +
                            " *__restrict__ " + scalarPointerName(S.Name),
                        scalarBufferName(S.Name), false, true});
    } else {
      Params.push_back({KernelParam::Kind::Scalar, S.Name, S.Type,
                        std::string(spelling(S.Type)) + " " + S.Name, S.Name});
    }
  }

  std::set<std::string> Assigned;
  collectAssignedVars(K.Body, Assigned);
  for (const std::string &A : Assigned)
    if (!Declared.count(A) && !Listed.count(A))
      internalError(K, "writes outside scalar '" + A +
                           "' that is not listed as written");
  for (const KernelScalar &S : K.Scalars)
    if (!S.Written && Assigned.count(S.Name) && !Declared.count(S.Name))
      internalError(K, "writes scalar '" + S.Name +
                           "' that is listed as read-only");

  // Outside names the lowering did not list (a hoisted loop's iterator, a
  // VLA size): passed by value, since the kernel only reads them.
  for (const auto &[Name, Type] : Vars) {
    if (Declared.count(Name) || Listed.count(Name))
      continue;
    Params.push_back({KernelParam::Kind::Scalar, Name, Type,
                      std::string(spelling(Type)) + " " + Name, Name});
  }

  if (K.ExplicitThreads && !K.Grid.empty())
    internalError(K, "explicit-threads kernel with grid loops");
  unsigned DimsSeen = 0;
  for (const GridLoop &G : K.Grid) {
    if (G.Dim > 2 || (DimsSeen & (1u << G.Dim)))
      internalError(K, "grid dimensions are not distinct x/y/z");
    DimsSeen |= 1u << G.Dim;
    Params.push_back({KernelParam::Kind::TripCount, tripName(G.Dim),
                      ScalarKind::Long, "long long " + tripName(G.Dim),
                      tripName(G.Dim)});
  }
  return Params;
}

namespace {

/// Whether the host's grid gives every iteration of G its own thread, so
/// that each thread runs at most one: x (up to 2^31 - 1 blocks) without
/// coarsening, a 32-bit iterator (at most 2^32 iterations) and blocks of at
/// least 2 threads (the host never fits them below the schedule's or 64).
bool coversTrip(const Kernel &K, const GridLoop &G) {
  return G.Dim == 0 && G.Coarsen == 1 && K.Block[0] >= 2 &&
         sizeInBytes(G.IterType) <= 4;
}

} // namespace

void printKernel(llvm::raw_ostream &OS, const Kernel &K, const Function &F,
                 const EmitContext &Ctx) {
  std::vector<KernelParam> Params = kernelParams(K, F);
  ArrayRefPrinter PA = makeDeviceArrayPrinter(F);
  KernelStmtPrinter Body(OS, PA, K);

  printComment(OS,
               "Nest at " + Ctx.from(K.Loc) + ", from function " + F.Name +
                   (K.ExplicitThreads ? "; each thread runs its part of "
                                        "the tiles."
                    : K.Grid.empty()  ? "; runs on one thread."
                                      : "."),
               0);
  std::string Sched = K.Schedule.str();
  printComment(
      OS, "Schedule: " + (Sched.empty() ? std::string("(default)") : Sched), 0);
  OS << "__global__ void __launch_bounds__(" << threadsPerBlock(K);
  if (unsigned MinBlocks = minBlocksPerSM(K))
    OS << ", " << MinBlocks;
  OS << ") " << K.Name << "(";
  for (size_t I = 0; I < Params.size(); ++I)
    OS << (I ? ", " : "") << Params[I].Decl;
  OS << ") {\n";
  SharedLayout Shared = sharedLayout(K);
  if (Shared.dynamic()) {
    // More shared tiles than a kernel may declare statically: one dynamic
    // buffer, which the host sizes at launch.
    OS << "  extern __shared__ __align__(16) unsigned char "
       << dynamicSharedName() << "[];\n";
    Body.DynamicShared = &Shared.Offsets;
  }

  // Written scalars live in a register for the whole kernel and are stored
  // once at the end (one thread only, checked in kernelParams()); atomic
  // targets are updated in their buffer.
  for (const KernelParam &P : Params)
    if (P.K == KernelParam::Kind::ScalarOut && !P.Atomic)
      OS << "  " << spelling(P.Type) << ' ' << P.Name << " = *c2c_ps_" << P.Name
         << ";\n";
    else if (P.K == KernelParam::Kind::ScalarIn)
      OS << "  const " << spelling(P.Type) << ' ' << P.Name << " = *c2c_ps_"
         << P.Name << ";\n";

  std::map<std::string, ScalarKind> BodyVars;
  collectVars(K.Body, BodyVars);
  for (const GridLoop &G : K.Grid)
    collectVars(*G.Lower, BodyVars);

  unsigned Level = 1;
  for (const GridLoop &G : K.Grid) {
    std::string T = std::string("c2c_t_") + dimName(G.Dim);
    const char *D = dimName(G.Dim);
    indent(OS, Level);
    if (coversTrip(K, G)) {
      // A guard, not a loop: nvcc schedules the body better (a column sum
      // of 65536 rows ran 2x faster on the H100, RESULTS.md 2026-11-25).
      OS << "const long long " << T << " = (long long)blockIdx." << D
         << " * blockDim." << D << " + threadIdx." << D << ";\n";
      indent(OS, Level);
      OS << "if (" << T << " < " << tripName(G.Dim) << ") {\n";
    } else {
      OS << "for (long long " << T << " = (long long)blockIdx." << D
         << " * blockDim." << D << " + threadIdx." << D << "; " << T << " < "
         << tripName(G.Dim) << "; " << T << " += (long long)gridDim." << D
         << " * blockDim." << D << ") {\n";
    }
    ++Level;
    indent(OS, Level);
    OS << "const " << spelling(G.IterType) << ' ' << G.Iter << " = ("
       << spelling(G.IterType) << ")(";
    const auto *Lo = llvm::dyn_cast<IntLit>(G.Lower.get());
    if (!Lo || Lo->Value != 0)
      OS << operandText(*G.Lower, PA) << " + ";
    OS << T;
    if (G.Step != 1)
      OS << " * " << (G.Step < 0 ? "(" : "") << G.Step
         << (G.Step < 0 ? ")" : "");
    OS << ");\n";
    if (!BodyVars.count(G.Iter)) {
      indent(OS, Level);
      OS << "(void)" << G.Iter << ";\n";
    }
  }
  Body.printStmts(K.Body, Level);
  for (; Level > 1; --Level) {
    indent(OS, Level - 1);
    OS << "}\n";
  }

  for (const KernelParam &P : Params)
    if (P.K == KernelParam::Kind::ScalarOut && !P.Atomic)
      OS << "  *c2c_ps_" << P.Name << " = " << P.Name << ";\n";
  OS << "}\n";
}

} // namespace codegen
} // namespace c2cuda
