//===- IRPrinter.h - Readable dump of the IR -------------------*- C++ -*-===//
//
// Prints expressions as fully parenthesised C (the CUDA printer reuses it, so
// the text the user reads in --dump-ir is the text the GPU compiles), and
// statements, nests, functions and lowered kernels in a C-like outline.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_IR_IRPRINTER_H
#define C2CUDA_IR_IRPRINTER_H

#include "IR.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <string>

namespace c2cuda {

/// How an ArrayRef is spelled. The default prints `A[i][j]` as written; the
/// CUDA printer installs one that linearizes multi-dimensional parameters.
using ArrayRefPrinter =
    std::function<void(llvm::raw_ostream &, const ArrayRef &)>;

void printExpr(llvm::raw_ostream &OS, const Expr &E,
               const ArrayRefPrinter &PrintArray = nullptr);
std::string exprToString(const Expr &E,
                         const ArrayRefPrinter &PrintArray = nullptr);

/// "for (int i = 0; i < n; ++i)", without the body; with AlsoWhile, the
/// condition is "i < n && AlsoWhile".
std::string loopHeaderText(const ForStmt &F,
                           const ArrayRefPrinter &PrintArray = nullptr,
                           const Expr *AlsoWhile = nullptr);

/// A C literal that round-trips: "0.25f", "1e-09", "3LL".
std::string literalText(const Expr &E);

void printStmts(llvm::raw_ostream &OS, const StmtList &L, unsigned Indent,
                const ArrayRefPrinter &PrintArray = nullptr);
/// S as a C string literal, quotes included, with escapes.
std::string cString(llvm::StringRef S);

void printFunction(llvm::raw_ostream &OS, const Function &F);
void printModule(llvm::raw_ostream &OS, const Module &M);
void printLowered(llvm::raw_ostream &OS, const LoweredFunction &LF);

} // namespace c2cuda

#endif
