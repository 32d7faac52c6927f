//===- ArrayIndexing.h - How device code spells array elements -*- C++ -*-===//
//
// Kernels receive every array as a flat pointer, so a multi-dimensional
// parameter `float A[n][m]` is indexed row-major as `A[(long long)i * m + j]`.
// Pointer parameters keep their linearized index, but where C computes a
// product in signed 32-bit arithmetic (`A[i * K + k]`) the product is done in
// 64 bits: the C code has undefined behaviour exactly where the two differ
// (signed overflow), so this is a refinement, and arrays of more than 2^31
// elements index correctly. Unsigned 32-bit arithmetic wraps in C by
// definition and is left as written. Arrays a kernel declares itself
// (ArrayRef::Local: register and shared tiles) are C arrays, indexed
// `sh[i][j]` as written.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_CODEGEN_ARRAYINDEXING_H
#define C2CUDA_CODEGEN_ARRAYINDEXING_H

#include "ir/IR.h"
#include "ir/IRPrinter.h"

namespace c2cuda {
namespace codegen {

/// The ArrayRefPrinter for kernel code of function F.
ArrayRefPrinter makeDeviceArrayPrinter(const Function &F);

/// E printed so that it can be embedded as an operand of any operator:
/// parenthesised unless it is a name, an element, a call or a non-negative
/// literal.
std::string operandText(const Expr &E, const ArrayRefPrinter &PA);

} // namespace codegen
} // namespace c2cuda

#endif
