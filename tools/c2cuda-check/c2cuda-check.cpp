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
// --schedule FILE.json applies a schedule file as c2cuda --schedule does.
// --print-launches prints, after each CHECK line, the kernels its first trial
// launched, in order (which of a kernel's alternatives the host would pick),
//   LAUNCHES <fn> <kernel>...
//
// --random-schedules N checks, besides that lowering, N random schedules
// per function (exec/RandomSchedule.h, seeded by --schedule-seed, the
// function's name and k); each line then names its schedule,
//   CHECK <fn> PASS|FAIL|UNSUPPORTED sched=default|<k> maxRelL2=<x> ...
//   CHECK <fn> REFUSED sched=<k> <the pipeline's first error>
// after a line `SCHEDULE <fn> sched=<k> nest 0: <clauses> ...`. A refused
// schedule is not a failure. A function's schedules differ from each other
// and from the default where its nests allow. --dump-schedules FILE.json writes
// schedule k of every function to FILE<k>.json (k = 1..N), a file c2cuda
// --schedule reads to emit the same lowering.
//
//===----------------------------------------------------------------------===//

#include "analysis/NestFacts.h"
#include "exec/Memory.h"
#include "exec/PropertyCheck.h"
#include "exec/RandomSchedule.h"
#include "frontend/Frontend.h"
#include "ir/Diagnostics.h"
#include "schedule/Schedule.h"
#include "transforms/Pipeline.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <random>
#include <set>
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

static cl::opt<bool> NoRestructure("no-restructure",
                                   cl::desc("As c2cuda --no-restructure"),
                                   cl::cat(Category));
static cl::opt<bool> NoDefaultTiling("no-default-tiling",
                                     cl::desc("As c2cuda --no-default-tiling"),
                                     cl::cat(Category));

static cl::opt<bool>
    NoCheckerboardLayout("no-checkerboard-layout",
                         cl::desc("As c2cuda --no-checkerboard-layout"),
                         cl::cat(Category));
static cl::opt<bool> NoFusion("no-fusion", cl::desc("As c2cuda --no-fusion"),
                              cl::cat(Category));
static cl::opt<bool> NoTensorCores("no-tensor-cores",
                                   cl::desc("As c2cuda --no-tensor-cores"),
                                   cl::cat(Category));
static cl::opt<bool> AllowTf32x3("allow-tf32x3",
                                 cl::desc("As c2cuda --allow-tf32x3"),
                                 cl::cat(Category));
static cl::opt<bool>
    AllowReassociation("allow-reassociation",
                       cl::desc("As c2cuda --allow-reassociation"),
                       cl::cat(Category));

static cl::opt<bool> FastMath("fast-math", cl::desc("As c2cuda --fast-math"),
                              cl::cat(Category));

static cl::opt<std::string>
    SchedulePath("schedule",
                 cl::desc("Schedules from a JSON file, as c2cuda --schedule"),
                 cl::value_desc("FILE.json"), cl::cat(Category));

static cl::opt<unsigned> RandomSchedules(
    "random-schedules",
    cl::desc("Also check N random schedules per function (a schedule the "
             "pipeline refuses is reported REFUSED, not a failure)"),
    cl::value_desc("N"), cl::init(0), cl::cat(Category));

static cl::opt<uint64_t>
    ScheduleSeed("schedule-seed",
                 cl::desc("Seed of the random schedules (default 1)"),
                 cl::init(1), cl::cat(Category));

static cl::opt<std::string> DumpSchedules(
    "dump-schedules",
    cl::desc("Write random schedule k of every function to FILE<k>.json "
             "(k = 1..N), for c2cuda --schedule"),
    cl::value_desc("FILE.json"), cl::cat(Category));

static cl::opt<bool> PrintLaunches(
    "print-launches",
    cl::desc("After each CHECK line, print the kernels the first trial "
             "launched, in order: LAUNCHES <fn> <kernel>..."),
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

/// FNV-1a: a hash of a name that is the same on every platform, so that
/// a schedule seed draws the same schedules everywhere.
static uint64_t nameHash(const std::string &S) {
  uint64_t H = 0xcbf29ce484222325ULL;
  for (unsigned char C : S)
    H = (H ^ C) * 0x100000001b3ULL;
  return H;
}

/// The generator of random schedule K of function Fn.
static std::mt19937_64 scheduleRng(const std::string &Fn, unsigned K) {
  std::seed_seq Seq{static_cast<uint32_t>(ScheduleSeed),
                    static_cast<uint32_t>(ScheduleSeed >> 32),
                    static_cast<uint32_t>(nameHash(Fn)),
                    static_cast<uint32_t>(nameHash(Fn) >> 32), K};
  return std::mt19937_64(Seq);
}

/// Where --dump-schedules writes schedule K: FILE.json -> FILE<K>.json.
static std::string dumpPath(unsigned K) {
  llvm::StringRef P(DumpSchedules);
  if (P.ends_with(".json"))
    return (P.drop_back(5) + std::to_string(K) + ".json").str();
  return (P + std::to_string(K)).str();
}

/// Applies --schedule to M's functions (lib/schedule); false after an
/// error.
static bool applyScheduleFile(Module &M, DiagnosticList &Diags) {
  return applyScheduleFile(M, SchedulePath, InputFile, Diags);
}

/// One lowering to check: the function (with its schedules applied) and
/// what the pipeline made of it (LF.Source points at F: not copyable).
struct Candidate {
  Candidate() = default;
  Candidate(const Candidate &) = delete;
  Candidate &operator=(const Candidate &) = delete;
  std::string Name; ///< "default" or the random schedule's number.
  Function F;
  LoweredFunction LF;
  std::string Refusal; ///< The pipeline's first error, if it refused.
};

/// Runs the checks of one lowering and prints its CHECK line; true if it
/// failed.
static bool check(const Candidate &C, bool Named,
                  const std::map<std::string, double> &Scalars,
                  const std::map<std::string, int64_t> &Held) {
  llvm::outs() << "CHECK " << C.F.Name << " ";
  if (!C.Refusal.empty()) {
    std::string Message = C.Refusal;
    std::replace(Message.begin(), Message.end(), '\n', ' ');
    llvm::outs() << "REFUSED sched=" << C.Name << " " << Message << "\n";
    return false;
  }
  const char *Status = "PASS";
  std::string Message = overCopy(C.F, C.LF, Scalars, Held);
  double Worst = 0;
  std::vector<std::string> Launched; // The first trial's kernels.
  if (!Message.empty())
    Status = "FAIL";
  for (unsigned T = 0; T < Trials && Message.empty(); ++T) {
    exec::CheckConfig Cfg;
    Cfg.Scalars = Scalars;
    Cfg.Seed = Seed + T;
    Cfg.Order =
        T % 2 ? exec::ThreadOrder::Reverse : exec::ThreadOrder::Shuffled;
    Cfg.Tol = Tol;
    exec::CheckResult R = exec::checkLowering(C.F, C.LF, Cfg);
    Worst = std::max(Worst, R.MaxRelL2);
    if (T == 0)
      Launched = R.KernelsRun;
    if (R.St == exec::CheckResult::Status::Pass)
      continue;
    Status = R.St == exec::CheckResult::Status::Fail ? "FAIL" : "UNSUPPORTED";
    Message = R.Message + " (seed " + std::to_string(Cfg.Seed) + ")";
  }
  llvm::outs() << Status;
  if (Named)
    llvm::outs() << " sched=" << C.Name;
  llvm::outs() << " maxRelL2=" << llvm::format("%.3g", Worst);
  if (!Message.empty()) {
    // One line per check: the harness reads them.
    std::replace(Message.begin(), Message.end(), '\n', ' ');
    llvm::outs() << " " << Message;
  }
  llvm::outs() << "\n";
  if (PrintLaunches) {
    llvm::outs() << "LAUNCHES " << C.F.Name;
    for (const std::string &K : Launched)
      llvm::outs() << " " << K;
    llvm::outs() << "\n";
  }
  return Status[0] == 'F';
}

/// F under random schedule K of Space, applied as c2cuda --schedule applies
/// a file: through its JSON form (so that the dumped file means exactly
/// what was checked) and withSchedules, into C. Adds the nests' JSON to Dump.
/// A draw that leaves every nest at the default, or repeats one in Seen
/// (the function's earlier draws), is drawn again, up to 20 times: a nest
/// without mapped loops has few schedules.
static void randomCandidate(const Function &F, const ScheduleSpace &Space,
                            unsigned K, const PipelineOptions &POpts,
                            std::set<std::string> &Seen, nlohmann::json &Dump,
                            Candidate &C) {
  C.Name = std::to_string(K);
  std::mt19937_64 Rng = scheduleRng(F.Name, K);
  std::map<unsigned, NestSchedule> Drawn;
  for (unsigned Try = 0; Try <= 20; ++Try) {
    Drawn = drawSchedules(Space, Rng, ScheduleKind::Mixed);
    bool AllDefault = std::all_of(Drawn.begin(), Drawn.end(),
                                  [](auto &N) { return N.second.isDefault(); });
    if (!AllDefault && !Seen.count(schedulesText(Drawn)))
      break;
  }
  Seen.insert(schedulesText(Drawn));
  std::string Origin =
      DumpSchedules.empty() ? "random schedule " + C.Name : dumpPath(K);
  std::map<unsigned, NestSchedule> Read;
  for (const auto &[Id, S] : Drawn) {
    nlohmann::json J = scheduleToJson(S);
    J["nest"] = Id;
    Dump[F.Name].push_back(J);
    std::string Err;
    if (!scheduleFromJson(J, Read[Id], Err)) {
      C.F = F;
      C.Refusal = Origin + ": " + F.Name + ": " + Err;
      return;
    }
    Read[Id].Origin = Origin + ": " + F.Name + "[" +
                      std::to_string(Dump[F.Name].size() - 1) + "]";
  }
  llvm::outs() << "SCHEDULE " << F.Name << " sched=" << C.Name
               << schedulesText(Read) << "\n";
  // Shown even if checking it crashes.
  llvm::outs().flush();
  DiagnosticList Diags;
  C.F = withSchedules(F, Read, Diags);
  FunctionFacts Facts;
  if (!Diags.hasErrors())
    Facts = analyzeFunction(C.F, Diags);
  if (!Diags.hasErrors())
    C.LF = runPipeline(C.F, Facts, POpts, Diags);
  for (const Diagnostic &D : Diags.all())
    if (D.Level == DiagLevel::Error) {
      // As c2cuda prints it (its first line: the hint is a note).
      std::string Text;
      llvm::raw_string_ostream OS(Text);
      printDiagnostic(OS, D);
      OS.flush();
      C.Refusal = llvm::StringRef(Text).split('\n').first.str();
      break;
    }
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
  FOpts.ResourceDir = ResourceDir;
  FOpts.addArgs(IncludeDirs, Defines, ExtraArgs);
  FOpts.Restructure.MoveLoops = !NoRestructure;

  DiagnosticList Diags;
  Module M;
  if (!parseFile(InputFile, FOpts, M, Diags) || !applyScheduleFile(M, Diags)) {
    printDiags(Diags);
    return 2;
  }

  // The options of a plain `c2cuda FILE.c`.
  PipelineOptions POpts;
  POpts.AllowReassociation = AllowReassociation;
  POpts.FastMath = FastMath;
  POpts.TileByDefault = !NoDefaultTiling;
  POpts.CheckerboardLayout = !NoCheckerboardLayout;
  POpts.TensorCores = !NoTensorCores;
  POpts.Tf32x3 = AllowTf32x3;
  POpts.FuseEpilogues = !NoFusion;
  std::string Null;
  llvm::raw_string_ostream Log(Null);

  bool Failed = false, Any = false;
  bool Named = RandomSchedules > 0;
  std::vector<nlohmann::json> Dumps(RandomSchedules + 1,
                                    nlohmann::json::object());
  for (const Function &F : M.Functions) {
    if (!OnlyFunction.empty() && F.Name != OnlyFunction)
      continue;
    Any = true;
    Candidate Default;
    Default.Name = "default";
    Default.F = F;
    FunctionFacts Facts = analyzeFunction(Default.F, Diags);
    if (Diags.hasErrors()) {
      printDiags(Diags);
      return 2;
    }
    Default.LF = runPipeline(Default.F, Facts, POpts, Diags);
    if (Diags.hasErrors()) {
      printDiags(Diags);
      return 2;
    }
    Failed |= check(Default, Named, Scalars, Held);
    if (!Named)
      continue;
    PipelineOptions Quiet = POpts;
    Quiet.Log = &Log;
    ScheduleSpace Space = probeSchedules(F, Quiet);
    std::set<std::string> Seen;
    for (unsigned K = 1; K <= RandomSchedules; ++K) {
      Candidate C;
      randomCandidate(F, Space, K, Quiet, Seen, Dumps[K], C);
      Failed |= check(C, Named, Scalars, Held);
    }
  }
  if (!Any) {
    llvm::WithColor::error(llvm::errs(), "c2cuda-check")
        << "no function with a nest to check in '" << InputFile << "'\n";
    return 2;
  }
  if (!DumpSchedules.empty())
    for (unsigned K = 1; K <= RandomSchedules; ++K) {
      std::ofstream Out(dumpPath(K));
      Out << Dumps[K].dump(1) << "\n";
      if (!Out) {
        llvm::WithColor::error(llvm::errs(), "c2cuda-check")
            << "cannot write '" << dumpPath(K) << "'\n";
        return 2;
      }
    }
  return Failed ? 1 : 0;
}
