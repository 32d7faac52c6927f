//===- FunctionBuilder.h - Functions with nests to IR ----------*- C++ -*-===//
//
// For every function whose body holds a nest, attaches the recorded pragmas
// to statements (`#pragma c2cuda kernel` to the next statement, which must be
// a for loop; each top-level statement between `#pragma scop` and
// `#pragma endscop` becomes a nest), translates the parameters, and splits
// the body into nests, host regions (host control flow containing nests) and
// host code (C text with the arrays it reads and writes).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_FRONTEND_FUNCTIONBUILDER_H
#define C2CUDA_FRONTEND_FUNCTIONBUILDER_H

#include "Pragmas.h"

#include "ir/Diagnostics.h"
#include "ir/IR.h"

#include "clang/AST/ASTContext.h"

#include <vector>

namespace c2cuda {

/// Appends to M the IR of every function of the translation unit that holds
/// a nest. Pragmas that annotate nothing are reported.
void buildModule(clang::ASTContext &Ctx, std::vector<PragmaRecord> &Pragmas,
                 Module &M, DiagnosticList &Diags);

} // namespace c2cuda

#endif
