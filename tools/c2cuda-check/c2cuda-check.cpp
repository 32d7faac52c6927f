//===- c2cuda-check.cpp - The CPU oracle on a C file ---------------------===//
//
// Lowers every function of a C file as c2cuda does (same default options,
// default tiling on) and runs exec::checkLowering on it: the lowered form
// executed as the GPU would, in adversarial thread orders, against the C
// semantics, on fresh random inputs per trial. For tests that have no GPU
// (test/fuzz/run_differential.py --stage oracle).
//
// Prints one line per function,
//   CHECK <fn> PASS|FAIL|UNSUPPORTED maxRelL2=<x> <message>
// and exits 1 if any function failed (2 if the file does not lower).
//
// --array-size A=N,... gives the element counts the caller's arrays have;
// a planned extent above one is a FAIL, since the host wrapper would copy
// past the end of the caller's array.
//
//===----------------------------------------------------------------------===//

#include "analysis/NestFacts.h"
#include "exec/Memory.h"
#include "exec/PropertyCheck.h"
#include "frontend/Frontend.h"
#include "ir/Diagnostics.h"
#include "transforms/Pipeline.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

using namespace c2cuda;
namespace cl = llvm::cl;

static cl::OptionCategory Category("c2cuda-check options");

static cl::opt<std::string> InputFile(cl::Positional, cl::Required,
                                      cl::desc("<input.c>"), cl::cat(Category));

static cl::list<std::string>
    Sizes("size", cl::CommaSeparated,
          cl::desc("Values of scalar parameters; every integer parameter "
                   "needs one, e.g. --size n=7,m=5"),
          cl::value_desc("name=value,..."), cl::cat(Category));

static cl::list<std::string> ArraySizes(
    "array-size", cl::CommaSeparated,
    cl::desc("Elements the caller's arrays hold, e.g. --array-size A=35,B=7: "
             "a planned copy of more elements fails the check"),
    cl::value_desc("name=count,..."), cl::cat(Category));

static cl::opt<uint64_t> Seed("seed", cl::desc("Seed of the first trial"),
                              cl::init(1), cl::cat(Category));

static cl::opt<unsigned>
    Trials("trials",
           cl::desc("Checks per function, each on fresh inputs (seeds "
                    "seed, seed+1, ...) and thread order (shuffled, then "
                    "reversed every other trial)"),
           cl::init(1), cl::cat(Category));

static cl::opt<double> Tol("tol",
                           cl::desc("Bound on the relative L2 error of every "
                                    "array (default 1e-4)"),
                           cl::init(1e-4), cl::cat(Category));

static cl::opt<std::string> OnlyFunction("function",
                                         cl::desc("Check only this function"),
                                         cl::value_desc("name"),
                                         cl::cat(Category));

static cl::opt<bool> NoDefaultTiling("no-default-tiling",
                                     cl::desc("As c2cuda --no-default-tiling"),
                                     cl::cat(Category));

static cl::opt<bool>
    AllowReassociation("allow-reassociation",
                       cl::desc("As c2cuda --allow-reassociation"),
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

static cl::opt<std::string> ResourceDir(
    "resource-dir",
    cl::desc("Clang resource directory; default: $C2CUDA_RESOURCE_DIR, else "
             "the one found at build time"),
    cl::value_desc("dir"), cl::cat(Category));

static std::string resourceDir() {
  if (!ResourceDir.empty())
    return ResourceDir;
  if (auto Env = llvm::sys::Process::GetEnv("C2CUDA_RESOURCE_DIR"))
    return *Env;
  return C2CUDA_CLANG_RESOURCE_DIR;
}

/// Parses name=number pairs; false (with a message) on a malformed one.
template <typename T>
static bool parsePairs(const cl::list<std::string> &L, const char *Option,
                       std::map<std::string, T> &Out) {
  for (const std::string &S : L) {
    auto [Name, Text] = llvm::StringRef(S).split('=');
    double V;
    if (Name.empty() || Text.trim().getAsDouble(V)) {
      llvm::WithColor::error(llvm::errs(), "c2cuda-check")
          << "--" << Option << " expects name=number, got '" << S << "'\n";
      return false;
    }
    Out[Name.trim().str()] = static_cast<T>(V);
  }
  return true;
}

static void printDiags(const DiagnosticList &Diags) {
  for (const Diagnostic &D : Diags.all())
    if (D.Level != DiagLevel::Remark)
      printDiagnostic(llvm::errs(), D);
}

/// The first array whose planned extent exceeds what the caller holds, as
/// a message; empty if none.
static std::string overCopy(const Function &F, const LoweredFunction &LF,
                            const std::map<std::string, double> &Scalars,
                            const std::map<std::string, int64_t> &Held) {
  if (Held.empty())
    return "";
  exec::Memory M;
  for (const Param &P : F.Params)
    if (!P.isArray()) {
      auto It = Scalars.find(P.Name);
      double V = It == Scalars.end() ? 0 : It->second;
      M.Scalars[P.Name] = isFloating(P.Elem)
                              ? exec::Value::ofFloat(P.Elem, V)
                              : exec::Value::ofInt(P.Elem, (int64_t)V);
    }
  std::string Err;
  std::map<std::string, int64_t> Extents = exec::plannedExtents(LF, M, Err);
  if (!Err.empty())
    return "cannot evaluate the planned extents: " + Err;
  for (const ArrayPlan &A : LF.Arrays) {
    auto H = Held.find(A.Name);
    auto E = Extents.find(A.Name);
    if (H == Held.end() || E == Extents.end() || E->second <= H->second)
      continue;
    return "the host wrapper copies " + std::to_string(E->second) +
           " elements of '" + A.Name + "', the caller's array holds " +
           std::to_string(H->second);
  }
  return "";
}

int main(int argc, char **argv) {
  llvm::InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(Category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "c2cuda-check: runs c2cuda's lowering of every function of a C file\n"
      "on the CPU oracle (lib/exec) and compares it with the C semantics\n");

  std::map<std::string, double> Scalars;
  std::map<std::string, int64_t> Held;
  if (!parsePairs(Sizes, "size", Scalars) ||
      !parsePairs(ArraySizes, "array-size", Held))
    return 2;

  FrontendOptions FOpts;
  FOpts.ResourceDir = resourceDir();
  for (const std::string &D : IncludeDirs)
    FOpts.ClangArgs.push_back("-I" + D);
  for (const std::string &D : Defines)
    FOpts.ClangArgs.push_back("-D" + D);
  FOpts.ClangArgs.insert(FOpts.ClangArgs.end(), ExtraArgs.begin(),
                         ExtraArgs.end());

  DiagnosticList Diags;
  Module M;
  if (!parseFile(InputFile, FOpts, M, Diags)) {
    printDiags(Diags);
    return 2;
  }

  // The options of a plain `c2cuda FILE.c`.
  PipelineOptions POpts;
  POpts.AllowReassociation = AllowReassociation;
  POpts.TileByDefault = !NoDefaultTiling;

  bool Failed = false, Any = false;
  for (const Function &F : M.Functions) {
    if (!OnlyFunction.empty() && F.Name != OnlyFunction)
      continue;
    Any = true;
    FunctionFacts Facts = analyzeFunction(F, Diags);
    if (Diags.hasErrors()) {
      printDiags(Diags);
      return 2;
    }
    LoweredFunction LF = runPipeline(F, Facts, POpts, Diags);
    if (Diags.hasErrors()) {
      printDiags(Diags);
      return 2;
    }

    const char *Status = "PASS";
    std::string Message = overCopy(F, LF, Scalars, Held);
    double Worst = 0;
    if (!Message.empty())
      Status = "FAIL";
    for (unsigned T = 0; T < Trials && Message.empty(); ++T) {
      exec::CheckConfig C;
      C.Scalars = Scalars;
      C.Seed = Seed + T;
      C.Order =
          T % 2 ? exec::ThreadOrder::Reverse : exec::ThreadOrder::Shuffled;
      C.Tol = Tol;
      exec::CheckResult R = exec::checkLowering(F, LF, C);
      Worst = std::max(Worst, R.MaxRelL2);
      if (R.St == exec::CheckResult::Status::Pass)
        continue;
      Status = R.St == exec::CheckResult::Status::Fail ? "FAIL" : "UNSUPPORTED";
      Message = R.Message + " (seed " + std::to_string(C.Seed) + ")";
    }
    Failed |= Status[0] == 'F';
    llvm::outs() << "CHECK " << F.Name << " " << Status
                 << " maxRelL2=" << llvm::format("%.3g", Worst);
    if (!Message.empty()) {
      // One line per function: the harness reads them.
      std::replace(Message.begin(), Message.end(), '\n', ' ');
      llvm::outs() << " " << Message;
    }
    llvm::outs() << "\n";
  }
  if (!Any) {
    llvm::WithColor::error(llvm::errs(), "c2cuda-check")
        << "no function with a nest to check in '" << InputFile << "'\n";
    return 2;
  }
  return Failed ? 1 : 0;
}
