//===- Frontend.cpp - C source to loop-nest IR ----------------------------===//
//
// Runs Clang on one C file (as gnu11 C, syntax only) with the pragma
// handlers installed, then hands the AST to buildModule. Clang's own errors
// are printed by Clang and make parsing fail before any IR is built; so do
// the driver's (an unknown argument), which Clang alone would let pass.
//
//===----------------------------------------------------------------------===//

#include "frontend/Frontend.h"
#include "FunctionBuilder.h"
#include "Pragmas.h"
#include "SizeMacros.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/thread.h"

using namespace clang;

namespace c2cuda {

namespace {

/// Clang's printer, counting errors: ToolInvocation goes on after a driver
/// error (an unknown argument), so parseFile checks the count itself.
class CountingPrinter : public DiagnosticConsumer {
public:
  explicit CountingPrinter(DiagnosticOptions *Opts)
      : Printer(llvm::errs(), Opts) {}
  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Printer.BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { Printer.EndSourceFile(); }
  void finish() override { Printer.finish(); }
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    Printer.HandleDiagnostic(Level, Info);
  }

private:
  TextDiagnosticPrinter Printer;
};

struct ParseState {
  Module &M;
  DiagnosticList &Diags;
  std::vector<PragmaRecord> Pragmas;
  bool ClangFailed = false;
  /// The driver accepted the arguments and the file is being parsed.
  bool Started = false;
  const CountingPrinter *Printer = nullptr;
  /// Integer macros expanded in the main file (SizeMacros.h).
  std::vector<MacroExpansion> Macros = {};
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
    collectSizeMacros(Ctx, St.Macros, St.M);
  }

private:
  ParseState &St;
};

class IRAction : public ASTFrontendAction {
public:
  explicit IRAction(ParseState &St) : St(St) {}

protected:
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    // An argument the driver rejected: no parse under wrong options.
    if (St.Printer && St.Printer->getNumErrors())
      return false;
    St.Started = true;
    registerPragmaHandlers(CI.getPreprocessor(), St.Pragmas);
    recordMacroExpansions(CI.getPreprocessor(), St.Macros);
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

void FrontendOptions::addArgs(const std::vector<std::string> &Includes,
                              const std::vector<std::string> &Defines,
                              const std::vector<std::string> &Extra) {
  for (const std::string &D : Includes)
    ClangArgs.push_back("-I" + D);
  for (const std::string &D : Defines)
    ClangArgs.push_back("-D" + D);
  ClangArgs.insert(ClangArgs.end(), Extra.begin(), Extra.end());
}

/// The stack of the thread that runs Clang and builds the IR.
constexpr unsigned ParserStackBytes = 256u << 20;

bool parseFile(const std::string &Path, const FrontendOptions &Opts, Module &M,
               DiagnosticList &Diags) {
  M.SourceFile = Path;
  // Checked here: Clang's driver would say only that it has no job to run.
  if (llvm::sys::fs::is_directory(Path)) {
    Diags.error({}, "'" + Path + "' is a directory, not a C file");
    return false;
  }
  if (!llvm::sys::fs::exists(Path)) {
    Diags.error({}, "no such file: '" + Path + "'");
    return false;
  }
  std::vector<std::string> Args = {"c2cuda", "-fsyntax-only", "-xc",
                                   "-std=gnu11"};
  // The tool's option, else $C2CUDA_RESOURCE_DIR, else the build's.
  std::string ResourceDir = Opts.ResourceDir;
  if (ResourceDir.empty())
    if (auto Env = llvm::sys::Process::GetEnv("C2CUDA_RESOURCE_DIR"))
      ResourceDir = *Env;
  if (ResourceDir.empty())
    ResourceDir = C2CUDA_CLANG_RESOURCE_DIR;
  if (!ResourceDir.empty())
    Args.push_back("-resource-dir=" + ResourceDir);
  // User arguments last, so that their -std wins.
  Args.insert(Args.end(), Opts.ClangArgs.begin(), Opts.ClangArgs.end());
  Args.push_back(Path);

  llvm::IntrusiveRefCntPtr<FileManager> Files(
      new FileManager(FileSystemOptions()));
  std::vector<const char *> Argv;
  for (const std::string &A : Args)
    Argv.push_back(A.c_str());
  llvm::IntrusiveRefCntPtr<DiagnosticOptions> DiagOpts(
      CreateAndPopulateDiagOpts(Argv).release());
  CountingPrinter Printer(DiagOpts.get());
  ParseState St{M, Diags, {}, false, false, &Printer};
  tooling::ToolInvocation Invocation(Args, std::make_unique<IRAction>(St),
                                     Files.get());
  Invocation.setDiagnosticOptions(DiagOpts.get());
  Invocation.setDiagnosticConsumer(&Printer);
  // Clang's parser and the AST walks recurse once per nesting level, so a
  // generated file (thousands of nested ifs) would overflow a main-thread
  // stack before NestBuilder could report its depth; the pages of this one
  // are only touched as deep as the input goes.
  bool ClangOK = false;
  llvm::thread Parser(std::optional<unsigned>(ParserStackBytes),
                      [&] { ClangOK = Invocation.run(); });
  Parser.join();
  if (!ClangOK || St.ClangFailed || Printer.getNumErrors()) {
    // Clang printed its errors; count them so the caller fails.
    if (!St.Started)
      Diags.error({}, "the C parser rejected its arguments",
                  "check the -I, -D and --extra-arg options");
    else if (!Diags.hasErrors())
      Diags.error({}, "could not parse '" + Path + "' as C");
    return false;
  }
  if (Diags.hasErrors())
    return false;
  restructureModule(M, Opts.Restructure, Diags);
  return !Diags.hasErrors();
}

} // namespace c2cuda
