//===- Frontend.cpp - C source to loop-nest IR ----------------------------===//
//
// Runs Clang on one C file (as gnu11 C, syntax only) with the pragma
// handlers installed, then hands the AST to buildModule. Clang's own errors
// are printed by Clang and make parsing fail before any IR is built.
//
//===----------------------------------------------------------------------===//

#include "frontend/Frontend.h"
#include "FunctionBuilder.h"
#include "Pragmas.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"

using namespace clang;

namespace c2cuda {

namespace {

struct ParseState {
  Module &M;
  DiagnosticList &Diags;
  std::vector<PragmaRecord> Pragmas;
  bool ClangFailed = false;
};

class IRConsumer : public ASTConsumer {
public:
  explicit IRConsumer(ParseState &St) : St(St) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (Ctx.getDiagnostics().hasErrorOccurred()) {
      St.ClangFailed = true;
      return;
    }
    buildModule(Ctx, St.Pragmas, St.M, St.Diags);
  }

private:
  ParseState &St;
};

class IRAction : public ASTFrontendAction {
public:
  explicit IRAction(ParseState &St) : St(St) {}

protected:
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    registerPragmaHandlers(CI.getPreprocessor(), St.Pragmas);
    return true;
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 StringRef) override {
    return std::make_unique<IRConsumer>(St);
  }

private:
  ParseState &St;
};

} // namespace

bool parseFile(const std::string &Path, const FrontendOptions &Opts, Module &M,
               DiagnosticList &Diags) {
  M.SourceFile = Path;
  std::vector<std::string> Args = {"c2cuda", "-fsyntax-only", "-xc",
                                   "-std=gnu11"};
  std::string ResourceDir = Opts.ResourceDir;
#ifdef C2CUDA_CLANG_RESOURCE_DIR
  if (ResourceDir.empty())
    ResourceDir = C2CUDA_CLANG_RESOURCE_DIR;
#endif
  if (!ResourceDir.empty())
    Args.push_back("-resource-dir=" + ResourceDir);
  // User arguments last, so that their -std wins.
  Args.insert(Args.end(), Opts.ClangArgs.begin(), Opts.ClangArgs.end());
  Args.push_back(Path);

  ParseState St{M, Diags, {}, false};
  llvm::IntrusiveRefCntPtr<FileManager> Files(
      new FileManager(FileSystemOptions()));
  tooling::ToolInvocation Invocation(Args, std::make_unique<IRAction>(St),
                                     Files.get());
  bool ClangOK = Invocation.run();
  if (!ClangOK || St.ClangFailed) {
    // Clang printed its errors; count them so the caller fails.
    if (!Diags.hasErrors())
      Diags.add(Diagnostic{DiagLevel::Error, SourceLoc(),
                           "could not parse '" + Path + "' as C", ""});
    return false;
  }
  return !Diags.hasErrors();
}

} // namespace c2cuda
