//===- c2cuda-harness-demo.cpp - The harness files of one function -------===//
//
// Test tool for HarnessEmitter (to be replaced by `c2cuda tune
// --emit-bundle`): parses FILE.c, lowers one function with the plain
// mapping and with the default schedule, and writes into DIR
//   harness.cu ref64.c <FILE>.c plain.cu variant.cu symbols.txt
// (symbols.txt: the symbols to rename, one a line).
//
//===----------------------------------------------------------------------===//

#include "analysis/NestFacts.h"
#include "codegen/CudaEmitter.h"
#include "frontend/Frontend.h"
#include "ir/Diagnostics.h"
#include "transforms/Pipeline.h"
#include "tunegen/HarnessEmitter.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

using namespace c2cuda;
namespace cl = llvm::cl;

static cl::opt<std::string> InputFile(cl::Positional, cl::Required,
                                      cl::desc("<input.c>"));
static cl::list<std::string> Sizes("size", cl::CommaSeparated,
                                   cl::desc("Tuning size: name=value,..."));
static cl::list<std::string>
    VerifySizes("verify-size", cl::CommaSeparated,
                cl::desc("Small size verified against the C: name=value,..."));
static cl::opt<std::string>
    FunctionName("kernel",
                 cl::desc("Function (default: the first with a nest)"));
static cl::opt<std::string> OutDir("o", cl::Required,
                                   cl::desc("Output directory"));

static bool parseSizes(const cl::list<std::string> &L,
                       std::map<std::string, long long> &Out) {
  for (const std::string &S : L) {
    auto [Name, Value] = llvm::StringRef(S).split('=');
    long long V;
    if (Name.empty() || Value.getAsInteger(10, V)) {
      llvm::errs() << "error: expected name=integer, got '" << S << "'\n";
      return false;
    }
    Out[Name.str()] = V;
  }
  return true;
}

static bool lower(const Module &Src, const Function &F, bool Tile, Module &M,
                  LoweredFunction &LF, std::string &Cuda,
                  DiagnosticList &Diags) {
  M.SourceFile = Src.SourceFile;
  M.Functions.push_back(F);
  FunctionFacts Facts = analyzeFunction(M.Functions.front(), Diags);
  if (Diags.hasErrors())
    return false;
  PipelineOptions PO;
  PO.TileByDefault = Tile;
  LF = runPipeline(M.Functions.front(), Facts, PO, Diags);
  if (Diags.hasErrors())
    return false;
  llvm::raw_string_ostream OS(Cuda);
  CudaEmitOptions CO;
  CO.SourceName = llvm::sys::path::filename(InputFile).str();
  emitCuda(OS, M, {LF}, CO);
  return true;
}

static bool write(const std::string &Name, const std::string &Text) {
  llvm::SmallString<256> Path(OutDir);
  llvm::sys::path::append(Path, Name);
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  if (EC) {
    llvm::errs() << "error: cannot write '" << Path << "': " << EC.message()
                 << "\n";
    return false;
  }
  OS << Text;
  return true;
}

int main(int argc, char **argv) {
  llvm::InitLLVM X(argc, argv);
  cl::ParseCommandLineOptions(argc, argv, "c2cuda harness demo (tests only)\n");
  HarnessOptions HO;
  if (!parseSizes(Sizes, HO.Sizes) || !parseSizes(VerifySizes, HO.VerifySizes))
    return 1;
  HO.SourceFileName = llvm::sys::path::filename(InputFile).str();

  FrontendOptions FOpts; // Its resource directory: the frontend's default.
  DiagnosticList Diags;
  Module M;
  auto Report = [&] {
    for (const Diagnostic &D : Diags.all())
      if (D.Level != DiagLevel::Remark)
        printDiagnostic(llvm::errs(), D);
  };
  if (!parseFile(InputFile, FOpts, M, Diags) || M.Functions.empty()) {
    Report();
    llvm::errs() << "error: no function with a nest\n";
    return 1;
  }
  const Function *F = &M.Functions.front();
  for (const Function &G : M.Functions)
    if (G.Name == FunctionName)
      F = &G;
  if (!FunctionName.empty() && F->Name != FunctionName) {
    llvm::errs() << "error: no function '" << FunctionName << "' with a nest\n";
    return 1;
  }

  Module PM, VM;
  LoweredFunction Plain, Var;
  std::string PlainCuda, VarCuda;
  if (!lower(M, *F, false, PM, Plain, PlainCuda, Diags) ||
      !lower(M, *F, true, VM, Var, VarCuda, Diags)) {
    Report();
    return 1;
  }
  std::string Err;
  std::string Harness = emitHarness(PM.Functions.front(), Plain, HO, Err);
  if (Harness.empty()) {
    llvm::errs() << "error: " << Err << "\n";
    return 1;
  }
  auto Source = llvm::MemoryBuffer::getFile(InputFile);
  if (!Source) {
    llvm::errs() << "error: cannot read '" << InputFile << "'\n";
    return 1;
  }
  std::set<std::string> Syms;
  for (const LoweredFunction *LF : {&Plain, &Var})
    for (const std::string &S : harnessSymbols(*LF))
      Syms.insert(S);
  std::string SymText;
  for (const std::string &S : Syms)
    SymText += S + "\n";
  if (std::error_code EC = llvm::sys::fs::create_directories(OutDir)) {
    llvm::errs() << "error: cannot create '" << OutDir << "': " << EC.message()
                 << "\n";
    return 1;
  }
  bool Ok = write("harness.cu", Harness) &&
            write("ref64.c", emitRef64(*F, HO.SourceFileName)) &&
            write(HO.SourceFileName, (*Source)->getBuffer().str()) &&
            write("plain.cu", PlainCuda) && write("variant.cu", VarCuda) &&
            write("symbols.txt", SymText);
  return Ok ? 0 : 1;
}
