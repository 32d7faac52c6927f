//===- Frontend.h - C source to loop-nest IR -------------------*- C++ -*-===//
//
// The only part of c2cuda that touches the Clang AST. It parses a C file
// with Clang, finds the nests marked with `#pragma c2cuda kernel [clauses]`
// (the next statement) or enclosed in `#pragma scop` ... `#pragma endscop`
// (each top-level statement of the region), and builds the IR of every
// function holding one. Anything outside the supported subset is reported
// with a clang-style diagnostic that says what to write instead. The nests
// are then restructured (restructure/Restructure.h) before anyone sees them.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_FRONTEND_FRONTEND_H
#define C2CUDA_FRONTEND_FRONTEND_H

#include "ir/Diagnostics.h"
#include "ir/IR.h"
#include "restructure/Restructure.h"

#include <string>
#include <vector>

namespace c2cuda {

struct FrontendOptions {
  /// Extra arguments for Clang (-I, -D, -std=...).
  std::vector<std::string> ClangArgs;
  /// Clang resource directory (for stddef.h); empty means
  /// $C2CUDA_RESOURCE_DIR, else the one found at build time.
  std::string ResourceDir;
  /// Then restructure the nests (restructure/Restructure.h).
  RestructureOptions Restructure;

  /// Appends `-I` for each of Includes and `-D` for each of Defines, then
  /// Extra as given (the tools' -I, -D and --extra-arg options).
  void addArgs(const std::vector<std::string> &Includes,
               const std::vector<std::string> &Defines,
               const std::vector<std::string> &Extra = {});
};

/// Parses Path into M. Returns false if there was any error; the errors are
/// in Diags (Clang's own parse errors are printed by Clang and also counted).
bool parseFile(const std::string &Path, const FrontendOptions &Opts, Module &M,
               DiagnosticList &Diags);

} // namespace c2cuda

#endif
