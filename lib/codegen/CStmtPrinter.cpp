//===- CStmtPrinter.cpp - IR statements as C/CUDA statements -------------===//

#include "CStmtPrinter.h"
#include "SharedLayout.h"

#include "AtomicUpdates.h"
#include "CodegenSupport.h"

#include "llvm/Support/Casting.h"
#include "llvm/Support/ErrorHandling.h"

namespace c2cuda {
namespace codegen {

/// The tensor-core update of accumulator part P (0 .. 3) of one 16 x 8
/// block, `d = c2c_mma_m16n8k4(P, a0, a1, b0, d)` (or the TF32 one's, with
/// more operands), or null.
static const CallExpr *mmaPart(const Stmt &S, int64_t P) {
  const auto *A = llvm::dyn_cast<AssignStmt>(&S);
  const auto *C =
      A && A->Op == AssignOpKind::Set && A->Atomic == AtomicKind::None
          ? llvm::dyn_cast<CallExpr>(A->RHS.get())
          : nullptr;
  if (!C || !isTensorCoreProduct(C->Callee) || C->Args.size() < 3)
    return nullptr;
  const auto *Part = llvm::dyn_cast<IntLit>(C->Args[0].get());
  return Part && Part->Value == P && sameExpr(*A->LHS, *C->Args.back())
             ? C
             : nullptr;
}

void CStmtPrinter::printStmts(const StmtList &L, unsigned Indent) {
  for (size_t I = 0; I < L.size(); ++I) {
    // The four parts of one block with the same operands are one
    // instruction.
    const CallExpr *First = mmaPart(*L[I], 0);
    bool Group = First && I + 3 < L.size();
    for (int64_t P = 1; Group && P < 4; ++P) {
      const CallExpr *C = mmaPart(*L[I + P], P);
      Group = C && C->Callee == First->Callee &&
              C->Args.size() == First->Args.size();
      for (size_t A = 1; Group && A + 1 < C->Args.size(); ++A)
        Group = sameExpr(*C->Args[A], *First->Args[A]);
    }
    if (!Group) {
      printStmt(*L[I], Indent);
      continue;
    }
    beforeStmt(*L[I], Indent);
    indent(OS, Indent);
    OS << First->Callee << "(";
    for (size_t P = 0; P < 4; ++P)
      OS << expr(*llvm::cast<AssignStmt>(*L[I + P]).LHS) << ", ";
    for (size_t A = 1; A + 1 < First->Args.size(); ++A)
      OS << (A > 1 ? ", " : "") << expr(*First->Args[A]);
    OS << ");\n";
    afterStmt(*L[I + 3], Indent);
    I += 3;
  }
}

void CStmtPrinter::printStmt(const Stmt &S, unsigned Indent) {
  switch (S.getKind()) {
  case Stmt::Kind::Assign: {
    const auto &A = llvm::cast<AssignStmt>(S);
    beforeStmt(S, Indent);
    indent(OS, Indent);
    if (A.Atomic != AtomicKind::None) {
      // Only kernels have atomics; a scalar target is a written
      // KernelScalar, whose device buffer the kernel takes as a pointer.
      const auto *V = llvm::dyn_cast<VarRef>(A.LHS.get());
      std::string Addr = V ? scalarPointerName(V->Name) : "&" + expr(*A.LHS);
      OS << atomicUpdateText(A, Addr, expr(*A.RHS)) << ";\n";
    } else if (A.Async) {
      // cp.async of the whole run; the lowering checked the alignment.
      OS << "c2c_cp_async<" << A.Width * sizeInBytes(A.LHS->Type) << ">(&"
         << expr(*A.LHS) << ", &" << expr(*A.RHS) << ");\n";
    } else if (A.Width > 1) {
      // One 8- or 16-byte access; the lowering checked the alignment. Runs
      // of char or short elements move as int2 or int4 (the bits are
      // copied, not converted).
      unsigned Bytes = A.Width * sizeInBytes(A.LHS->Type);
      std::string V =
          isNarrowInteger(A.LHS->Type)
              ? std::string(Bytes == 16  ? "int4"
                            : Bytes == 8 ? "int2"
                            : Bytes == 4 ? "int"
                                         : "short")
              : std::string(A.LHS->Type == ScalarKind::Double  ? "double"
                            : A.LHS->Type == ScalarKind::Float ? "float"
                                                               : "int") +
                    std::to_string(A.Width);
      OS << "*reinterpret_cast<" << V << " *>(&" << expr(*A.LHS)
         << ") = *reinterpret_cast<const " << V << " *>(&" << expr(*A.RHS)
         << ");\n";
    } else {
      OS << expr(*A.LHS) << ' ' << spelling(A.Op) << ' ' << expr(*A.RHS)
         << ";\n";
    }
    afterStmt(S, Indent);
    return;
  }
  case Stmt::Kind::Decl: {
    const auto &D = llvm::cast<DeclStmt>(S);
    beforeStmt(S, Indent);
    indent(OS, Indent);
    // Kernel-declared arrays: a register tile (`float acc[4][4];`) or a
    // block's shared tile (`__shared__ __align__(16) float sh[8][64];`,
    // aligned so that runs of 4 elements can be read as one 16-byte load).
    if (D.isArray() && D.Storage == StorageKind::Shared && DynamicShared &&
        DynamicShared->count(D.Name)) {
      // A reference to the array's place in the dynamic buffer.
      std::string Dims;
      for (int64_t N : D.Dims)
        Dims += "[" + std::to_string(N) + "]";
      OS << spelling(D.Type) << " (&" << D.Name << ")" << Dims
         << " = *reinterpret_cast<" << spelling(D.Type) << " (*)" << Dims
         << ">(" << dynamicSharedName() << " + " << DynamicShared->at(D.Name)
         << ");\n";
      afterStmt(S, Indent);
      return;
    }
    if (D.isArray() && D.Storage == StorageKind::Shared)
      OS << "__shared__ __align__(16) ";
    else if (D.isArray() && D.AlignBytes)
      OS << "__align__(" << D.AlignBytes << ") ";
    OS << spelling(D.Type) << ' ' << D.Name;
    for (int64_t N : D.Dims)
      OS << '[' << N << ']';
    if (D.Init)
      OS << " = " << expr(*D.Init);
    OS << ";\n";
    afterStmt(S, Indent);
    return;
  }
  case Stmt::Kind::If: {
    const auto &I = llvm::cast<IfStmt>(S);
    beforeStmt(S, Indent);
    indent(OS, Indent);
    OS << "if (" << expr(*I.Cond) << ") {\n";
    printStmts(I.Then, Indent + 1);
    if (!I.Else.empty()) {
      indent(OS, Indent);
      OS << "} else {\n";
      printStmts(I.Else, Indent + 1);
    }
    indent(OS, Indent);
    OS << "}\n";
    return;
  }
  case Stmt::Kind::For: {
    const auto &F = llvm::cast<ForStmt>(S);
    beforeStmt(S, Indent);
    indent(OS, Indent);
    // A loop a `break` leaves stops once the flag is set (its iterations
    // after that would do nothing), so its body needs no guard.
    const IfStmt *G = breakGuard(F);
    if (G && !foldsBreakGuard(*G))
      G = nullptr;
    OS << loopHeaderText(F, PA, G ? G->Cond.get() : nullptr) << " {\n";
    printStmts(G ? G->Then : F.Body, Indent + 1);
    indent(OS, Indent);
    OS << "}\n";
    return;
  }
  default:
    printOther(S, Indent);
    return;
  }
}

void CStmtPrinter::printOther(const Stmt &S, unsigned Indent) {
  llvm::report_fatal_error("c2cuda codegen: statement of a kind this "
                           "printer does not print");
}

} // namespace codegen
} // namespace c2cuda
