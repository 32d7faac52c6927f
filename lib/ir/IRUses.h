//===- IRUses.h - Arrays and scalars a piece of IR uses --------*- C++ -*-===//
//
// Walks that collect what a statement list or expression touches: the
// arrays it reads and writes, the scalar variables it reads or assigns, the
// names it declares. The CUDA printers derive kernel parameters and the
// host's arguments from them, and the tuning harness its buffers, so both
// sides of a launch agree.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_IR_IRUSES_H
#define C2CUDA_IR_IRUSES_H

#include "ir/IR.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <set>
#include <string>

namespace c2cuda {

/// Whether N is a CUDA built-in an explicit-threads kernel reads as a
/// VarRef ("threadIdx.x", "blockIdx.y", "blockDim.z", "gridDim.x"): printed
/// as is, never a variable to declare or pass.
bool isCudaBuiltin(llvm::StringRef N);

/// Arrays read and written by a piece of code. The target of a compound
/// assignment (`A[i] += x`) is both read and written. Elements of arrays a
/// kernel declares itself (ArrayRef::Local) are not counted: only arrays
/// that live outside the code are (their indices still are walked).
struct ArrayAccesses {
  std::set<std::string> Read, Written;
  std::set<std::string> all() const;
};
void collectArrays(const Expr &E, ArrayAccesses &Acc);
/// Statements and, recursively, their bodies (If, For, Nest, HostRegion; the
/// declared sets of HostCode and HostRegion headers).
void collectArrays(const StmtList &L, ArrayAccesses &Acc);

/// Scalar variables an expression or statement list reads or assigns, with
/// their types (first occurrence wins); CUDA built-ins are not variables.
void collectVars(const Expr &E, std::map<std::string, ScalarKind> &Vars);
void collectVars(const StmtList &L, std::map<std::string, ScalarKind> &Vars);
/// Names a statement list declares: DeclStmt names (scalars and arrays)
/// and loop iterators.
void collectDecls(const StmtList &L, std::set<std::string> &Names);

} // namespace c2cuda

#endif // C2CUDA_IR_IRUSES_H
