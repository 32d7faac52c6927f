//===- Pragmas.h - c2cuda and scop pragmas ---------------------*- C++ -*-===//
//
// The preprocessor consumes pragmas before the parser sees the statements
// they annotate, so the frontend records each `#pragma c2cuda ...`,
// `#pragma scop` and `#pragma endscop` (location and tokens, macros
// expanded) and later matches them to statements by source position.
// Clause text is parsed only once the pragma is attached to a nest of a
// function, because `extent(A: expr)` refers to that function's parameters.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_FRONTEND_PRAGMAS_H
#define C2CUDA_FRONTEND_PRAGMAS_H

#include "ir/Diagnostics.h"
#include "ir/IR.h"

#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/TokenKinds.h"

#include <string>
#include <vector>

namespace clang {
class Preprocessor;
class SourceManager;
} // namespace clang

namespace c2cuda {

struct PragmaToken {
  clang::tok::TokenKind Kind;
  std::string Text;
  clang::SourceLocation Loc;
};

struct PragmaRecord {
  enum class Kind { Kernel, Scop, EndScop, UnknownC2cuda };
  Kind K;
  /// Location of the pragma (its `#`, or `_Pragma`).
  clang::SourceLocation Loc;
  /// `#pragma c2cuda kernel block(16)`: Directive = "kernel", Tokens = the
  /// tokens after it.
  std::string Directive;
  std::vector<PragmaToken> Tokens;
  bool Used = false;
};

/// Installs handlers that append to Out (which must outlive parsing).
void registerPragmaHandlers(clang::Preprocessor &PP,
                            std::vector<PragmaRecord> &Out);

/// Parses the clauses of a kernel pragma. Extent expressions may name only
/// scalar parameters of F; extent arrays must be array parameters of F.
/// Returns false after reporting an error.
bool parseKernelClauses(const PragmaRecord &P, const Function &F,
                        const clang::SourceManager &SM, NestClauses &Out,
                        DiagnosticList &Diags);

} // namespace c2cuda

#endif
