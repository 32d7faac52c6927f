//===- CodegenSupport.h - Helpers of the CUDA printers ----------*- C++ -*-===//
//
// Names, C string literals, comments, "file:line" texts for run-time error
// messages, and walks over the IR that collect the arrays and scalars a piece
// of code touches. The kernel printer and the host wrapper printer both use
// them, so a kernel parameter and the argument the host passes for it are
// derived from the same facts.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_CODEGEN_CODEGENSUPPORT_H
#define C2CUDA_CODEGEN_CODEGENSUPPORT_H

#include "codegen/CudaEmitter.h"
#include "ir/IR.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>
#include <string>

namespace c2cuda {
namespace codegen {

/// What every printer needs to know about where it is.
struct EmitContext {
  const Module &M;
  const CudaEmitOptions &Opts;
  /// "matmul.c" (SourceName, else the module's file).
  std::string sourceName() const;
  /// "matmul.c:7" for run-time messages; the line is omitted when unknown.
  std::string from(const SourceLoc &L) const;
};

/// S as a C string literal, quotes included, with escapes.
std::string cString(llvm::StringRef S);

/// Prints Text as `//` comment lines at the given indentation (2 spaces per
/// level). Every line starts with "//", so no comment can look like code to a
/// FileCheck pattern anchored at the start of a line.
void printComment(llvm::raw_ostream &OS, llvm::StringRef Text, unsigned Indent);

void indent(llvm::raw_ostream &OS, unsigned Level);

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

/// Names of the device buffer, element count and host staging buffer of an
/// array, and of the device buffer of a written scalar.
inline std::string deviceName(llvm::StringRef A) { return "c2c_d_" + A.str(); }
inline std::string countName(llvm::StringRef A) { return "c2c_n_" + A.str(); }
inline std::string stagingName(llvm::StringRef A) { return "c2c_h_" + A.str(); }
inline std::string scalarBufferName(llvm::StringRef S) {
  return "c2c_ds_" + S.str();
}
/// The kernel parameter pointing at a written scalar's device buffer.
inline std::string scalarPointerName(llvm::StringRef S) {
  return "c2c_ps_" + S.str();
}

/// Whether every dimension after the first of an Array-form parameter is a
/// constant expression (so C++ can spell the type `T (*)[d1][d2]`).
bool hasConstantInnerDims(const Param &P);
/// Whether an expression reads no variable and no array.
bool isConstantExpr(const Expr &E);

/// "const float" / "float": the element type of an array parameter.
std::string elemType(const Param &P);

} // namespace codegen
} // namespace c2cuda

#endif
