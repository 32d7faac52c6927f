//===- HostSource.cpp - The input's own code for whole-file output -------===//

#include "HostSource.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>

using namespace clang;

namespace c2cuda {

namespace {

class CastInserter : public RecursiveASTVisitor<CastInserter> {
public:
  CastInserter(ASTContext &Ctx, std::vector<SourceEdit> &Edits)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Edits(Edits) {}

  bool VisitImplicitCastExpr(ImplicitCastExpr *IC) {
    if (!needsExplicitCastInCxx(*IC))
      return true;
    QualType To = IC->getType();
    SourceRange R = IC->getSubExpr()->getSourceRange();
    if (R.getBegin().isMacroID() || R.getEnd().isMacroID() ||
        !SM.isInMainFile(R.getBegin()))
      return true;
    unsigned Begin = SM.getFileOffset(R.getBegin());
    unsigned End = SM.getFileOffset(R.getEnd()) +
                   Lexer::MeasureTokenLength(R.getEnd(), SM, Ctx.getLangOpts());
    Edits.push_back(
        {Begin, Begin, "(" + To.getAsString(Ctx.getPrintingPolicy()) + ")("});
    Edits.push_back({End, End, ")"});
    return true;
  }

private:
  ASTContext &Ctx;
  SourceManager &SM;
  std::vector<SourceEdit> &Edits;
};

} // namespace

bool needsExplicitCastInCxx(const ImplicitCastExpr &IC) {
  QualType From = IC.getSubExpr()->getType(), To = IC.getType();
  if (IC.getCastKind() == CK_IntegralCast)
    return To->isEnumeralType() &&
           From.getCanonicalType() != To.getCanonicalType();
  if (IC.getCastKind() != CK_BitCast)
    return false;
  return From->isVoidPointerType() && To->isPointerType() &&
         !To->isVoidPointerType();
}

void collectHostSource(ASTContext &Ctx, Module &M) {
  SourceManager &SM = Ctx.getSourceManager();
  M.SourceText = SM.getBufferData(SM.getMainFileID()).str();
  auto Offloaded = [&](unsigned Offset) {
    return std::any_of(M.Functions.begin(), M.Functions.end(),
                       [&](const Function &F) {
                         return F.DefBegin <= Offset && Offset < F.DefEnd;
                       });
  };
  auto IsOffloadedName = [&](llvm::StringRef Name) {
    return std::any_of(M.Functions.begin(), M.Functions.end(),
                       [&](const Function &F) { return F.Name == Name; });
  };
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    SourceLocation L = SM.getExpansionLoc(D->getBeginLoc());
    if (D->isImplicit() || !SM.isInMainFile(L))
      continue;
    unsigned Offset = SM.getFileOffset(L);
    if (Offloaded(Offset))
      continue;
    const auto *FD = dyn_cast<FunctionDecl>(D);
    // A prototype of an offloaded function is not code of its own.
    if (!FD || FD->doesThisDeclarationHaveABody() ||
        !IsOffloadedName(FD->getName()))
      M.HasOtherCode = true;
    if (FD && FD->getStorageClass() != SC_Static && !FD->isMain() &&
        !D->getBeginLoc().isMacroID())
      M.Edits.push_back({Offset, Offset, "extern \"C\" "});
    // A static helper the nests called is inlined into the kernels; nvcc
    // would warn that the copy left in the file is never referenced.
    if (FD && FD->getStorageClass() == SC_Static &&
        FD->doesThisDeclarationHaveABody() && !D->getBeginLoc().isMacroID())
      M.Edits.push_back({Offset, Offset, "[[maybe_unused]] "});
    CastInserter(Ctx, M.Edits).TraverseDecl(D);
  }
  std::stable_sort(M.Edits.begin(), M.Edits.end(),
                   [](const SourceEdit &A, const SourceEdit &B) {
                     return A.Begin < B.Begin;
                   });
}

} // namespace c2cuda
