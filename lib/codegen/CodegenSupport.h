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
#include "ir/IRPrinter.h"
#include "ir/IRUses.h"

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

using c2cuda::cString; // ir/IRPrinter.h

/// Prints Text as `//` comment lines at the given indentation (2 spaces per
/// level). Every line starts with "//", so no comment can look like code to a
/// FileCheck pattern anchored at the start of a line.
void printComment(llvm::raw_ostream &OS, llvm::StringRef Text, unsigned Indent);

void indent(llvm::raw_ostream &OS, unsigned Level);

// The IR walks the printers share (isCudaBuiltin, collectArrays,
// collectVars, collectDecls) are in ir/IRUses.h.
using c2cuda::ArrayAccesses;
using c2cuda::collectArrays;
using c2cuda::collectDecls;
using c2cuda::collectVars;
using c2cuda::isCudaBuiltin;

/// Names of the device buffer, element count and host staging buffer of an
/// array, and of the device buffer of a written scalar.
inline std::string deviceName(llvm::StringRef A) { return "c2c_d_" + A.str(); }
inline std::string countName(llvm::StringRef A) { return "c2c_n_" + A.str(); }
inline std::string stagingName(llvm::StringRef A) { return "c2c_h_" + A.str(); }
inline std::string scalarBufferName(llvm::StringRef S) {
  return "c2c_ds_" + S.str();
}
/// The buffer of an array's scaled copies (Kernel::Prescaled), and the
/// pointer to the copy a launch reads.
inline std::string prescaleBufferName(llvm::StringRef A) {
  return "c2c_prescaled_" + A.str();
}
inline std::string scaledCopyName(llvm::StringRef A) {
  return "c2c_scaled_" + A.str();
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
