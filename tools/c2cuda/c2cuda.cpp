//===- c2cuda.cpp - The c2cuda command line ------------------------------===//
//
// Thin driver: parse the C file, analyse each function, lower its nests to
// kernels, print CUDA. The output file is written only when every stage
// succeeded, and atomically, so a failed run never leaves or damages a file.
//
//===----------------------------------------------------------------------===//

#include "analysis/NestFacts.h"
#include "codegen/CudaEmitter.h"
#include "frontend/Frontend.h"
#include "ir/Diagnostics.h"
#include "ir/IRPrinter.h"
#include "report/AnalyzeReport.h"
#include "schedule/Schedule.h"
#include "transforms/Pipeline.h"

#include "TuneCommand.h"

#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/PrintPasses.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace c2cuda;
namespace cl = llvm::cl;

static cl::OptionCategory Category("c2cuda options");

static cl::SubCommand
    AnalyzeCmd("analyze",
               "Report what c2cuda sees in each nest: loop classes and the "
               "dependences behind them, references with their strides and "
               "warp requests, extents, reuse and promotion candidates, the "
               "default mapping with its predicted occupancy, and remarks");

// Built before InputFile: a positional option for every subcommand only
// reaches the subcommands registered before it.
static cl::SubCommand &TuneCmd = tuneCommand();

static cl::opt<std::string> InputFile(cl::Positional, cl::Required,
                                      cl::desc("<input.c>"),
                                      cl::sub(cl::SubCommand::getAll()),
                                      cl::cat(Category));

static cl::opt<bool> Json("json",
                          cl::desc("Print the report as JSON "
                                   "(docs/analyze.schema.json)"),
                          cl::sub(AnalyzeCmd), cl::cat(Category));

static cl::list<std::string>
    Sizes("size", cl::CommaSeparated,
          cl::desc("Values of scalar parameters: the problem size that "
                   "analyze reports on and tune tunes for, e.g. --size "
                   "M=4096,N=4096,K=4096; tune takes several sets, one per "
                   "--size, and writes code that picks by size"),
          cl::value_desc("name=value,..."), cl::sub(AnalyzeCmd),
          cl::sub(TuneCmd), cl::cat(Category));

static cl::opt<std::string> ComputeCapability(
    "cc",
    cl::desc("Compute capability to predict occupancy for "
             "(7.0, 7.5, 8.0, 8.6, 8.9, 9.0, 10.0, 12.0; default 9.0)"),
    cl::init("9.0"), cl::sub(AnalyzeCmd), cl::cat(Category));

static cl::opt<bool>
    NoPtxas("no-ptxas",
            cl::desc("Do not run nvcc for register counts (assume 32)"),
            cl::sub(AnalyzeCmd), cl::cat(Category));

static cl::opt<std::string>
    OutputFile("o",
               cl::desc("Write the CUDA to <file> ('-' for standard output; "
                        "default: <input stem>.cu in the current directory)"),
               cl::value_desc("file"), cl::sub(cl::SubCommand::getTopLevel()),
               cl::sub(TuneCmd), cl::sub(AnalyzeCmd), cl::cat(Category));

static cl::opt<bool>
    DumpIR("dump-ir",
           cl::desc("Print the loop-nest IR the frontend built and stop"),
           cl::cat(Category));

static cl::opt<std::string> SchedulePath(
    "schedule",
    cl::desc("Schedules from a JSON file keyed by function, e.g. "
             "{\"matmul\": [{\"nest\": 0, \"map\": {\"j\": \"x\"}, "
             "\"block\": [256]}]}; an entry replaces the nest's pragma "
             "schedule clauses (docs/user-guide.md, Schedule files)"),
    cl::value_desc("file.json"), cl::sub(cl::SubCommand::getTopLevel()),
    cl::sub(AnalyzeCmd), cl::cat(Category));

/// -W<group> and -Werror=<group> of c2cuda's own groups (taken out of argv
/// before llvm::cl sees them: libLLVM registers an option named W).
static std::vector<std::string> WarningFlags;
/// The C compiler's flags a build passes along with the file (-O2,
/// -std=c99, -Wall, -fopenmp, -march=native, -g, -pedantic): handed to the
/// C parser, which takes what matters for parsing (-std) and ignores the
/// rest, so `c2cuda $CFLAGS file.c` works.
static std::vector<std::string> CompilerFlags;

static bool isCompilerFlag(llvm::StringRef A) {
  return A.starts_with("-O") || A.starts_with("-std=") || A.starts_with("-f") ||
         A.starts_with("-m") || A.starts_with("-W") || A.starts_with("-g") ||
         A == "-pedantic" || A == "-pedantic-errors" || A == "-ansi" ||
         A == "-w";
}

/// Applies -W<group> and -Werror=<group> to Diags.
static void applyWarningFlags(DiagnosticList &Diags) {
  std::vector<std::string> Warn, Error;
  for (llvm::StringRef W : WarningFlags) {
    bool IsError = W.consume_front("error=");
    (IsError ? Error : Warn).push_back(W.str());
  }
  raiseGroups(Diags, Warn, DiagLevel::Warning);
  raiseGroups(Diags, Error, DiagLevel::Error);
}

static cl::opt<std::string> BuildPath(
    "p",
    cl::desc("Read the flags for <input.c> (-I, -D, -std, ...) from the "
             "compile_commands.json in <dir>, as clang tools do; a file "
             "without an entry borrows a neighbour's flags"),
    cl::value_desc("dir"), cl::sub(cl::SubCommand::getAll()),
    cl::cat(Category));

/// The flags of InputFile's compile command in BuildPath's database, without
/// the compiler, the file, its output and dependency-file options.
static bool compileDatabaseFlags(std::vector<std::string> &Out) {
  std::string Err;
  std::unique_ptr<clang::tooling::CompilationDatabase> DB =
      clang::tooling::CompilationDatabase::loadFromDirectory(BuildPath, Err);
  if (!DB) {
    llvm::WithColor::error(llvm::errs(), "c2cuda")
        << "-p " << BuildPath << ": no compilation database: " << Err << "\n";
    return false;
  }
  DB = clang::tooling::inferMissingCompileCommands(std::move(DB));
  llvm::SmallString<256> Abs(InputFile);
  if (std::error_code EC = llvm::sys::fs::make_absolute(Abs)) {
    llvm::WithColor::error(llvm::errs(), "c2cuda")
        << InputFile << ": cannot make the path absolute: " << EC.message()
        << "\n";
    return false;
  }
  std::vector<clang::tooling::CompileCommand> Cmds =
      DB->getCompileCommands(Abs);
  if (Cmds.empty()) {
    llvm::WithColor::error(llvm::errs(), "c2cuda")
        << "-p " << BuildPath << ": no compile command for '" << InputFile
        << "' or a file near it\n";
    return false;
  }
  clang::tooling::CompileCommand &C = Cmds.front();
  std::vector<std::string> Args = clang::tooling::getClangSyntaxOnlyAdjuster()(
      clang::tooling::getClangStripDependencyFileAdjuster()(
          clang::tooling::getClangStripOutputAdjuster()(C.CommandLine,
                                                        C.Filename),
          C.Filename),
      C.Filename);
  for (size_t I = 1; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    if (A == C.Filename || A == Abs || A == "-fsyntax-only" || A == "-c")
      continue;
    // Relative include directories are relative to the command's directory.
    if ((A == "-I" || A == "-isystem" || A == "-iquote") &&
        I + 1 < Args.size()) {
      llvm::SmallString<256> Dir(Args[++I]);
      llvm::sys::fs::make_absolute(C.Directory, Dir);
      Out.push_back(A.str());
      Out.push_back(std::string(Dir));
      continue;
    }
    if (A.starts_with("-I") && A.size() > 2) {
      llvm::SmallString<256> Dir(A.drop_front(2));
      llvm::sys::fs::make_absolute(C.Directory, Dir);
      Out.push_back("-I" + std::string(Dir));
      continue;
    }
    Out.push_back(A.str());
  }
  return true;
}

static cl::opt<bool> FunctionsOnly(
    "functions-only",
    cl::desc("Write only the offloaded functions, to link beside the rest of "
             "the program compiled from C (by default a file that also holds "
             "other code, main or globals, is written whole: the .cu then "
             "replaces the .c in the build)"),
    cl::cat(Category));

static cl::opt<bool> Quiet("q",
                           cl::desc("Do not print remarks on how each nest "
                                    "was mapped"),
                           cl::cat(Category));

static cl::opt<bool> NoDefaultTiling(
    "no-default-tiling",
    cl::desc("Keep the untiled one-thread-per-iteration mapping for nests "
             "without schedule clauses (by default 2-D nests are tiled)"),
    cl::cat(Category));

static cl::opt<bool> NoTensorCores(
    "no-tensor-cores",
    cl::desc("Run tiled double products with FP64 fused multiply-adds (by "
             "default they run on the FP64 tensor cores, sm_90: the same "
             "sums in the same order, twice the rate)"),
    cl::cat(Category));

static cl::opt<bool> AllowTf32x3(
    "allow-tf32x3",
    cl::desc("Run tiled float products on the TF32 tensor cores, each operand "
             "split in a TF32 high part and a TF32 low part (3xTF32, sm_80 "
             "and later): about FP32's accuracy, but the sums are neither "
             "FP32 fused multiply-adds nor in the loop's order"),
    cl::sub(cl::SubCommand::getAll()), cl::cat(Category));

static cl::opt<bool> NoCheckerboardLayout(
    "no-checkerboard-layout",
    cl::desc("Keep 2-D arrays that red-black sweeps update one colour at a "
             "time in the caller's layout (by default such an array is packed "
             "one colour after the other for the call)"),
    cl::cat(Category));

static cl::opt<bool> NoFusion(
    "no-fusion",
    cl::desc("Keep every nest its own kernel (by default an element-wise nest "
             "launched right after a product runs in the product's kernel, "
             "after each point, where the dependences allow)"),
    cl::cat(Category));

static cl::opt<bool> NoStagedTransfers(
    "no-staged-transfers",
    cl::desc("Copy arrays in the drop-in entry with plain cudaMemcpy instead "
             "of through pinned staging buffers (large pageable copies)"),
    cl::cat(Category));

static cl::opt<bool> NoRestructure(
    "no-restructure",
    cl::desc("Keep every nest's loops in the order and grouping written (by "
             "default parallel loops are moved outermost and loops with equal "
             "bounds fused, where the dependences allow)"),
    cl::sub(cl::SubCommand::getAll()), cl::cat(Category));

static cl::opt<bool> AllowReassociation(
    "allow-reassociation",
    cl::desc("Run every reduction loop (s += e, m = fmaxf(m, e), ...) in "
             "parallel with atomic updates, accepting floating-point results "
             "that differ by rounding; per nest: reduction(op: var)"),
    cl::sub(cl::SubCommand::getAll()), cl::cat(Category));

static cl::opt<bool> FastMath(
    "fast-math",
    cl::desc("Let kernels round differently for speed: float arithmetic "
             "where C computes a float result in double, CUDA's fast "
             "intrinsics (__expf, ...), rsqrt, reciprocals of invariant "
             "divisors; per nest: fast_math"),
    cl::sub(cl::SubCommand::getAll()), cl::cat(Category));

static cl::list<std::string> IncludeDirs("I", cl::Prefix,
                                         cl::desc("Add an include directory"),
                                         cl::value_desc("dir"),
                                         cl::sub(cl::SubCommand::getAll()),
                                         cl::cat(Category));

static cl::list<std::string> Defines("D", cl::Prefix,
                                     cl::desc("Define a macro for parsing"),
                                     cl::value_desc("name[=value]"),
                                     cl::sub(cl::SubCommand::getAll()),
                                     cl::cat(Category));

static cl::list<std::string>
    ExtraArgs("extra-arg", cl::desc("Pass an argument to the C parser"),
              cl::value_desc("arg"), cl::sub(cl::SubCommand::getAll()),
              cl::cat(Category));

static cl::opt<bool> PrintPipelineAndExit(
    "print-pipeline",
    cl::desc("List the passes, in the order they run, and exit (the names "
             "--print-after and c2cuda-opt take)"),
    cl::ValueDisallowed, cl::cat(Category), cl::callback([](const bool &) {
      printPipeline(llvm::outs());
      llvm::outs().flush();
      std::exit(0);
    }));

static cl::opt<std::string> ResourceDir(
    "resource-dir",
    cl::desc("Clang resource directory (stddef.h etc.); default: "
             "$C2CUDA_RESOURCE_DIR, else the one found at build time"),
    cl::value_desc("dir"), cl::sub(cl::SubCommand::getAll()),
    cl::cat(Category));

static std::string defaultOutput() {
  return (llvm::sys::path::stem(InputFile) + ".cu").str();
}

/// True when writing Out would replace the file In: the same name, or
/// another name for it (./in.c, a symlink, a hard link).
static bool isSameFile(const std::string &In, const std::string &Out) {
  if (Out == "-")
    return false;
  bool Same = false;
  return !llvm::sys::fs::equivalent(In, Out, Same) && Same;
}

/// An error, without a location, and its note; always false.
static bool fail(std::string Msg, std::string Hint = "") {
  printDiagnostic(
      llvm::errs(),
      Diagnostic{DiagLevel::Error, {}, std::move(Msg), std::move(Hint), ""});
  return false;
}

/// Refuses an output that would overwrite the C source, before any work.
static bool checkOutputIsNotInput() {
  std::string Stem = llvm::sys::path::stem(InputFile).str();
  std::string Other =
      isSameFile(InputFile, defaultOutput()) ? Stem + ".gen.cu" : Stem + ".cu";
  bool Compile = !TuneCmd && !AnalyzeCmd;
  if ((Compile || TuneCmd) && !OutputFile.empty() &&
      isSameFile(InputFile, OutputFile))
    return fail("output file '" + OutputFile + "' is the input file '" +
                    InputFile + "'",
                "write the CUDA to another file, e.g. '-o " + Other + "'");
  if (Compile && !DumpIR && OutputFile.empty() &&
      isSameFile(InputFile, defaultOutput()))
    return fail("the default output file '" + defaultOutput() +
                    "' (<input stem>.cu in the current directory) is the "
                    "input file '" +
                    InputFile + "'",
                "name another output with -o, e.g. '-o " + Other + "'");
  return true;
}

/// Applies --schedule to M's functions (lib/schedule); false after an
/// error.
static bool applyScheduleFile(Module &M, DiagnosticList &Diags) {
  return applyScheduleFile(M, SchedulePath, InputFile, Diags);
}

/// The error for a file without nests, from the compiler and analyze alike.
static void noNestError(DiagnosticList &Diags) {
  Diags.error({}, "no nest to offload in '" + InputFile + "'",
              "mark a loop nest with '#pragma c2cuda kernel' or enclose it "
              "in '#pragma scop' ... '#pragma endscop'");
}

/// Prints what was collected; remarks only when wanted.
static void report(const DiagnosticList &Diags) {
  for (const Diagnostic &D : Diags.all())
    if (D.Level != DiagLevel::Remark || !Quiet)
      printDiagnostic(llvm::errs(), D);
}

/// libLLVM already owns -print-after-all and -print-after (LLVM's pass
/// printing); c2cuda reuses them for its own passes and lists them in --help.
static void adoptLLVMPrintOptions() {
  auto &Opts = cl::getRegisteredOptions();
  if (cl::Option *O = Opts.lookup("print-after-all")) {
    O->setDescription("Print the IR after every pass (stderr)");
    O->setHiddenFlag(cl::NotHidden);
    O->addCategory(Category);
  }
  if (cl::Option *O = Opts.lookup("print-after")) {
    O->setDescription("Print the IR after the named passes (stderr; "
                      "--print-pipeline lists them)");
    O->setHiddenFlag(cl::NotHidden);
    O->addCategory(Category);
  }
}

/// `c2cuda analyze`: the report on stdout, problems on stderr.
static bool runAnalyze(const Module &M) {
  AnalyzeOptions Opts;
  for (const std::string &S : Sizes) {
    auto [Name, Value] = llvm::StringRef(S).split('=');
    long long V;
    if (Name.empty() || Value.getAsInteger(10, V)) {
      llvm::WithColor::error(llvm::errs(), "c2cuda")
          << "--size expects name=integer, got '" << S << "'\n";
      return false;
    }
    Opts.Sizes[Name.str()] = V;
  }
  Opts.ComputeCapability = ComputeCapability;
  Opts.UsePtxas = !NoPtxas;
  Opts.AllowReassociation = AllowReassociation;
  Opts.FastMath = FastMath;
  Opts.TileByDefault = !NoDefaultTiling;
  Opts.CheckerboardLayout = !NoCheckerboardLayout;
  Opts.TensorCores = !NoTensorCores;
  Opts.Tf32x3 = AllowTf32x3;
  Opts.FuseEpilogues = !NoFusion;
  Opts.SourceName = llvm::sys::path::filename(InputFile).str();
  DiagnosticList Diags;
  nlohmann::json Report = buildAnalyzeReport(M, Opts, Diags);
  report(Diags);
  if (Diags.hasErrors())
    return false;
  if (Json)
    llvm::outs() << Report.dump(2) << "\n";
  else
    printAnalyzeReport(llvm::outs(), Report);
  return true;
}

int main(int argc, char **argv) {
  llvm::InitLLVM X(argc, argv);
  adoptLLVMPrintOptions();
  cl::HideUnrelatedOptions({&Category, &tuneCategory()});
  cl::SetVersionPrinter([](llvm::raw_ostream &OS) {
    OS << "c2cuda 0.1 (LLVM " LLVM_VERSION_STRING ")\n";
  });
  // -Wserial-kernel, -Werror=uncoalesced: c2cuda's own (see --help);
  // other compiler flags go to the C parser.
  const std::vector<std::string> &Groups = diagnosticGroups();
  std::vector<char *> Args;
  for (int I = 0; I < argc; ++I) {
    llvm::StringRef A(argv[I]);
    llvm::StringRef Group = A;
    bool W = Group.consume_front("-W");
    Group.consume_front("error=");
    if (I > 0 && W &&
        std::find(Groups.begin(), Groups.end(), Group) != Groups.end())
      WarningFlags.push_back(A.drop_front(2).str());
    else if (I > 0 && isCompilerFlag(A) &&
             !cl::getRegisteredOptions().count(A.drop_front().split('=').first))
      CompilerFlags.push_back(A.str());
    else
      Args.push_back(argv[I]);
  }
  argc = static_cast<int>(Args.size());
  argv = Args.data();
  cl::ParseCommandLineOptions(
      argc, argv,
      "c2cuda: annotated C loop nests to drop-in CUDA\n\n"
      "  Nests after '#pragma c2cuda kernel [clauses]', or inside\n"
      "  '#pragma scop' ... '#pragma endscop', become CUDA kernels; each\n"
      "  function holding one is written as an extern \"C\" host function of\n"
      "  the same name and signature, plus <name>_device() taking device\n"
      "  pointers. A file that holds other code too (main, globals) is\n"
      "  written whole, to replace the .c in the build (--functions-only\n"
      "  writes the offloaded functions alone). See docs/user-guide.md.\n\n"
      "  -Wserial-kernel, -Wuncoalesced: report a kernel that runs as a\n"
      "  single thread, or a mapping under which no reference is contiguous\n"
      "  along threadIdx.x, as a warning (shown even with -q);\n"
      "  -Werror=serial-kernel, -Werror=uncoalesced: as an error, writing\n"
      "  nothing.\n");

  if (!checkOutputIsNotInput())
    return 1;
  if (AnalyzeCmd) {
    // The report goes to stdout; an -o that was dropped would surprise.
    if (OutputFile.getNumOccurrences()) {
      fail("'c2cuda analyze' prints its report on standard output and "
           "takes no -o",
           "redirect it instead, e.g. 'c2cuda analyze " + InputFile +
               " > report.txt'");
      return 1;
    }
    DiagnosticList CCDiags;
    if (!checkComputeCapability(ComputeCapability, CCDiags)) {
      report(CCDiags);
      return 1;
    }
  }

  FrontendOptions FOpts;
  FOpts.ResourceDir = ResourceDir;
  FOpts.addArgs(IncludeDirs, Defines);
  FOpts.Restructure.MoveLoops = !NoRestructure;
  FOpts.Restructure.PrintAfterAll = llvm::shouldPrintAfterAll();
  FOpts.Restructure.PrintAfter = llvm::printAfterPasses();
  if (!BuildPath.empty() && !compileDatabaseFlags(FOpts.ClangArgs))
    return 1;
  FOpts.ClangArgs.insert(FOpts.ClangArgs.end(), CompilerFlags.begin(),
                         CompilerFlags.end());
  FOpts.ClangArgs.insert(FOpts.ClangArgs.end(), ExtraArgs.begin(),
                         ExtraArgs.end());

  DiagnosticList Diags;
  Module M;
  if (!parseFile(InputFile, FOpts, M, Diags)) {
    report(Diags);
    return 1;
  }
  if (AnalyzeCmd) {
    // Like the compiler: no nest is an error, and --schedule applies, so
    // that the report describes the kernels the compiler emits.
    if (M.Functions.empty())
      noNestError(Diags);
    else
      applyScheduleFile(M, Diags);
    report(Diags);
    if (Diags.hasErrors())
      return 1;
    return runAnalyze(M) ? 0 : 1;
  }
  if (TuneCmd) {
    TuneContext Ctx;
    Ctx.InputFile = InputFile;
    // Values of one occurrence share its position: one size set each.
    for (size_t I = 0; I < Sizes.size(); ++I) {
      if (I == 0 || Sizes.getPosition(I) != Sizes.getPosition(I - 1))
        Ctx.SizeSets.emplace_back();
      Ctx.SizeSets.back().push_back(Sizes[I]);
    }
    Ctx.OutputFile = OutputFile;
    Ctx.AllowReassociation = AllowReassociation;
    Ctx.FastMath = FastMath;
    Ctx.Tf32x3 = AllowTf32x3;
    int RC = runTuneCommand(M, Ctx, Diags);
    report(Diags);
    return RC;
  }
  if (DumpIR) {
    report(Diags);
    printModule(llvm::outs(), M);
    return 0;
  }
  if (M.Functions.empty()) {
    noNestError(Diags);
    report(Diags);
    return 1;
  }
  if (!applyScheduleFile(M, Diags)) {
    report(Diags);
    return 1;
  }

  PipelineOptions POpts;
  POpts.PrintAfterAll = llvm::shouldPrintAfterAll();
  POpts.PrintAfter = llvm::printAfterPasses();
  POpts.AllowReassociation = AllowReassociation;
  POpts.FastMath = FastMath;
  POpts.TileByDefault = !NoDefaultTiling;
  POpts.CheckerboardLayout = !NoCheckerboardLayout;
  POpts.TensorCores = !NoTensorCores;
  POpts.Tf32x3 = AllowTf32x3;
  POpts.FuseEpilogues = !NoFusion;
  std::vector<LoweredFunction> Lowered = lowerModule(M, POpts, Diags);
  applyWarningFlags(Diags);
  if (Diags.hasErrors()) {
    report(Diags);
    return 1;
  }

  std::string Cuda;
  llvm::raw_string_ostream CudaOS(Cuda);
  CudaEmitOptions COpts;
  COpts.SourceName = llvm::sys::path::filename(InputFile).str();
  COpts.WholeFile = M.HasOtherCode && !FunctionsOnly;
  COpts.StagedTransfers = !NoStagedTransfers;
  if (COpts.WholeFile && !M.HostCodeErrors.empty()) {
    for (const Module::HostCodeError &E : M.HostCodeErrors)
      Diags.error(E.Loc, E.Message, E.Hint);
    report(Diags);
    return 1;
  }
  if (!COpts.WholeFile)
    for (const Function &F : M.Functions)
      if (F.IsStatic)
        Diags.warning(F.Loc,
                      "'" + F.Name +
                          "' is static: a program linking this file keeps "
                          "running its own C version",
                      "write the whole file (drop --functions-only) so the "
                      "CUDA version replaces it");
  emitCuda(CudaOS, M, Lowered, COpts);
  CudaOS.flush();

  report(Diags);
  std::string Out = OutputFile.empty() ? defaultOutput() : OutputFile;
  // writeToOutput writes a temporary file and renames it into place.
  if (llvm::Error E =
          llvm::writeToOutput(Out, [&](llvm::raw_ostream &OS) -> llvm::Error {
            OS << Cuda;
            return llvm::Error::success();
          })) {
    llvm::WithColor::error(llvm::errs(), "c2cuda")
        << "cannot write '" << Out << "': " << llvm::toString(std::move(E))
        << "\n";
    return 1;
  }
  return 0;
}
