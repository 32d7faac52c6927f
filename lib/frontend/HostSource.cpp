//===- HostSource.cpp - The input's own code for whole-file output -------===//

#include "HostSource.h"

#include "ClangTypes.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <set>

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

/// Reports what the kept host code holds that C++ rejects and no edit
/// mends: names that are C++ keywords, designated initializers C++ lacks.
class CxxOnlyChecker : public RecursiveASTVisitor<CxxOnlyChecker> {
public:
  CxxOnlyChecker(ASTContext &Ctx, std::vector<Module::HostCodeError> &Errors)
      : SM(Ctx.getSourceManager()), Errors(Errors) {}

  bool VisitNamedDecl(NamedDecl *ND) {
    const IdentifierInfo *II = ND->getIdentifier();
    if (II && isCxxKeyword(II->getName()))
      report(ND->getLocation(),
             "'" + II->getName().str() +
                 "' is a keyword of C++, in which nvcc compiles the file "
                 "c2cuda writes (the code besides the offloaded functions is "
                 "kept as host code)",
             "rename it");
    return true;
  }

  bool VisitDesignatedInitExpr(DesignatedInitExpr *E) {
    for (const DesignatedInitExpr::Designator &D : E->designators())
      if (!D.isFieldDesignator()) {
        report(E->getBeginLoc(),
               "an array designator is C only: nvcc compiles the file c2cuda "
               "writes as C++ (the code besides the offloaded functions is "
               "kept as host code)",
               "set the elements after the declaration");
        return true;
      }
    if (E->size() > 1)
      report(E->getBeginLoc(),
             "a designator of a nested member is C only: nvcc compiles the "
             "file c2cuda writes as C++ (the code besides the offloaded "
             "functions is kept as host code)",
             "write the member's own braced initializer");
    return true;
  }

  bool VisitInitListExpr(InitListExpr *IL) {
    // C++ takes designated members only in their declaration order.
    int Last = -1;
    for (clang::Expr *Init : IL->inits()) {
      const auto *E = dyn_cast_or_null<DesignatedInitExpr>(Init);
      if (!E || E->size() != 1 || !E->getDesignator(0)->isFieldDesignator())
        continue;
      const FieldDecl *F = E->getDesignator(0)->getFieldDecl();
      if (!F)
        continue;
      int Index = static_cast<int>(F->getFieldIndex());
      if (Index < Last)
        report(E->getBeginLoc(),
               "designated initializers out of the members' declaration "
               "order are C only: nvcc compiles the file c2cuda writes as "
               "C++ (the code besides the offloaded functions is kept as "
               "host code)",
               "list the members in their declaration order");
      Last = std::max(Last, Index);
    }
    return true;
  }

private:
  void report(SourceLocation L, const std::string &What,
              const std::string &Fix) {
    if (L.isInvalid() || L.isMacroID() || !SM.isInMainFile(L) ||
        !Reported.insert(L.getRawEncoding()).second)
      return;
    Errors.push_back({toSourceLoc(SM, L), What, Fix});
  }

  SourceManager &SM;
  std::vector<Module::HostCodeError> &Errors;
  std::set<unsigned> Reported;
};

} // namespace

bool isCxxKeyword(llvm::StringRef N) {
  static const char *const Words[] = {"alignas",
                                      "alignof",
                                      "and",
                                      "and_eq",
                                      "asm",
                                      "bitand",
                                      "bitor",
                                      "bool",
                                      "catch",
                                      "char8_t",
                                      "char16_t",
                                      "char32_t",
                                      "class",
                                      "co_await",
                                      "co_return",
                                      "co_yield",
                                      "compl",
                                      "concept",
                                      "const_cast",
                                      "consteval",
                                      "constexpr",
                                      "constinit",
                                      "decltype",
                                      "delete",
                                      "dynamic_cast",
                                      "explicit",
                                      "export",
                                      "false",
                                      "friend",
                                      "mutable",
                                      "namespace",
                                      "new",
                                      "noexcept",
                                      "not",
                                      "not_eq",
                                      "nullptr",
                                      "operator",
                                      "or",
                                      "or_eq",
                                      "private",
                                      "protected",
                                      "public",
                                      "reinterpret_cast",
                                      "requires",
                                      "static_assert",
                                      "static_cast",
                                      "template",
                                      "this",
                                      "thread_local",
                                      "throw",
                                      "true",
                                      "try",
                                      "typeid",
                                      "typename",
                                      "using",
                                      "virtual",
                                      "wchar_t",
                                      "xor",
                                      "xor_eq"};
  return llvm::is_contained(Words, N);
}

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
  CxxOnlyChecker Checker(Ctx, M.HostCodeErrors);
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
    Checker.TraverseDecl(D);
  }
  std::stable_sort(M.Edits.begin(), M.Edits.end(),
                   [](const SourceEdit &A, const SourceEdit &B) {
                     return A.Begin < B.Begin;
                   });
}

} // namespace c2cuda
