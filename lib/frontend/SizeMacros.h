//===- SizeMacros.h - Macros whose values the generated code assumes -*- C++
//-*-===//
//
// c2cuda expands macros when it parses, so a size from `#define N 1000` (or
// -DN=1000) is frozen into the .cu: the wrapper copies 1000 elements. When
// the program is then built with other -D values, the copies no longer match
// the arrays. The recorder notes every object-like macro with an integer
// value expanded inside an offloaded function or a file-scope declaration;
// codegen ends the .cu with a preprocessor check per macro, so a build with
// another value stops at compile time with a message saying what to do.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_FRONTEND_SIZEMACROS_H
#define C2CUDA_FRONTEND_SIZEMACROS_H

#include "ir/IR.h"

#include "clang/AST/ASTContext.h"
#include "clang/Lex/Preprocessor.h"

#include <string>
#include <vector>

namespace c2cuda {

/// One expansion of an object-like macro whose replacement is an integer
/// constant expression: its name, its replacement as spelled, where.
struct MacroExpansion {
  std::string Name, Value;
  unsigned Offset = 0; ///< In the main file.
};

/// Records the expansions in the main file while PP runs.
void recordMacroExpansions(clang::Preprocessor &PP,
                           std::vector<MacroExpansion> &Out);

/// Fills M.SizeMacros with the macros of All expanded inside M's offloaded
/// functions or in file-scope declarations.
void collectSizeMacros(clang::ASTContext &Ctx,
                       const std::vector<MacroExpansion> &All, Module &M);

} // namespace c2cuda

#endif
