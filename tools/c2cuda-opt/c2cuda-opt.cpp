//===- c2cuda-opt.cpp - Runs chosen passes on a C file --------------------===//
//
//   c2cuda-opt FILE.c -passes=FuseInitLoops,HoistHostLoops,MapToGrid
//
// Parses FILE.c, runs exactly the named passes in the order given and
// prints the IR after the last one on stdout: the nests (printFunction)
// when only restructuring passes ran, the kernels and host code
// (printLowered) otherwise. Restructuring passes come first; the lowering
// passes start with HoistHostLoops, which makes the kernels. Without
// -passes every pass runs, as in `c2cuda FILE.c`; `-passes=` runs none and
// prints the nests as parsed. Remarks and other
// diagnostics go to stderr. `c2cuda --print-pipeline` lists the passes.
//
//===----------------------------------------------------------------------===//

#include "frontend/Frontend.h"
#include "ir/Diagnostics.h"
#include "ir/IRPrinter.h"
#include "restructure/Restructure.h"
#include "schedule/Schedule.h"
#include "transforms/Pipeline.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/PrintPasses.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

using namespace c2cuda;
namespace cl = llvm::cl;

static cl::OptionCategory Category("c2cuda-opt options");

static cl::opt<std::string> InputFile(cl::Positional, cl::Required,
                                      cl::desc("<input.c>"), cl::cat(Category));

static cl::list<std::string>
    Passes("passes", cl::CommaSeparated,
           cl::desc("The passes to run, in order (default: all of them; "
                    "-passes= runs none; c2cuda --print-pipeline lists "
                    "them)"),
           cl::value_desc("P1,P2,..."), cl::cat(Category));

static cl::opt<std::string> OnlyFunction("function",
                                         cl::desc("Print this function only"),
                                         cl::value_desc("name"),
                                         cl::cat(Category));

static cl::opt<bool> DefaultTiling(
    "default-tiling",
    cl::desc("Tile nests without schedule clauses, as c2cuda does (off by "
             "default, so that the tiling passes apply clauses only)"),
    cl::cat(Category));

static cl::opt<bool>
    AllowReassociation("allow-reassociation",
                       cl::desc("As c2cuda --allow-reassociation"),
                       cl::cat(Category));

static cl::opt<bool> FastMath("fast-math", cl::desc("As c2cuda --fast-math"),
                              cl::cat(Category));

static cl::opt<bool> Quiet("q", cl::desc("Do not print remarks"),
                           cl::cat(Category));

static cl::opt<std::string> SchedulePath("schedule",
                                         cl::desc("As c2cuda --schedule"),
                                         cl::value_desc("file.json"),
                                         cl::cat(Category));

static cl::list<std::string> IncludeDirs("I", cl::Prefix,
                                         cl::desc("Add an include directory"),
                                         cl::value_desc("dir"),
                                         cl::cat(Category));

static cl::list<std::string> Defines("D", cl::Prefix,
                                     cl::desc("Define a macro for parsing"),
                                     cl::value_desc("name[=value]"),
                                     cl::cat(Category));

static cl::list<std::string>
    ExtraArgs("extra-arg", cl::desc("Pass an argument to the C parser"),
              cl::value_desc("arg"), cl::cat(Category));

static cl::opt<std::string>
    ResourceDir("resource-dir",
                cl::desc("Clang resource directory (as c2cuda)"),
                cl::value_desc("dir"), cl::cat(Category));

static void report(const DiagnosticList &Diags) {
  for (const Diagnostic &D : Diags.all())
    if (D.Level != DiagLevel::Remark || !Quiet)
      printDiagnostic(llvm::errs(), D);
}

static bool isRestructurePass(const std::string &Name) {
  for (const RestructurePass &P : restructurePasses())
    if (P.Name == Name)
      return true;
  return false;
}

int main(int argc, char **argv) {
  llvm::InitLLVM X(argc, argv);
  // libLLVM owns -print-after-all and -print-after; they name our passes.
  for (const char *Name : {"print-after-all", "print-after"})
    if (cl::Option *O = cl::getRegisteredOptions().lookup(Name)) {
      O->setHiddenFlag(cl::NotHidden);
      O->addCategory(Category);
    }
  cl::HideUnrelatedOptions(Category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "c2cuda-opt: runs the named c2cuda passes on a C file and prints the "
      "IR\n");

  DiagnosticList Diags;
  bool Explicit = Passes.getNumOccurrences() > 0;
  std::vector<std::string> Names, Restructuring, Lowering;
  for (const std::string &P : Passes)
    if (!P.empty())
      Names.push_back(P);
  for (const std::string &P : Names)
    (isRestructurePass(P) ? Restructuring : Lowering).push_back(P);
  if (!checkPassList(Names, Diags)) {
    report(Diags);
    return 1;
  }

  FrontendOptions FOpts;
  FOpts.ResourceDir = ResourceDir;
  FOpts.addArgs(IncludeDirs, Defines, ExtraArgs);
  if (Explicit)
    FOpts.Restructure.Passes = Restructuring;
  FOpts.Restructure.PrintAfterAll = llvm::shouldPrintAfterAll();
  FOpts.Restructure.PrintAfter = llvm::printAfterPasses();
  Module M;
  if (!parseFile(InputFile, FOpts, M, Diags) ||
      !applyScheduleFile(M, SchedulePath, InputFile, Diags)) {
    report(Diags);
    return 1;
  }
  if (!OnlyFunction.empty()) {
    llvm::erase_if(M.Functions,
                   [](const Function &F) { return F.Name != OnlyFunction; });
    if (M.Functions.empty()) {
      Diags.error({},
                  "no function '" + OnlyFunction + "' with a nest in '" +
                      InputFile + "'",
                  "name a function that holds a marked nest");
      report(Diags);
      return 1;
    }
  }

  if (Explicit && Lowering.empty()) {
    for (const Function &F : M.Functions)
      printFunction(llvm::outs(), F);
    llvm::outs().flush();
    report(Diags);
    return 0;
  }
  PipelineOptions POpts;
  POpts.Passes = Lowering;
  POpts.PrintAfterAll = llvm::shouldPrintAfterAll();
  POpts.PrintAfter = llvm::printAfterPasses();
  POpts.AllowReassociation = AllowReassociation;
  POpts.FastMath = FastMath;
  POpts.TileByDefault = DefaultTiling;
  std::vector<LoweredFunction> Lowered = lowerModule(M, POpts, Diags);
  if (!Diags.hasErrors())
    for (const LoweredFunction &LF : Lowered)
      printLowered(llvm::outs(), LF);
  // The IR first, then what the passes said about it.
  llvm::outs().flush();
  report(Diags);
  return Diags.hasErrors() ? 1 : 0;
}
