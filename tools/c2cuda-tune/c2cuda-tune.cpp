//===- c2cuda-tune.cpp - Run a tuning bundle on this machine's GPUs -------===//
//
//   c2cuda-tune DIR... [--strategy S] [--budget B] [--seed N] [--gpus 0,1]
//               [-j N] [--cache FILE] [--nvcc PATH] [--timeout SECONDS]
//               [--report DIR] [--no-ncu] [--cache-only] [--quiet]
//   c2cuda-tune DIR --replay S [--seeds 1,2,3,4,5] [--budget N] [--batch N]
//
// DIR is a bundle written by `c2cuda tune --emit-bundle DIR` (several, as
// written for several --size sets, run one after another). Results are
// appended to DIR/cache.jsonl (or --cache) as they come, so a run that is
// killed resumes where it stopped; copy the cache back and `c2cuda tune`
// merges it. No Clang here: the binary is static and needs only nvcc.
//
// --replay runs strategy S against the results of DIR's cache (an
// exhaustive sweep's) for each seed, as the engine would with every result
// a cache hit, and says how close it came to the exhaustive best with how
// many evaluations (tuner/StrategyReplay.h). Nothing is compiled or run.
//
// Exit status: 0 done (also when a time budget ran out), 1 error, 130
// stopped by Ctrl-C / SIGTERM (what was measured is kept).
//
//===----------------------------------------------------------------------===//

#include "tuner/Bundle.h"
#include "tuner/Engine.h"
#include "tuner/Report.h"
#include "tuner/ReportTables.h"
#include "tuner/ResultCache.h"
#include "tuner/StrategyReplay.h"
#include "tuner/TuningRun.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>

using namespace llvm;
using namespace c2cuda::tuner;

static cl::OptionCategory Cat("c2cuda-tune options");
static cl::list<std::string>
    BundleDirs(cl::Positional, cl::OneOrMore,
               cl::desc("<bundle dir> (several: run one after another, e.g. "
                        "the bundles of several --size sets)"),
               cl::cat(Cat));
static cl::opt<std::string>
    StrategyOpt("strategy",
                cl::desc("exhaustive, random, model, anneal or bayes "
                         "(default: the bundle's)"),
                cl::cat(Cat));
static cl::opt<std::string>
    BudgetOpt("budget",
              cl::desc("Evaluations (200) or time (90s, 10m, 1h); default: "
                       "the bundle's"),
              cl::cat(Cat));
static cl::opt<unsigned long long>
    SeedOpt("seed", cl::desc("Search and input seed (default: the bundle's)"),
            cl::cat(Cat));
static cl::opt<std::string>
    GpusOpt("gpus", cl::desc("Comma-separated device indices (default 0)"),
            cl::init("0"), cl::cat(Cat));
static cl::opt<unsigned> JobsOpt("j",
                                 cl::desc("Parallel compiles (default: "
                                          "the cores)"),
                                 cl::init(0), cl::cat(Cat));
static cl::opt<std::string>
    CacheOpt("cache", cl::desc("Result cache (default DIR/cache.jsonl)"),
             cl::cat(Cat));
static cl::opt<std::string> NvccOpt("nvcc", cl::desc("nvcc to use"),
                                    cl::cat(Cat));
static cl::opt<double>
    TimeoutOpt("timeout",
               cl::desc("Seconds one variant may run (default: the "
                        "bundle's)"),
               cl::init(0), cl::cat(Cat));
static cl::opt<std::string> ReportOpt("report",
                                      cl::desc("Write report.{json,md,html} "
                                               "into this directory"),
                                      cl::cat(Cat));
static cl::opt<bool> NoNcu("no-ncu",
                           cl::desc("Do not profile with Nsight Compute"),
                           cl::cat(Cat));
static cl::opt<bool>
    CacheOnly("cache-only",
              cl::desc("Replay the search from the cache alone: nothing is "
                       "compiled or run (e.g. to report merged results)"),
              cl::cat(Cat));
static cl::opt<bool> Quiet("quiet", cl::desc("No progress output"),
                           cl::cat(Cat));

static cl::opt<std::string>
    ReplayOpt("replay",
              cl::desc("Replay this strategy against the cache's results "
                       "and compare it with the exhaustive best; nothing is "
                       "compiled or run"),
              cl::value_desc("strategy"), cl::cat(Cat));
static cl::opt<std::string>
    SeedsOpt("seeds", cl::desc("Seeds of --replay (default 1,2,3,4,5)"),
             cl::init("1,2,3,4,5"), cl::cat(Cat));
static cl::opt<unsigned>
    BatchOpt("batch",
             cl::desc("Candidates --replay asks for at a time (the engine "
                      "asks for 2 x -j; default 1)"),
             cl::init(1), cl::cat(Cat));

static cl::opt<std::string>
    ShardOpt("shard",
             cl::desc("Run shard K of N of an exhaustive sweep (K/N, K from "
                      "0): the candidates at positions K, K + N, ..."),
             cl::value_desc("K/N"), cl::cat(Cat));
static cl::list<std::string>
    MergeCacheOpt("merge-cache",
                  cl::desc("Merge this cache (a shard's) into the bundle's "
                           "cache and exit; repeatable"),
                  cl::value_desc("file"), cl::cat(Cat));
static cl::opt<unsigned>
    EmitSbatchOpt("emit-sbatch",
                  cl::desc("Write DIR/sweep.sbatch (a Slurm job array of N "
                           "shards) and DIR/merge.sbatch, and exit"),
                  cl::value_desc("N"), cl::init(0), cl::cat(Cat));

/// "K/N" with K < N.
static bool parseShard(StringRef Text, unsigned &K, unsigned &N) {
  auto [A, B] = Text.split('/');
  return !A.trim().getAsInteger(10, K) && !B.trim().getAsInteger(10, N) &&
         N >= 1 && K < N;
}

/// --merge-cache: each file's results the bundle's cache lacks, appended.
static int mergeCaches(const std::string &Into) {
  for (const std::string &From : MergeCacheOpt) {
    size_t Added = 0;
    std::vector<std::string> Notes;
    std::string Err;
    if (!mergeCacheFile(From, Into, Added, Notes, Err)) {
      errs() << "c2cuda-tune: error: " << Err << "\n";
      return 1;
    }
    for (const std::string &N : Notes)
      errs() << "c2cuda-tune: note: " << N << "\n";
    outs() << From << ": " << Added << " results merged into " << Into << "\n";
  }
  return 0;
}

/// --emit-sbatch N: a job array whose task K runs shard K/N into its own
/// cache, and a job that merges them and reports (submitted after it).
static int emitSbatch(const std::string &Dir, unsigned N,
                      const std::string &Self) {
  SmallString<256> Abs(Dir);
  if (std::error_code EC = sys::fs::make_absolute(Abs)) {
    errs() << "c2cuda-tune: error: cannot make " << Dir
           << " absolute: " << EC.message() << "\n";
    return 1;
  }
  std::string D = std::string(Abs);
  auto Write = [&](const char *Name, const std::string &Text) {
    SmallString<256> P(Abs);
    sys::path::append(P, Name);
    std::error_code EC;
    raw_fd_ostream OS(P, EC);
    if (EC) {
      errs() << "c2cuda-tune: error: cannot write " << P << ": " << EC.message()
             << "\n";
      return false;
    }
    OS << Text;
    return true;
  };
  // Double quotes, so that the shell expands the task's index in a path.
  auto Q = [](const std::string &S) { return "\"" + S + "\""; };
  std::string Shards = std::to_string(N);
  std::string Task = "${SLURM_ARRAY_TASK_ID}";
  std::string Sweep;
  raw_string_ostream SO(Sweep);
  SO << "#!/bin/bash\n"
     << "# One shard of the exhaustive sweep of " << D << " per array task.\n"
     << "#SBATCH --job-name=c2cuda-tune\n"
     << "#SBATCH --array=0-" << (N - 1) << "\n"
     << "#SBATCH --gres=gpu:1\n"
     << "#SBATCH --output=" << D << "/shard-%a.log\n"
     << "exec " << Q(Self) << " " << Q(D) << " --shard " << Task << "/"
     << Shards << " --cache " << Q(D + "/cache.shard" + Task + ".jsonl")
     << " --no-ncu --quiet\n";
  std::string Merge;
  raw_string_ostream MO(Merge);
  MO << "#!/bin/bash\n"
     << "# The shards' caches merged; the winner picked from them.\n"
     << "#SBATCH --job-name=c2cuda-tune-merge\n"
     << "#SBATCH --output=" << D << "/merge.log\n"
     << "set -e\n";
  MO << Q(Self) << " " << Q(D);
  for (unsigned K = 0; K < N; ++K)
    MO << " --merge-cache "
       << Q(D + "/cache.shard" + std::to_string(K) + ".jsonl");
  MO << "\n";
  MO << "exec " << Q(Self) << " " << Q(D)
     << " --cache-only --strategy exhaustive --report " << Q(D + "/report")
     << "\n";
  SO.flush();
  MO.flush();
  if (!Write("sweep.sbatch", Sweep) || !Write("merge.sbatch", Merge))
    return 1;
  outs() << "wrote " << D << "/sweep.sbatch and " << D
         << "/merge.sbatch; submit with\n"
         << "  jid=$(sbatch --parsable " << D << "/sweep.sbatch)\n"
         << "  sbatch --dependency=afterok:$jid " << D << "/merge.sbatch\n";
  return 0;
}

static bool parseGpus(const std::string &Text, std::vector<unsigned> &Out) {
  SmallVector<StringRef, 8> Parts;
  StringRef(Text).split(Parts, ',', -1, /*KeepEmpty=*/false);
  for (StringRef P : Parts) {
    unsigned N;
    if (P.trim().getAsInteger(10, N))
      return false;
    if (std::find(Out.begin(), Out.end(), N) == Out.end())
      Out.push_back(N);
  }
  return !Out.empty();
}

static void printSummary(const TuningRun &R, raw_ostream &OS) {
  size_t FromCache = 0, Failed = 0;
  for (const Evaluation &E : R.Results) {
    FromCache += E.FromCache;
    Failed += E.Status != EvalStatus::Ok && E.Status != EvalStatus::Skipped;
  }
  OS << "\n"
     << R.Evaluations << " of " << R.Candidates << " candidates evaluated ("
     << R.Measured << " variants measured, " << FromCache << " from the cache, "
     << Failed << " failed) in " << format("%.1f", R.WallSeconds) << " s"
     << (R.Stopped       ? ", stopped"
         : R.Interrupted ? ", time budget spent"
                         : "")
     << "\n";

  // Baselines, then the ten fastest candidates, then the failures.
  std::vector<size_t> Rows, Ok;
  for (size_t I = 0; I < R.Results.size(); ++I) {
    const Evaluation &E = R.Results[I];
    if (E.Role != "candidate")
      Rows.push_back(I);
    else if (E.Status == EvalStatus::Ok)
      Ok.push_back(I);
  }
  std::stable_sort(Ok.begin(), Ok.end(), [&](size_t A, size_t B) {
    return R.Results[A].Time.MedianMs < R.Results[B].Time.MedianMs;
  });
  if (Ok.size() > 10)
    Ok.resize(10);
  Rows.insert(Rows.end(), Ok.begin(), Ok.end());
  for (size_t I = 0; I < R.Results.size(); ++I) {
    const Evaluation &E = R.Results[I];
    if (E.Role == "candidate" && E.Status != EvalStatus::Ok &&
        E.Status != EvalStatus::Skipped)
      Rows.push_back(I);
  }
  OS << "variant    role      status         median ms    stdev   GFLOP/s  "
        "regs  parameters / reason\n";
  for (size_t I : Rows) {
    const Evaluation &E = R.Results[I];
    bool IsOk = E.Status == EvalStatus::Ok;
    std::string Tail = IsOk ? paramsText(E.Params) : E.Reason;
    if ((int)I == R.Best)
      Tail = "(best) " + Tail;
    OS << format("%-10s %-9s %-13s ", E.VariantId.c_str(), E.Role.c_str(),
                 statusName(E.Status));
    if (IsOk)
      OS << format("%10.4f %8.4f %9.1f ", E.Time.MedianMs, E.Time.StdevMs,
                   E.GFlops);
    else
      OS << "         -        -         - ";
    OS << format("%5u  ", E.Compile.Registers) << Tail << "\n";
  }
  if (R.Best >= 0) {
    const Evaluation &Best = R.Results[R.Best];
    OS << "best: " << Best.VariantId << " "
       << format("%.4f", Best.Time.MedianMs) << " ms";
    for (int Ref : {R.Default, R.Plain})
      if (Ref >= 0 && R.Results[Ref].Status == EvalStatus::Ok &&
          Best.Time.MedianMs > 0)
        OS << format(", %.2fx over ",
                     R.Results[Ref].Time.MedianMs / Best.Time.MedianMs)
           << R.Results[Ref].Role;
    OS << "\n";
  } else {
    OS << "best: none (no variant verified and timed)\n";
  }
}

/// --replay: the strategy over the seeds, against the results of B's
/// variants in the cache, as the engine's cache-only run finds them (by
/// key, for the GPU with the most of them).
static int replay(const Bundle &B, const std::string &BundleDir) {
  std::vector<unsigned long long> Seeds;
  SmallVector<StringRef, 8> Parts;
  StringRef(SeedsOpt).split(Parts, ',', -1, /*KeepEmpty=*/false);
  for (StringRef P : Parts) {
    unsigned long long S;
    if (P.trim().getAsInteger(10, S)) {
      errs() << "c2cuda-tune: error: --seeds '" << SeedsOpt
             << "': expected integers such as 1,2,3\n";
      return 1;
    }
    Seeds.push_back(S);
  }
  Budget Bud;
  std::string Err;
  if (!parseBudget(BudgetOpt, Bud, Err)) {
    errs() << "c2cuda-tune: error: " << Err << "\n";
    return 1;
  }
  EngineOptions O;
  O.Strategy = "exhaustive";
  O.Budget = "";
  O.CachePath = CacheOpt;
  O.CacheOnly = true;
  TuningRun Run = runTuning(B, BundleDir, O, Err);
  if (!Err.empty()) {
    errs() << "c2cuda-tune: error: " << Err << "\n";
    return 1;
  }
  std::map<size_t, Observation> Measured = observationsFrom(B, Run.Results);
  size_t Candidates = 0, Known = 0;
  for (size_t I = 0; I < B.Variants.size(); ++I)
    if (B.Variants[I].Role == "candidate") {
      ++Candidates;
      Known += Measured.count(I);
    }
  if (Known < Candidates)
    errs() << "c2cuda-tune: warning: the cache has " << Known << " of "
           << Candidates
           << " candidates: the exhaustive best is the best of those\n";
  ReplaySummary S =
      summarizeReplays(B, Measured, ReplayOpt, Seeds, Bud, BatchOpt);
  if (!S.Error.empty()) {
    errs() << "c2cuda-tune: error: " << S.Error << "\n";
    return 1;
  }
  for (size_t I = 0; I < S.Runs.size(); ++I) {
    const ReplayOutcome &R = S.Runs[I];
    outs() << "seed " << S.Seeds[I] << ": " << R.Evaluations
           << " evaluations, best ";
    if (R.Best)
      outs() << B.Variants[R.Best->Variant].Id << " "
             << format("%.4f", R.Best->Ms) << " ms, "
             << format("%.1f", 100 * S.Gaps[I]) << "% from the exhaustive best";
    else
      outs() << "none";
    outs() << "\n";
  }
  outs() << S.str() << "\n";
  return 0;
}

/// Runs the bundle in Dir with O; writes the report into Report unless
/// empty. The exit status.
static int runBundle(const std::string &Dir, const EngineOptions &O,
                     const std::string &Report) {
  Bundle B;
  std::string Err;
  if (!readBundle(Dir, B, Err)) {
    errs() << "c2cuda-tune: error: " << Err << "\n";
    return 1;
  }
  TuningRun R = runTuning(B, Dir, O, Err);
  if (!Err.empty()) {
    errs() << "c2cuda-tune: error: " << Err << "\n";
    return stopFlag().load() ? 130 : 1;
  }
  printSummary(R, outs());
  outs().flush();
  if (!Report.empty()) {
    if (!writeReport(Report, B, R, Err)) {
      errs() << "c2cuda-tune: error: " << Err << "\n";
      return 1;
    }
    outs() << "report: " << Report << "/report.{json,md,html}\n";
  }
  return R.Stopped ? 130 : 0;
}

int main(int argc, char **argv) {
  cl::HideUnrelatedOptions(Cat);
  cl::ParseCommandLineOptions(argc, argv,
                              "c2cuda-tune: run a tuning bundle on the GPUs "
                              "of this machine\n");
  // Settings no run can use, refused before the bundle is touched.
  auto BadOption = [](const char *Msg) {
    errs() << "c2cuda-tune: error: " << Msg << "\n";
    return 1;
  };
  if (TimeoutOpt.getNumOccurrences() &&
      (!(TimeoutOpt > 0) || !std::isfinite(TimeoutOpt)))
    return BadOption("--timeout expects a positive number of seconds");
  if (JobsOpt.getNumOccurrences() && JobsOpt == 0)
    return BadOption("-j expects at least 1 compile job (leave it out to use "
                     "every core)");
  if (BatchOpt == 0)
    return BadOption("--batch expects at least 1 candidate");
  if (BundleDirs.size() > 1 &&
      (!ReplayOpt.empty() || !MergeCacheOpt.empty() ||
       EmitSbatchOpt.getNumOccurrences() || ShardOpt.getNumOccurrences()))
    return BadOption("--replay, --merge-cache, --emit-sbatch and --shard "
                     "take one bundle directory");
  if (!ReplayOpt.empty() || !MergeCacheOpt.empty() ||
      EmitSbatchOpt.getNumOccurrences()) {
    const std::string &BundleDir = BundleDirs.front();
    Bundle B;
    std::string Err;
    if (!readBundle(BundleDir, B, Err)) {
      errs() << "c2cuda-tune: error: " << Err << "\n";
      return 1;
    }
    if (!ReplayOpt.empty())
      return replay(B, BundleDir);
    if (!MergeCacheOpt.empty()) {
      SmallString<256> Into(BundleDir);
      sys::path::append(Into, "cache.jsonl");
      return mergeCaches(CacheOpt.empty() ? std::string(Into)
                                          : std::string(CacheOpt));
    }
    if (EmitSbatchOpt < 1)
      return BadOption("--emit-sbatch expects at least 1 shard");
    return emitSbatch(BundleDir, EmitSbatchOpt,
                      sys::fs::getMainExecutable(argv[0], (void *)&main));
  }
  EngineOptions O;
  if (ShardOpt.getNumOccurrences() &&
      !parseShard(ShardOpt, O.Shard, O.Shards)) {
    errs() << "c2cuda-tune: error: --shard '" << ShardOpt
           << "': expected K/N with 0 <= K < N, such as 0/4\n";
    return 1;
  }
  O.Strategy = StrategyOpt;
  if (BudgetOpt.getNumOccurrences())
    O.Budget = BudgetOpt;
  if (SeedOpt.getNumOccurrences())
    O.Seed = SeedOpt;
  if (!parseGpus(GpusOpt, O.Gpus)) {
    errs() << "c2cuda-tune: error: --gpus '" << GpusOpt
           << "': expected device indices such as 0,1\n";
    return 1;
  }
  O.Jobs = JobsOpt;
  O.CachePath = CacheOpt;
  O.Nvcc = NvccOpt;
  O.TimeoutSeconds = TimeoutOpt;
  O.Ncu = !NoNcu;
  O.CacheOnly = CacheOnly;
  if (!Quiet) {
    O.Progress = &errs();
    O.ProgressIsTerminal = errs().is_displayed();
  }

  for (const std::string &BundleDir : BundleDirs) {
    // Several bundles (one per size set): each its own report directory,
    // named as the bundle's.
    std::string Report = ReportOpt;
    if (!Report.empty() && BundleDirs.size() > 1) {
      SmallString<256> R(ReportOpt);
      sys::path::append(R, sys::path::filename(StringRef(BundleDir).rtrim(
                               sys::path::get_separator())));
      Report = std::string(R);
    }
    if (int RC = runBundle(BundleDir, O, Report))
      return RC;
  }
  return 0;
}
