//===- CodegenSupport.cpp - Small helpers shared by the CUDA printers ----===//

#include "CodegenSupport.h"

#include "ir/IRWalk.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Casting.h"
#include "llvm/Support/ErrorHandling.h"

namespace c2cuda {
namespace codegen {

std::string EmitContext::sourceName() const {
  return Opts.SourceName.empty() ? M.SourceFile : Opts.SourceName;
}

std::string EmitContext::from(const SourceLoc &L) const {
  std::string S = sourceName();
  if (S.empty())
    S = L.File.empty() ? "<input>" : L.File;
  if (L.valid())
    S += ":" + std::to_string(L.Line);
  return S;
}

void indent(llvm::raw_ostream &OS, unsigned Level) { OS.indent(Level * 2); }

void printComment(llvm::raw_ostream &OS, llvm::StringRef Text,
                  unsigned Indent) {
  llvm::SmallVector<llvm::StringRef, 4> Lines;
  Text.rtrim().split(Lines, '\n');
  for (llvm::StringRef L : Lines) {
    indent(OS, Indent);
    L = L.rtrim();
    // A trailing backslash would splice the next line into the comment.
    while (L.ends_with("\\"))
      L = L.drop_back();
    OS << "//";
    if (!L.empty())
      OS << ' ' << L;
    OS << '\n';
  }
}

bool isConstantExpr(const Expr &E) {
  bool Const = true;
  forEachExpr(E, [&](const Expr &X) {
    Const = Const && !llvm::isa<VarRef>(X) && !llvm::isa<ArrayRef>(X) &&
            !llvm::isa<CallExpr>(X);
  });
  return Const;
}

bool hasConstantInnerDims(const Param &P) {
  for (size_t I = 1; I < P.Dims.size(); ++I)
    if (!P.Dims[I] || !isConstantExpr(*P.Dims[I]))
      return false;
  return true;
}

std::string elemType(const Param &P) {
  return std::string(P.IsConst ? "const " : "") + elemSpelling(P);
}

} // namespace codegen
} // namespace c2cuda
