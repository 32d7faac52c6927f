//===- ClangTypes.h - Clang types and locations to IR ----------*- C++ -*-===//
//
// Small helpers shared by the frontend files: the IR scalar kind of a Clang
// type, C spellings of types for diagnostics, and IR source locations (the
// expansion location, so that code written through macros points at the use).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_FRONTEND_CLANGTYPES_H
#define C2CUDA_FRONTEND_CLANGTYPES_H

#include "ir/IR.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/Type.h"
#include "clang/Basic/SourceManager.h"

#include <functional>
#include <optional>
#include <string>

namespace c2cuda {

/// char, signed char, unsigned char, short, unsigned short, int, unsigned,
/// long (and long long), unsigned long (and size_t), float, double (through
/// typedefs too), and _Bool as unsigned char (one byte, 0 or 1);
/// std::nullopt for every other type.
std::optional<ScalarKind> scalarKindOf(clang::QualType T);

/// A struct (not a union) whose fields all have one scalar type, laid out
/// without padding, so that an array of it is an array of that type:
/// {type, number of fields}. std::nullopt otherwise, with Why (a sentence
/// fragment: "its field 'n' has type 'int'").
std::optional<std::pair<ScalarKind, unsigned>>
uniformScalarRecord(clang::QualType T, const clang::ASTContext &Ctx,
                    std::string &Why);

/// The C spelling of T, e.g. "struct point" or "short".
std::string typeSpelling(clang::QualType T, const clang::ASTContext &Ctx);

/// Calls Fn on S and every statement and expression below it.
void forEachNode(const clang::Stmt *S,
                 const std::function<void(const clang::Stmt *)> &Fn);

/// IR location of L (expansion location, presumed file/line/column).
SourceLoc toSourceLoc(const clang::SourceManager &SM, clang::SourceLocation L);

/// The text the user reads in diagnostics about unsupported element types.
inline const char *supportedScalarsText() {
  return "bool, char, signed char, unsigned char, short, unsigned short, "
         "int, unsigned, long, unsigned long, float or double";
}

} // namespace c2cuda

#endif
