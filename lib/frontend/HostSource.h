//===- HostSource.h - The input's own code for whole-file output -*- C++
//-*-===//
//
// When the input holds code besides the offloaded functions (main, other
// functions, global variables), the .cu c2cuda writes replaces the whole
// file in the user's build: that code is kept as host code. nvcc compiles it
// as C++, so collectHostSource records the input's text, whether such code
// exists, and the edits C++ needs:
//  - `extern "C"` before every non-static function declaration other than
//    main, so the functions keep C linkage for the rest of the program;
//  - an explicit cast where C converts `void *` to another pointer type
//    implicitly (`float *A = malloc(...)`), or an integer to an enum.
// What no edit mends is an error at the construct where the file is
// written whole (M.HostCodeErrors): a name that is a C++ keyword (`int
// new;`), a designated initializer C++ lacks (an array designator, a nested
// member's, members out of their declaration order); else nvcc would
// reject the file c2cuda wrote without complaint.
// Code inside the offloaded functions is not edited: codegen replaces those
// definitions whole. Code spelled inside macro expansions cannot be edited
// and is left as is.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_FRONTEND_HOSTSOURCE_H
#define C2CUDA_FRONTEND_HOSTSOURCE_H

#include "ir/IR.h"

#include "clang/AST/ASTContext.h"

namespace c2cuda {

/// Whether C converts here implicitly where C++ needs the cast written:
/// `void *` to another object pointer type, an integer (or another enum) to
/// an enum. Also used when the offloaded functions' host statements are
/// printed (FunctionBuilder).
bool needsExplicitCastInCxx(const clang::ImplicitCastExpr &IC);

/// Identifiers C allows that C++ (C++20) reserves as keywords or
/// alternative operator spellings.
bool isCxxKeyword(llvm::StringRef N);

/// Fills M.SourceText, M.HasOtherCode, M.Edits and M.HostCodeErrors;
/// M.Functions must hold the offloaded functions with their definition
/// ranges.
void collectHostSource(clang::ASTContext &Ctx, Module &M);

} // namespace c2cuda

#endif
