//===- CStmtPrinter.h - IR statements as C/CUDA statements -----*- C++ -*-===//
//
// Prints Assign, Decl, If and For statements as compilable C++ (the IR keeps
// C's types explicit, so the text means in CUDA what it meant in C). Kernel
// bodies and the host loops around launches share it; statement kinds that
// only exist on the host (HostCode, HostRegion, Launch) or only in kernels
// (Barrier) are handed to printOther(), which the host and kernel printers
// override. A Decl with Dims (only kernels have them) prints as a C array,
// `__shared__` for shared storage.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_CODEGEN_CSTMTPRINTER_H
#define C2CUDA_CODEGEN_CSTMTPRINTER_H

#include "ir/IR.h"
#include "ir/IRPrinter.h"

#include "llvm/Support/raw_ostream.h"

#include <map>
#include <string>

namespace c2cuda {
namespace codegen {

class CStmtPrinter {
public:
  CStmtPrinter(llvm::raw_ostream &OS, ArrayRefPrinter PA)
      : OS(OS), PA(std::move(PA)) {}
  virtual ~CStmtPrinter() = default;

  void printStmts(const StmtList &L, unsigned Indent);
  void printStmt(const Stmt &S, unsigned Indent);

  std::string expr(const Expr &E) const { return exprToString(E, PA); }

  /// Shared arrays that live in the kernel's dynamic shared buffer, at
  /// these byte offsets (codegen/SharedLayout.h); null: all static.
  const std::map<std::string, int64_t> *DynamicShared = nullptr;

protected:
  /// Kinds other than Assign/Decl/If/For. The default reports an internal
  /// error.
  virtual void printOther(const Stmt &S, unsigned Indent);
  /// Hooks around Assign, Decl, If and For (the host printer moves the
  /// arrays they touch). afterStmt runs for Assign and Decl only.
  virtual void beforeStmt(const Stmt &S, unsigned Indent) {}
  virtual void afterStmt(const Stmt &S, unsigned Indent) {}
  /// Whether a loop's `break` guard may become part of its condition: not
  /// where the flag is a scalar the device sets (the host printer), which
  /// must come to the host before each test.
  virtual bool foldsBreakGuard(const IfStmt &Guard) const { return true; }

  llvm::raw_ostream &OS;
  ArrayRefPrinter PA;
};

} // namespace codegen
} // namespace c2cuda

#endif
