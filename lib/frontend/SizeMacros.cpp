//===- SizeMacros.cpp - Macros whose values the generated code assumes ---===//

#include "SizeMacros.h"

#include "clang/AST/Decl.h"
#include "clang/Lex/MacroArgs.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"

#include <algorithm>

using namespace clang;

namespace c2cuda {

namespace {

/// Whether MI's replacement is something `#if` can compare: integer
/// literals, operators and parentheses (another macro inside is recorded
/// on its own expansion).
bool isIntegerConstant(const MacroInfo &MI, const Preprocessor &PP,
                       std::string &Spelled) {
  if (MI.isFunctionLike() || MI.isBuiltinMacro() || MI.tokens_empty())
    return false;
  for (const Token &T : MI.tokens()) {
    std::string S = PP.getSpelling(T);
    if (T.is(tok::numeric_constant)) {
      bool Hex = S.size() > 1 && S[0] == '0' && (S[1] == 'x' || S[1] == 'X');
      if (S.find('.') != std::string::npos ||
          (!Hex && S.find_first_of("eEfF") != std::string::npos))
        return false;
    } else if (!T.isOneOf(tok::plus, tok::minus, tok::star, tok::slash,
                          tok::percent, tok::l_paren, tok::r_paren,
                          tok::lessless, tok::greatergreater, tok::tilde) &&
               !T.isOneOf(tok::amp, tok::pipe, tok::caret)) {
      return false;
    }
    Spelled += (Spelled.empty() || T.hasLeadingSpace() ? " " : "") + S;
  }
  Spelled.erase(0, Spelled.find_first_not_of(' '));
  return true;
}

class Recorder : public PPCallbacks {
public:
  Recorder(Preprocessor &PP, std::vector<MacroExpansion> &Out)
      : PP(PP), Out(Out) {}

  void MacroExpands(const Token &Name, const MacroDefinition &MD,
                    SourceRange Range, const MacroArgs *) override {
    SourceManager &SM = PP.getSourceManager();
    SourceLocation L = SM.getExpansionLoc(Range.getBegin());
    const MacroInfo *MI = MD.getMacroInfo();
    std::string Value;
    if (!MI || !SM.isInMainFile(L) || !isIntegerConstant(*MI, PP, Value))
      return;
    Out.push_back({PP.getSpelling(Name), Value, SM.getFileOffset(L)});
  }

private:
  Preprocessor &PP;
  std::vector<MacroExpansion> &Out;
};

} // namespace

void recordMacroExpansions(Preprocessor &PP, std::vector<MacroExpansion> &Out) {
  PP.addPPCallbacks(std::make_unique<Recorder>(PP, Out));
}

void collectSizeMacros(ASTContext &Ctx, const std::vector<MacroExpansion> &All,
                       Module &M) {
  if (M.Functions.empty())
    return;
  SourceManager &SM = Ctx.getSourceManager();
  // Offloaded definitions, and file-scope variables (global arrays' sizes).
  std::vector<std::pair<unsigned, unsigned>> Frozen;
  for (const Function &F : M.Functions)
    Frozen.push_back({F.DefBegin, F.DefEnd});
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    if (!isa<VarDecl>(D))
      continue;
    SourceLocation B = SM.getExpansionLoc(D->getBeginLoc());
    SourceLocation E = SM.getExpansionLoc(D->getEndLoc());
    if (SM.isInMainFile(B) && SM.isInMainFile(E))
      Frozen.push_back({SM.getFileOffset(B), SM.getFileOffset(E) + 1});
  }
  for (const MacroExpansion &X : All)
    if (std::any_of(Frozen.begin(), Frozen.end(), [&](const auto &R) {
          return R.first <= X.Offset && X.Offset < R.second;
        }))
      M.SizeMacros.emplace(X.Name, X.Value);
}

} // namespace c2cuda
