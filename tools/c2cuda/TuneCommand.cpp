//===- TuneCommand.cpp - `c2cuda tune` ------------------------------------===//

#include "TuneCommand.h"

#include "tunegen/BundleEmitter.h"
#include "tunegen/FunctionTuning.h"
#include "tuner/Engine.h"
#include "tuner/Report.h"
#include "tuner/ResultCache.h"
#include "tuner/SearchStrategy.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <set>

using namespace llvm;

namespace c2cuda {

cl::SubCommand &tuneCommand() {
  static cl::SubCommand Cmd(
      "tune", "Search the schedule space of a nest, or of every nest of a "
              "function, on this machine's GPU: every variant is verified "
              "against the C and timed; writes the fastest with -o and "
              "explains the search with --report (docs/tuning.md)");
  return Cmd;
}

cl::OptionCategory &tuneCategory() {
  static cl::OptionCategory Cat("c2cuda tune options");
  return Cat;
}

namespace {

cl::OptionCategory &TuneCategory = tuneCategory();

cl::opt<std::string>
    KernelName("kernel",
               cl::desc("Function to tune, every nest of it in turn, or with "
                        "':N' its nest N alone (default: the only function "
                        "with a nest)"),
               cl::value_desc("name[:nest]"), cl::sub(tuneCommand()),
               cl::cat(TuneCategory));
cl::list<std::string> VerifySizes(
    "verify-size", cl::CommaSeparated,
    cl::desc("Sizes of the check against the C (default: each tuning size "
             "capped at 101, 131, 161, ... in parameter order)"),
    cl::value_desc("name=value,..."), cl::sub(tuneCommand()),
    cl::cat(TuneCategory));
cl::list<std::string> Inputs(
    "input",
    cl::desc("Draw an input array's elements from uniform(LO, HI), "
             "normal(MEAN, SD) or constant(V) instead of the default (floating "
             "types uniform in [-1, 1), integers 0 to 7); repeat for more "
             "arrays"),
    cl::value_desc("name=distribution"), cl::sub(tuneCommand()),
    cl::cat(TuneCategory));
cl::opt<std::string>
    Strategy("strategy",
             cl::desc("exhaustive, random, model (cost model, then local "
                      "search; the default), anneal (simulated annealing) or "
                      "bayes (Gaussian-process Bayesian optimization)"),
             cl::init("model"), cl::sub(tuneCommand()), cl::cat(TuneCategory));
cl::opt<std::string>
    BudgetText("budget",
               cl::desc("Evaluations (200) or wall time (90s, 10m, 1h); "
                        "default: all for exhaustive, else 10% of the space"),
               cl::sub(tuneCommand()), cl::cat(TuneCategory));
cl::opt<unsigned long long> Seed("seed",
                                 cl::desc("Seed of the search and of the "
                                          "inputs (default 1)"),
                                 cl::init(1), cl::sub(tuneCommand()),
                                 cl::cat(TuneCategory));
cl::list<unsigned> Gpus("gpus", cl::CommaSeparated,
                        cl::desc("GPUs to run variants on, one worker each "
                                 "(default: 0)"),
                        cl::value_desc("0,1,..."), cl::sub(tuneCommand()),
                        cl::cat(TuneCategory));
cl::opt<unsigned> Jobs("j", cl::desc("Parallel compiles (default: every core)"),
                       cl::init(0), cl::sub(tuneCommand()),
                       cl::cat(TuneCategory));
cl::opt<std::string> ReportDir(
    "report", cl::desc("Write report.json, report.md and report.html here"),
    cl::value_desc("dir"), cl::sub(tuneCommand()), cl::cat(TuneCategory));
cl::opt<std::string> EmitBundle(
    "emit-bundle",
    cl::desc("Write the tuning bundle to <dir> and stop; run it with "
             "`c2cuda-tune <dir>` on a GPU machine, then bring the directory "
             "back and use --results"),
    cl::value_desc("dir"), cl::sub(tuneCommand()), cl::cat(TuneCategory));
cl::opt<std::string> ResultsDir(
    "results",
    cl::desc("Merge the results of a bundle run elsewhere (its cache.jsonl) "
             "into the cache, then report and write -o without a GPU"),
    cl::value_desc("bundle dir"), cl::sub(tuneCommand()),
    cl::cat(TuneCategory));
cl::opt<std::string> BundleDir(
    "bundle-dir",
    cl::desc("Where a local run keeps its bundle and builds (default: "
             "<report>/bundle, else a new temporary directory)"),
    cl::value_desc("dir"), cl::sub(tuneCommand()), cl::cat(TuneCategory));
cl::opt<std::string> CachePath("cache",
                               cl::desc("Result cache (JSON lines; default: "
                                        "~/.cache/c2cuda/tune-cache.jsonl)"),
                               cl::value_desc("file"), cl::sub(tuneCommand()),
                               cl::cat(TuneCategory));
cl::opt<unsigned> Reps("reps", cl::desc("Timed runs per variant (default 20)"),
                       cl::init(20), cl::sub(tuneCommand()),
                       cl::cat(TuneCategory));
cl::opt<unsigned> Warmup("warmup", cl::desc("Untimed runs first (default 3)"),
                         cl::init(3), cl::sub(tuneCommand()),
                         cl::cat(TuneCategory));
cl::opt<double> Timeout("timeout",
                        cl::desc("Seconds a variant's run may take before it "
                                 "is killed and marked failed (default 60)"),
                        cl::init(60), cl::sub(tuneCommand()),
                        cl::cat(TuneCategory));
cl::opt<bool> NoNcu("no-ncu",
                    cl::desc("Do not profile the best and default variants "
                             "with Nsight Compute"),
                    cl::sub(tuneCommand()), cl::cat(TuneCategory));
cl::opt<std::string> Nvcc("nvcc", cl::desc("nvcc to compile variants with"),
                          cl::value_desc("path"), cl::sub(tuneCommand()),
                          cl::cat(TuneCategory));
cl::opt<bool> PlantFaults(
    "plant-faults",
    cl::desc("Add two broken variants (an out-of-bounds store, a kernel "
             "that never ends) to test that failures are recorded"),
    cl::Hidden, cl::sub(tuneCommand()), cl::cat(TuneCategory));

bool parseSizes(const std::vector<std::string> &List, ScalarValues &Out,
                const char *Flag) {
  for (const std::string &S : List) {
    auto [Name, Value] = StringRef(S).split('=');
    long long V;
    if (Name.empty() || Value.getAsInteger(10, V)) {
      WithColor::error(errs(), "c2cuda")
          << Flag << " expects name=integer, got '" << S << "'\n";
      return false;
    }
    // The harness allocates and loops by these values.
    if (V < 0) {
      WithColor::error(errs(), "c2cuda")
          << Flag << " expects a non-negative size, got '" << S << "'\n";
      return false;
    }
    Out[Name.str()] = V;
  }
  return true;
}

/// Each --size occurrence's values, one set each. Occurrences that name
/// no parameter twice between them are one set (`--size M=64 --size
/// N=64` as `--size M=64,N=64`).
bool parseSizeSets(const std::vector<std::vector<std::string>> &Given,
                   std::vector<ScalarValues> &Out) {
  std::set<std::string> Named;
  bool Repeats = false;
  for (const std::vector<std::string> &Set : Given) {
    ScalarValues Sizes;
    if (!parseSizes(Set, Sizes, "--size"))
      return false;
    for (const auto &[Name, Value] : Sizes)
      Repeats |= !Named.insert(Name).second;
    Out.push_back(std::move(Sizes));
  }
  if (!Repeats && Out.size() > 1) {
    ScalarValues All;
    for (const ScalarValues &Set : Out)
      All.insert(Set.begin(), Set.end());
    Out = {All};
  }
  if (Out.empty())
    Out.emplace_back();
  return true;
}

std::string sizesText(const ScalarValues &Sizes) {
  std::string S;
  for (const auto &[Name, Value] : Sizes)
    S += (S.empty() ? "" : ",") + Name + "=" + std::to_string(Value);
  return S;
}

/// R's sizes name each of F's integer parameters and nothing else (errors
/// in Diags otherwise); the check's sizes default to each size capped at
/// 101, 131, ... in parameter order.
bool checkSizes(const Function &F, const std::vector<std::string> &IntParams,
                bool SeveralSets, TuneRequest &R, DiagnosticList &Diags) {
  std::string Missing;
  for (size_t Index = 0; Index < IntParams.size(); ++Index) {
    const std::string &Name = IntParams[Index];
    auto It = R.Sizes.find(Name);
    if (It == R.Sizes.end()) {
      Missing += (Missing.empty() ? "" : ", ") + Name;
      continue;
    }
    if (!R.VerifySizes.count(Name))
      R.VerifySizes[Name] =
          std::min<int64_t>(It->second, 101 + 30 * (int64_t)Index);
  }
  // A name that is no parameter is a typo (k for K): say so rather than
  // tune a size the user did not mean.
  std::set<std::string> Unknown;
  for (const ScalarValues *Given : {&R.Sizes, &R.VerifySizes})
    for (const auto &[Name, Value] : *Given)
      if (!llvm::is_contained(IntParams, Name))
        Unknown.insert("'" + Name + "'");
  if (!Unknown.empty()) {
    Diags.error(F.Loc,
                "'" + F.Name + "' has no integer parameter " +
                    llvm::join(Unknown, ", "),
                IntParams.empty() ? "it takes no size"
                                  : "its integer parameters are " +
                                        llvm::join(IntParams, ", "));
    return false;
  }
  if (!Missing.empty()) {
    std::string Example =
        "--size " + Missing.substr(0, Missing.find(',')) + "=4096";
    Diags.error(F.Loc,
                "tuning '" + F.Name + "' needs a size for " + Missing +
                    (SeveralSets ? " in --size " + sizesText(R.Sizes) : ""),
                SeveralSets
                    ? "with several --size sets, give each set every "
                      "integer parameter"
                    : "give every integer parameter a value, e.g. " + Example);
    return false;
  }
  return true;
}

/// Merges the cache of the bundle run elsewhere in Dir (read into Theirs)
/// into Cache, after checking that it is P's bundle.
bool mergeResults(const std::string &Dir, const PreparedBundle &P,
                  const std::string &Cache, tuner::Bundle &Theirs,
                  std::string &Err) {
  if (!tuner::readBundle(Dir, Theirs, Err))
    return false;
  if (Theirs.SourceSha256 != P.B.SourceSha256 ||
      Theirs.Function != P.B.Function || Theirs.Nest != P.B.Nest ||
      Theirs.Sizes != P.B.Sizes) {
    Err = "'" + Dir +
          "' is the bundle of another source, nest or size than this "
          "command's";
    return false;
  }
  SmallString<256> TheirCache(Dir);
  sys::path::append(TheirCache, "cache.jsonl");
  size_t Added = 0;
  std::vector<std::string> Notes;
  if (!tuner::mergeCacheFile(TheirCache.str().str(), Cache, Added, Notes, Err))
    return false;
  for (const std::string &N : Notes)
    errs() << "c2cuda tune: note: " << N << "\n";
  errs() << "c2cuda tune: merged " << Added << " new result(s) from "
         << TheirCache << " into " << Cache << "\n";
  return true;
}

/// The schedule to write for the winner E: null when the default won, so
/// that the code written is the default's as measured (its schedule as
/// clauses would lose the smaller tiles it picks for small problems).
nlohmann::json winningSchedule(const tuner::Evaluation &E) {
  return E.Role == "default" ? nlohmann::json() : E.Schedule;
}

/// The best variant's drop-in .cu with its header comment; empty after
/// errors (also when nothing verified).
std::string bestVariantText(const TuneRequest &R, const tuner::Bundle &B,
                            const tuner::TuningRun &Run, const std::string &Out,
                            std::string &Said, DiagnosticList &Diags) {
  if (Run.Best < 0) {
    WithColor::error(errs(), "c2cuda tune")
        << "no variant passed verification; '" << Out << "' not written\n";
    return "";
  }
  const tuner::Evaluation &Best = Run.Results[Run.Best];
  std::string Cuda = emitWithSchedule(R, winningSchedule(Best), Diags);
  if (Cuda.empty())
    return "";
  Said = "best variant (" + Best.VariantId + ") written to " + Out;
  return tuner::bestHeaderComment(B, Run) + Cuda;
}

/// The .cu whose entries run, per call, the winner of the nearest size set
/// (codegen/SizeDispatchPrinter.h), with each set's header comment; empty
/// after errors. A set whose run verified nothing has no class: its sizes
/// run whichever class applies, else the default.
std::string sizeDispatchText(const std::vector<TuneRequest> &Requests,
                             const std::vector<PreparedBundle> &Prepared,
                             const std::vector<tuner::TuningRun> &Runs,
                             const std::vector<std::string> &Labels,
                             const std::string &Out, std::string &Said,
                             DiagnosticList &Diags) {
  std::vector<TunedSize> Tuned;
  std::string Header, Chosen;
  for (size_t I = 0; I < Requests.size(); ++I) {
    Header += tuner::bestHeaderComment(Prepared[I].B, Runs[I]);
    if (Runs[I].Best < 0) {
      errs() << "c2cuda tune: warning: at " << Labels[I]
             << " no variant passed verification; calls of that size run "
                "another set's winner or the default\n";
      continue;
    }
    const tuner::Evaluation &Best = Runs[I].Results[Runs[I].Best];
    Tuned.push_back({Requests[I].Sizes, winningSchedule(Best)});
    Chosen += (Chosen.empty() ? "" : ", ") + Labels[I] + ": " + Best.VariantId;
  }
  if (Tuned.empty()) {
    WithColor::error(errs(), "c2cuda tune")
        << "no variant passed verification at any size; '" << Out
        << "' not written\n";
    return "";
  }
  if (llvm::all_of(Tuned,
                   [](const TunedSize &T) { return T.Schedule.is_null(); })) {
    // Nothing to choose between.
    std::string Cuda = emitWithSchedule(Requests[0], nullptr, Diags);
    if (Cuda.empty())
      return "";
    Said = "the default schedule won at every size; written to " + Out;
    return Header + Cuda;
  }
  std::string Cuda = emitWithSizeDispatch(Requests[0], Tuned, Diags);
  if (Cuda.empty())
    return "";
  std::vector<std::string> Sets;
  for (const TunedSize &T : Tuned)
    Sets.push_back(sizesText(T.Sizes));
  const std::string &Fn = Requests[0].Function;
  Header = "/*\n * " + Fn + " and " + Fn +
           "_device run, per call, the schedule tuned at the nearest of " +
           llvm::join(Sets, "; ") +
           " within a factor of 2 of every size, else the default "
           "schedule.\n */\n" +
           Header;
  Said = "best variants (" + Chosen + ") written to " + Out +
         ", chosen per call by size";
  return Header + Cuda;
}

/// Where a local run keeps its bundles: --bundle-dir, else <report>/bundle,
/// else a new temporary directory (its path also in OwnDir, for removal);
/// "" with Err.
std::string bundleRoot(std::string &OwnDir, std::string &Err) {
  if (!BundleDir.empty())
    return BundleDir;
  if (!ReportDir.empty()) {
    SmallString<256> D(ReportDir);
    sys::path::append(D, "bundle");
    return D.str().str();
  }
  SmallString<256> D;
  if (std::error_code EC = sys::fs::createUniqueDirectory("c2cuda-tune", D)) {
    Err = "cannot create a bundle directory: " + EC.message();
    return "";
  }
  return OwnDir = D.str().str();
}

/// The note after "no GPU to tune on", with this command's own text.
void noGpuNote(const std::string &Again, bool BundlesWork) {
  if (BundlesWork)
    errs() << "c2cuda tune: note: to tune on another machine, write a "
              "bundle here (`"
           << Again << " --emit-bundle DIR`), run `c2cuda-tune DIR` on the "
           << "GPU machine, then bring DIR back (`" << Again
           << " --results DIR`)\n";
  else
    errs() << "c2cuda tune: note: to tune every nest, run `" << Again
           << "` on a GPU machine (scripts/static-c2cuda.sh builds c2cuda "
              "for one without LLVM), or tune one nest here with "
              "--kernel NAME:NEST and --emit-bundle\n";
}

std::string defaultCache() {
  SmallString<256> P;
  if (!sys::path::cache_directory(P))
    P = ".";
  sys::path::append(P, "c2cuda", "tune-cache.jsonl");
  return P.str().str();
}

/// The engine's settings from the command line; EO.CachePath is the result
/// cache's path (its directory created); false with Err.
bool engineOptions(bool CacheOnly, tuner::EngineOptions &EO, std::string &Err) {
  EO.CachePath = CachePath.empty() ? defaultCache() : CachePath.getValue();
  // A bare file name ("cache.jsonl") has no directory to create.
  if (StringRef CacheDir = sys::path::parent_path(EO.CachePath);
      !CacheDir.empty())
    if (std::error_code EC = sys::fs::create_directories(CacheDir)) {
      Err = "cannot create the cache's directory: " + EC.message();
      return false;
    }
  EO.Strategy = Strategy;
  EO.Budget = BudgetText.getValue();
  EO.Seed = Seed.getValue();
  EO.Gpus.assign(Gpus.begin(), Gpus.end());
  if (EO.Gpus.empty())
    EO.Gpus = {0};
  EO.Jobs = Jobs;
  EO.Nvcc = Nvcc;
  EO.Ncu = !NoNcu;
  EO.Progress = &errs();
  EO.ProgressIsTerminal = errs().is_displayed();
  EO.CacheOnly = CacheOnly;
  return true;
}

/// "c2cuda tune: F nest N[ at LABEL], SHAPE space: ..." for a bundle.
void describeSpace(const std::string &Fn, unsigned Nest,
                   const std::string &Stage, const PreparedBundle &P) {
  size_t Candidates = 0;
  for (const tuner::Variant &V : P.B.Variants)
    Candidates += V.Role == "candidate";
  errs() << "c2cuda tune: " << Fn << " nest " << Nest << Stage << ", "
         << P.Shape << " space: " << P.Enumerated << " schedules, "
         << Candidates << " candidates";
  for (auto &[Why, N] : P.Refused)
    errs() << "; " << N << " refused (" << Why << ")";
  for (auto &[Why, N] : P.Pruned)
    errs() << "; " << N << " pruned (" << Why << ")";
  errs() << "\n";
}

std::string joinNests(const std::vector<unsigned> &Nests) {
  std::vector<std::string> Names;
  for (unsigned N : Nests)
    Names.push_back(std::to_string(N));
  return llvm::join(Names, ", ");
}

/// The -o file's header comment: the function's time and each nest's
/// stage.
std::string functionHeaderComment(const nlohmann::json &Summary,
                                  const FunctionTuning &T) {
  std::string Text;
  raw_string_ostream OS(Text);
  std::string Gpu;
  for (const NestStage &S : T.Stages)
    if (S.Skipped.empty() && Gpu.empty())
      Gpu = S.Run.Gpu.Name;
  OS << "/*\n * c2cuda tune: every nest of "
     << Summary["function"].get<std::string>() << " tuned, one after another"
     << (Gpu.empty() ? "" : ", on " + Gpu) << ".\n";
  for (const nlohmann::json &S : Summary["stages"]) {
    OS << " * nest " << S["nest"].get<unsigned>() << ": ";
    if (S.contains("skipped"))
      OS << "not tuned (" << S["skipped"].get<std::string>() << ")";
    else if (S["schedule"].is_null())
      OS << "kept the default schedule";
    else
      OS << S["winner"].get<std::string>() << ", " << S["schedule"].dump();
    if (S.contains("incumbent_ms") && !S["incumbent_ms"].is_null() &&
        !S["best_ms"].is_null())
      OS << format(" (function %.4f -> %.4f ms)",
                   S["incumbent_ms"].get<double>(), S["best_ms"].get<double>());
    OS << "\n";
  }
  if (!Summary["tuned_ms"].is_null() && !Summary["default_ms"].is_null())
    OS << format(" * Function: %.4f ms tuned, %.4f ms with the default "
                 "schedule (%.2fx, the stages' gains multiplied).\n",
                 Summary["tuned_ms"].get<double>(),
                 Summary["default_ms"].get<double>(),
                 Summary["speedup_over_default"].get<double>());
  OS << " */\n";
  OS.flush();
  return Text;
}

/// `c2cuda tune` of every nest of the function (FunctionTuning.h): each
/// stage's bundle in <bundle root>/nestN, its report in <report>/nestN, the
/// function's summary in <report>/function-report.{md,json}, one -o file
/// with every nest's winner. The exit code.
int runWholeFunction(const std::vector<TuneRequest> &Requests,
                     const std::vector<unsigned> &Nests, const TuneContext &Ctx,
                     const std::string &Again, DiagnosticList &Diags) {
  auto Fail = [](const Twine &Msg) {
    WithColor::error(errs(), "c2cuda tune") << Msg << "\n";
    return 1;
  };
  const TuneRequest &R = Requests[0];
  const std::string &Fn = R.Function;
  std::string Has = "'" + Fn + "' has " + std::to_string(Nests.size()) +
                    " nests (" + joinNests(Nests) + ")";
  if (Requests.size() > 1)
    return Fail(Has +
                ": tuning every nest takes one --size set; name one "
                "nest with --kernel " +
                Fn + ":N to tune it at several sizes");
  if (!EmitBundle.empty() || !ResultsDir.empty())
    return Fail(
        std::string(EmitBundle.empty() ? "--results" : "--emit-bundle") + ": " +
        Has +
        ", each tuned around the winners of the nests before it, so "
        "their bundles are made one at a time where the GPU is; run `" +
        Again +
        "` there (scripts/static-c2cuda.sh builds c2cuda for a "
        "machine without LLVM), or name one nest with --kernel " +
        Fn + ":N");
  std::string Err;
  tuner::EngineOptions EO;
  if (!engineOptions(false, EO, Err))
    return Fail(Err);
  // A winner replaces the incumbent for every later stage: a margin of
  // noise would be carried into all of them.
  EO.ConfirmRuns = 3;
  std::string OwnDir;
  auto RemoveOwnDir = llvm::make_scope_exit([&] {
    if (!OwnDir.empty())
      (void)sys::fs::remove_directories(OwnDir); // best effort
  });
  std::string Root = bundleRoot(OwnDir, Err);
  if (Root.empty())
    return Fail(Err);
  auto Below = [](const std::string &Dir, unsigned Nest) {
    SmallString<256> D(Dir);
    sys::path::append(D, "nest" + std::to_string(Nest));
    return D.str().str();
  };
  errs() << "c2cuda tune: " << Has
         << ", tuned one after another, each with the nests before it at "
            "their winners\n";

  size_t StageNo = 0;
  bool NoGpu = false;
  StageRunner Run = [&](NestStage &S, std::string &E) {
    describeSpace(Fn, S.Nest,
                  " (" + std::to_string(++StageNo) + " of " +
                      std::to_string(Nests.size()) + ")",
                  S.P);
    if (!tuner::makeStrategy(Strategy, S.P.B, Seed, E))
      return false;
    std::string Dir = Below(Root, S.Nest);
    if (!writeBundleDir(Dir, S.P, E))
      return false;
    S.Run = tuner::runTuning(S.P.B, Dir, EO, E);
    if (S.Run.NoGpu) {
      NoGpu = true;
      return false;
    }
    if (!E.empty() && tuner::stopFlag().load()) {
      // Stopped before the sweep began (building the shared objects): the
      // stages before it still make a report.
      E.clear();
      S.Run.Interrupted = S.Run.Stopped = true;
    }
    if (!E.empty())
      return false;
    if (!ReportDir.empty()) {
      std::string To = Below(ReportDir, S.Nest);
      if (!tuner::writeReport(To, S.P.B, S.Run, E))
        return false;
      errs() << "c2cuda tune: report in " << To << "/report.{md,html,json}\n";
    }
    return true;
  };
  FunctionTuning T;
  if (!tuneFunction(R, Nests, Run, T, Diags, Err)) {
    if (Diags.hasErrors())
      return 1;
    Fail((NoGpu ? "no GPU to tune on: " : "") + Err);
    if (NoGpu)
      noGpuNote(Again, /*BundlesWork=*/false);
    return 1;
  }
  for (const NestStage &S : T.Stages)
    if (!S.Skipped.empty())
      WithColor::warning(errs(), "c2cuda tune")
          << "nest " << S.Nest << " not tuned: " << S.Skipped << "\n";

  nlohmann::json Summary = functionTuningJson(R, T);
  if (!ReportDir.empty()) {
    for (auto &[Name, Text] :
         {std::pair<std::string, std::string>{"function-report.json",
                                              Summary.dump(2) + "\n"},
          {"function-report.md", functionTuningMarkdown(Summary)}}) {
      SmallString<256> Path(ReportDir);
      sys::path::append(Path, Name);
      if (llvm::Error E = writeToOutput(Path, [&](raw_ostream &OS) {
            OS << Text;
            return llvm::Error::success();
          }))
        return Fail("cannot write '" + Path + "': " + toString(std::move(E)));
    }
    errs() << "c2cuda tune: function report in " << ReportDir
           << "/function-report.{md,json}\n";
  }
  errs() << "c2cuda tune: " << Fn << ": " << functionTuningHeadline(Summary)
         << "\n";
  if (T.Interrupted) {
    if (!Ctx.OutputFile.empty())
      errs() << "c2cuda tune: stopped before every nest was tuned; '"
             << Ctx.OutputFile << "' not written\n";
    return 130;
  }
  if (!Ctx.OutputFile.empty()) {
    if (Summary["tuned_ms"].is_null())
      return Fail("no variant of any nest passed verification; '" +
                  Ctx.OutputFile + "' not written");
    TuneRequest Out = R;
    Out.OtherNests = T.Winners;
    std::string Cuda = emitWithSchedule(Out, nullptr, Diags);
    if (Cuda.empty())
      return 1;
    if (llvm::Error E = writeToOutput(Ctx.OutputFile, [&](raw_ostream &OS) {
          OS << functionHeaderComment(Summary, T) << Cuda;
          return llvm::Error::success();
        }))
      return Fail("cannot write '" + Ctx.OutputFile +
                  "': " + toString(std::move(E)));
    errs() << "c2cuda tune: every nest's winner written to " << Ctx.OutputFile
           << "\n";
  }
  return 0;
}

} // namespace

int runTuneCommand(const Module &M, const TuneContext &Ctx,
                   DiagnosticList &Diags) {
  auto Fail = [](const Twine &Msg) {
    WithColor::error(errs(), "c2cuda tune") << Msg << "\n";
    return 1;
  };
  // Settings no run can use are refused before anything is written: a
  // bundle carrying them would fail only on the GPU machine.
  if (!(Timeout > 0) || !std::isfinite(Timeout))
    return Fail("--timeout expects a positive number of seconds");
  if (Reps == 0)
    return Fail("--reps expects at least 1 timed run");
  if (Jobs.getNumOccurrences() && Jobs == 0)
    return Fail("-j expects at least 1 compile job (leave it out to use "
                "every core)");
  if (M.Functions.empty())
    return Fail("no nest to tune in '" + Ctx.InputFile +
                "': mark a loop nest with '#pragma c2cuda kernel'");
  // Which function and nest.
  std::string Fn = KernelName;
  unsigned Nest = 0;
  if (size_t Colon = Fn.find(':'); Colon != std::string::npos) {
    if (StringRef(Fn).substr(Colon + 1).getAsInteger(10, Nest))
      return Fail("--kernel expects name or name:nest, got '" + Fn + "'");
    Fn = Fn.substr(0, Colon);
  }
  if (Fn.empty()) {
    if (M.Functions.size() != 1) {
      std::string Names;
      for (const Function &F : M.Functions)
        Names += (Names.empty() ? "" : ", ") + F.Name;
      return Fail("'" + Ctx.InputFile + "' has nests in several functions (" +
                  Names + "); choose one with --kernel");
    }
    Fn = M.Functions.front().Name;
  }
  const Function *F = nullptr;
  for (const Function &G : M.Functions)
    if (G.Name == Fn)
      F = &G;
  if (!F)
    return Fail("no function '" + Fn + "' with a nest in '" + Ctx.InputFile +
                "'");

  TuneRequest R;
  R.M = &M;
  R.SourcePath = Ctx.InputFile;
  auto Buf = MemoryBuffer::getFile(Ctx.InputFile);
  if (!Buf)
    return Fail("cannot read '" + Ctx.InputFile + "'");
  R.SourceContents = (*Buf)->getBuffer().str();
  R.Function = Fn;
  R.Nest = Nest;
  std::vector<ScalarValues> Sets;
  if (!parseSizeSets(Ctx.SizeSets, Sets) ||
      !parseSizes(VerifySizes, R.VerifySizes, "--verify-size"))
    return 1;
  std::vector<std::string> Arrays;
  for (const Param &P : F->Params)
    if (P.isArray())
      Arrays.push_back(P.Name);
  for (const std::string &Spec : Inputs) {
    std::string Name, Err;
    InputDistribution D;
    if (!parseInputSpec(Spec, Name, D, Err))
      return Fail("--input " + Spec + ": " + Err);
    if (!llvm::is_contained(Arrays, Name))
      return Fail("--input " + Spec + ": '" + F->Name +
                  "' has no array parameter '" + Name + "'" +
                  (Arrays.empty()
                       ? std::string()
                       : " (its arrays are " + llvm::join(Arrays, ", ") + ")"));
    if (!R.Inputs.emplace(Name, D).second)
      return Fail("--input " + Spec + ": '" + Name + "' is given twice");
  }
  if (Sets.size() > 1 && F->usesGlobals())
    return Fail("several --size sets: '" + F->Name +
                "' uses global arrays, and its lowerings for each size "
                "would define them each; tune one size at a time");
  R.AllowReassociation = Ctx.AllowReassociation;
  R.FastMath = Ctx.FastMath;
  R.Tf32x3 = Ctx.Tf32x3;
  R.PlantFaults = PlantFaults;
  R.Timing.Warmup = Warmup;
  R.Timing.Reps = Reps;
  R.TimeoutSeconds = Timeout;
  R.Strategy = Strategy;
  R.Budget = BudgetText;
  R.Seed = Seed;
  // Every integer parameter needs a value in every set: the harness
  // allocates from them.
  std::vector<std::string> IntParams = sizeParameters(*F);
  std::vector<TuneRequest> Requests;
  for (const ScalarValues &Sizes : Sets) {
    TuneRequest RS = R;
    RS.Sizes = Sizes;
    if (!checkSizes(*F, IntParams, Sets.size() > 1, RS, Diags))
      return 1;
    Requests.push_back(std::move(RS));
  }

  // A bad --strategy or --budget is refused here, before anything is
  // written: a bundle carrying it would fail only on the GPU machine.
  std::string Err;
  tuner::Budget Bud;
  if (!tuner::parseBudget(BudgetText, Bud, Err))
    return Fail(Err);

  // This command's file, sizes and the options that change the code or
  // the inputs (a bundle's results are found again by them), for the hints.
  std::string Again = "c2cuda tune " + Ctx.InputFile;
  if (!KernelName.empty())
    Again += " --kernel " + KernelName;
  for (const TuneRequest &RS : Requests)
    Again += " --size " + sizesText(RS.Sizes);
  if (!VerifySizes.empty())
    Again += " --verify-size " + sizesText(R.VerifySizes);
  for (const auto &[Array, D] : R.Inputs)
    Again += " --input '" + Array + "=" + D.str() + "'";
  if (Ctx.AllowReassociation)
    Again += " --allow-reassociation";
  if (Ctx.FastMath)
    Again += " --fast-math";
  if (Ctx.Tf32x3)
    Again += " --allow-tf32x3";
  // Several nests and no ':N': every nest, one after another.
  if (KernelName.find(':') == std::string::npos) {
    DiagnosticList NestDiags;
    std::vector<unsigned> Nests = tunableNests(R, NestDiags);
    if (NestDiags.hasErrors()) {
      for (Diagnostic &D : NestDiags.all())
        Diags.add(std::move(D));
      return 1;
    }
    if (Nests.size() > 1)
      return runWholeFunction(Requests, Nests, Ctx, Again, Diags);
  }

  // One bundle per size set; with several, each in a directory named by
  // its sizes below the one given.
  std::vector<PreparedBundle> Prepared(Requests.size());
  std::vector<std::string> Labels;
  for (size_t I = 0; I < Requests.size(); ++I) {
    PreparedBundle &P = Prepared[I];
    // The mapping's remarks are the same at every size: once.
    DiagnosticList SetDiags;
    bool Ok = prepareBundle(Requests[I], P, SetDiags);
    for (Diagnostic &D : SetDiags.all())
      if (I == 0 || D.Level != DiagLevel::Remark)
        Diags.add(std::move(D));
    if (!Ok)
      return 1;
    if (!tuner::makeStrategy(Strategy, P.B, Seed, Err))
      return Fail(Err);
    Labels.push_back(Requests.size() > 1 ? sizeSetLabel(*F, Requests[I].Sizes)
                                         : std::string());
    describeSpace(Fn, Nest, Labels.back().empty() ? "" : " at " + Labels.back(),
                  P);
  }
  auto Below = [&](const std::string &Dir, size_t I) {
    if (Labels[I].empty())
      return Dir;
    SmallString<256> D(Dir);
    sys::path::append(D, Labels[I]);
    return D.str().str();
  };

  if (!EmitBundle.empty()) {
    std::string Dirs;
    for (size_t I = 0; I < Prepared.size(); ++I) {
      std::string Dir = Below(EmitBundle, I);
      if (!writeBundleDir(Dir, Prepared[I], Err))
        return Fail(Err);
      Dirs += " " + Dir;
    }
    errs() << "c2cuda tune: bundle" << (Prepared.size() > 1 ? "s" : "")
           << " written to" << Dirs << "; on a GPU machine run `c2cuda-tune"
           << Dirs << "`, then here `" << Again << " --results " << EmitBundle
           << "`\n";
    return 0;
  }

  tuner::EngineOptions EO;
  if (!engineOptions(!ResultsDir.empty(), EO, Err))
    return Fail(Err);
  const std::string &Cache = EO.CachePath;

  std::string Root;
  // A bundle directory of our own making (no --bundle-dir or --report) is
  // removed when the command ends: the results are in the cache.
  std::string OwnDir;
  auto RemoveOwnDir = llvm::make_scope_exit([&] {
    if (!OwnDir.empty())
      (void)sys::fs::remove_directories(OwnDir); // best effort
  });
  Root = ResultsDir.empty() ? bundleRoot(OwnDir, Err) : ResultsDir.getValue();
  if (Root.empty())
    return Fail(Err);

  std::vector<tuner::TuningRun> Runs(Prepared.size());
  for (size_t I = 0; I < Prepared.size(); ++I) {
    const PreparedBundle &P = Prepared[I];
    std::string Dir = Below(Root, I);
    tuner::EngineOptions SetEO = EO;
    if (!ResultsDir.empty()) {
      // Results from elsewhere: merge them, then replay the search from
      // the cache alone (nothing is compiled or run), as that bundle's
      // strategy, budget and seed ran it unless given here.
      tuner::Bundle Theirs;
      if (!mergeResults(Dir, P, Cache, Theirs, Err))
        return Fail(Err);
      if (!Strategy.getNumOccurrences())
        SetEO.Strategy = Theirs.Strategy;
      if (!BudgetText.getNumOccurrences())
        SetEO.Budget = Theirs.Budget;
      if (!Seed.getNumOccurrences())
        SetEO.Seed = Theirs.Seed;
    } else if (!writeBundleDir(Dir, P, Err)) {
      return Fail(Err);
    }
    Runs[I] = tuner::runTuning(P.B, Dir, SetEO, Err);
    if (Runs[I].NoGpu) {
      Fail("no GPU to tune on: " + Err);
      noGpuNote(Again, /*BundlesWork=*/true);
      return 1;
    }
    if (!Err.empty())
      return Fail(Err);
    if (!ReportDir.empty()) {
      std::string To = Below(ReportDir, I);
      if (!tuner::writeReport(To, P.B, Runs[I], Err))
        return Fail(Err);
      errs() << "c2cuda tune: report in " << To << "/report.{md,html,json}\n";
    }
    if (Runs[I].Interrupted && I + 1 < Prepared.size()) {
      // The sets after it never ran: a file choosing among some of them
      // would be taken for the tuned one.
      if (!Ctx.OutputFile.empty())
        errs() << "c2cuda tune: stopped before every size set was tuned; '"
               << Ctx.OutputFile << "' not written\n";
      return 130;
    }
  }
  if (!Ctx.OutputFile.empty()) {
    std::string Said;
    std::string Text =
        Prepared.size() == 1
            ? bestVariantText(Requests[0], Prepared[0].B, Runs[0],
                              Ctx.OutputFile, Said, Diags)
            : sizeDispatchText(Requests, Prepared, Runs, Labels, Ctx.OutputFile,
                               Said, Diags);
    if (Text.empty())
      return 1;
    if (llvm::Error E = writeToOutput(Ctx.OutputFile, [&](raw_ostream &OS) {
          OS << Text;
          return llvm::Error::success();
        }))
      return Fail("cannot write '" + Ctx.OutputFile +
                  "': " + toString(std::move(E)));
    errs() << "c2cuda tune: " << Said << "\n";
  }
  for (const tuner::TuningRun &Run : Runs)
    if (Run.Interrupted)
      return 130;
  return 0;
}

} // namespace c2cuda
