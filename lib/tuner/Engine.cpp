//===- Engine.cpp - Running a tuning sweep over a bundle ------------------===//

#include "tuner/Engine.h"
#include "tuner/ExhaustiveSearch.h"
#include "tuner/NcuProfile.h"
#include "tuner/ReportTables.h"
#include "tuner/ResultCache.h"
#include "tuner/SearchStrategy.h"
#include "tuner/Subprocess.h"
#include "tuner/VariantBuild.h"
#include "tuner/VariantRun.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <deque>
#include <map>
#include <mutex>
#include <thread>
#include <unistd.h>

namespace c2cuda {
namespace tuner {

using nlohmann::json;

std::atomic<bool> &stopFlag() {
  static std::atomic<bool> Flag{false};
  return Flag;
}

extern "C" void c2cudaTuneOnSignal(int) {
  if (stopFlag().exchange(true))
    _exit(130); // The second Ctrl-C: do not wait.
  static const char Msg[] = "\nc2cuda-tune: stopping (Ctrl-C again to quit "
                            "at once)\n";
  ssize_t Ignored = write(2, Msg, sizeof Msg - 1);
  (void)Ignored;
}

namespace {
/// Installs c2cudaTuneOnSignal for SIGINT and SIGTERM for its lifetime.
class SignalScope {
public:
  explicit SignalScope(bool Enable) : Enabled(Enable) {
    if (!Enabled)
      return;
    struct sigaction SA = {};
    SA.sa_handler = c2cudaTuneOnSignal;
    sigemptyset(&SA.sa_mask);
    sigaction(SIGINT, &SA, &OldInt);
    sigaction(SIGTERM, &SA, &OldTerm);
  }
  ~SignalScope() {
    if (!Enabled)
      return;
    sigaction(SIGINT, &OldInt, nullptr);
    sigaction(SIGTERM, &OldTerm, nullptr);
  }

private:
  bool Enabled;
  struct sigaction OldInt = {}, OldTerm = {};
};

std::string clockText(double Seconds) {
  long S = Seconds < 0 ? 0 : (long)(Seconds + 0.5);
  char Buf[32];
  if (S >= 3600)
    std::snprintf(Buf, sizeof Buf, "%ld:%02ld:%02ld", S / 3600, S / 60 % 60,
                  S % 60);
  else
    std::snprintf(Buf, sizeof Buf, "%ld:%02ld", S / 60, S % 60);
  return Buf;
}

std::string isoNow() {
  std::time_t T = std::time(nullptr);
  std::tm TM;
  gmtime_r(&T, &TM);
  char Buf[32];
  std::strftime(Buf, sizeof Buf, "%Y-%m-%dT%H:%M:%SZ", &TM);
  return Buf;
}

/// One variant to evaluate in a batch.
struct Item {
  size_t Var = 0;
  Evaluation E;
  std::string Exe;
  bool Pending = true;  ///< Not from the cache, not a duplicate.
  int DuplicateOf = -1; ///< Index in the batch with the same key.
};

class Engine {
public:
  Engine(const Bundle &B, const std::string &Dir, const EngineOptions &O,
         TuningRun &R)
      : B(B), Dir(Dir), O(O), R(R), Stop(O.Stop ? O.Stop : &stopFlag()),
        Start(std::chrono::steady_clock::now()) {}

  bool run(std::string &Err);

private:
  const Bundle &B;
  std::string Dir;
  const EngineOptions &O;
  TuningRun &R;
  const std::atomic<bool> *Stop;
  std::chrono::steady_clock::time_point Start;

  ResultCache Cache;
  BuildConfig BC;
  RunConfig RC;
  unsigned Jobs = 1;
  std::optional<double> Deadline; ///< Seconds since Start.
  std::atomic<bool> DeadlineHit{false};

  // Progress, guarded by M.
  std::mutex M;
  size_t Total = 0, Done = 0, Failed = 0;
  double BestMs = 0;
  std::string BestText;
  double SearchStart = 0;
  bool LineOpen = false;
  /// Done when a progress line was last printed on a non-terminal: a batch
  /// that adds nothing (candidates missing from a cache-only replay) does
  /// not print the same line again.
  size_t PrintedDone = SIZE_MAX;

  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                         Start)
        .count();
  }
  bool stopping() {
    if (Stop->load())
      return true;
    if (Deadline && elapsed() >= *Deadline) {
      DeadlineHit = true;
      return true;
    }
    return false;
  }
  Item makeItem(size_t Var, unsigned Order);
  void evaluate(std::vector<Item> &Items);
  void finish(Item &It, bool Store);
  void note(const std::string &Line);
  std::string progressLine();
  void printProgress(bool Force);
  void profile();
  void confirm();
  bool pickCachedGpu(std::string &Err);
  bool prepare(std::string &Err);
  bool search(const Budget &Bud, SearchStrategy &S, std::string &Err);
};

void Engine::note(const std::string &Line) {
  if (!O.Progress)
    return;
  if (LineOpen)
    *O.Progress << "\r\x1b[K";
  *O.Progress << Line << "\n";
  LineOpen = false;
  O.Progress->flush();
}

std::string Engine::progressLine() {
  char Buf[64];
  int W = (int)std::to_string(Total).size();
  std::snprintf(Buf, sizeof Buf, "[%*zu/%zu]", W, Done, Total);
  std::string S = Buf;
  S += " failed " + std::to_string(Failed) + " | ";
  if (BestText.empty())
    S += "no best yet";
  else
    S += BestText;
  double Now = elapsed();
  S += " | " + clockText(Now) + " elapsed";
  if (Deadline) {
    S += ", ~" + clockText(*Deadline - Now) + " left";
  } else if (Done > 0 && Total > Done) {
    double PerEval = (Now - SearchStart) / Done;
    S += ", ~" + clockText(PerEval * (Total - Done)) + " left";
  }
  return S;
}

void Engine::printProgress(bool Force) {
  if (!O.Progress)
    return;
  if (O.ProgressIsTerminal) {
    *O.Progress << "\r\x1b[K" << progressLine();
    LineOpen = true;
  } else if (Force && Done != PrintedDone) {
    *O.Progress << progressLine() << "\n";
    PrintedDone = Done;
  }
  O.Progress->flush();
}

Item Engine::makeItem(size_t Var, unsigned Order) {
  const Variant &V = B.Variants[Var];
  Item It;
  It.Var = Var;
  Evaluation &E = It.E;
  E.Key = ResultCache::key(B, V, R.Gpu.Name, R.Gpu.Toolkit);
  E.VariantId = V.Id;
  E.Role = V.Role;
  E.Params = V.Params;
  E.Schedule = V.Schedule;
  E.Gpu = R.Gpu.Name;
  E.Toolkit = R.Gpu.Toolkit;
  E.ModelSeconds = V.Model.Seconds;
  E.Order = Order;
  if (const Evaluation *C = Cache.lookup(E.Key)) {
    E = *C;
    // The cached result is this variant's, under this run's names.
    E.VariantId = V.Id;
    E.Role = V.Role;
    E.Params = V.Params;
    E.Order = Order;
    E.FromCache = true;
    It.Pending = false;
  }
  return It;
}

void Engine::finish(Item &It, bool Store) {
  Evaluation &E = It.E;
  E.FinishedAt = elapsed();
  std::string Err;
  if (Store && !Cache.append(E, Err))
    note("warning: " + Err);
  std::lock_guard<std::mutex> L(M);
  if (E.Status == EvalStatus::Skipped)
    return;
  if (E.Status != EvalStatus::Ok)
    note(E.VariantId + ": " + statusName(E.Status) + ": " + E.Reason);
  if (E.Role == "candidate" || E.Role == "default") {
    if (E.Role == "candidate") {
      ++Done;
      if (E.Status != EvalStatus::Ok)
        ++Failed;
    }
    if (E.Status == EvalStatus::Ok &&
        (BestText.empty() || E.Time.MedianMs < BestMs)) {
      BestMs = E.Time.MedianMs;
      char Buf[48];
      std::snprintf(Buf, sizeof Buf, "best %.3f ms ", BestMs);
      BestText = Buf + E.VariantId;
      std::string P = paramsText(E.Params);
      if (!P.empty())
        BestText += " " + P;
    }
  }
  printProgress(false);
}

void Engine::evaluate(std::vector<Item> &Items) {
  // Same key twice in a batch (the default's schedule among the
  // candidates): run the first only.
  std::map<std::string, size_t> FirstByKey;
  std::vector<size_t> ToCompile;
  for (size_t I = 0; I < Items.size(); ++I) {
    if (!Items[I].Pending)
      continue;
    auto [It, New] = FirstByKey.emplace(Items[I].E.Key, I);
    if (!New) {
      Items[I].Pending = false;
      Items[I].DuplicateOf = (int)It->second;
      continue;
    }
    ToCompile.push_back(I);
  }
  for (Item &It : Items)
    if (!It.Pending && It.DuplicateOf < 0)
      finish(It, /*Store=*/false);

  std::mutex QM;
  std::condition_variable CV;
  std::deque<size_t> RunQ;
  bool CompilesDone = false;
  auto Skip = [&](Item &It) {
    It.E.Status = EvalStatus::Skipped;
    It.E.Reason = Stop->load() ? "interrupted" : "time budget spent";
    finish(It, /*Store=*/false);
  };

  if (O.CacheOnly) {
    for (size_t I : ToCompile) {
      Items[I].E.Status = EvalStatus::Skipped;
      Items[I].E.Reason = "not in the cache";
      finish(Items[I], /*Store=*/false);
    }
    ToCompile.clear();
  }

  std::thread Compiler([&] {
    parallelFor(ToCompile.size(), Jobs, [&](size_t K) {
      Item &It = Items[ToCompile[K]];
      if (stopping())
        return Skip(It);
      VariantBuild VB = buildVariant(B, B.Variants[It.Var], BC);
      It.E.Compile = VB.Info;
      if (VB.Stopped)
        return Skip(It);
      if (!VB.Info.Ok) {
        It.E.Status = EvalStatus::CompileError;
        It.E.Reason = VB.Reason;
        return finish(It, /*Store=*/true);
      }
      It.Exe = VB.Exe;
      std::lock_guard<std::mutex> L(QM);
      RunQ.push_back(ToCompile[K]);
      CV.notify_one();
    });
    std::lock_guard<std::mutex> L(QM);
    CompilesDone = true;
    CV.notify_all();
  });

  std::vector<std::thread> Workers;
  for (unsigned Gpu : R.Gpus)
    Workers.emplace_back([&, Gpu] {
      while (true) {
        size_t I;
        {
          std::unique_lock<std::mutex> L(QM);
          CV.wait(L, [&] { return !RunQ.empty() || CompilesDone; });
          if (RunQ.empty())
            return;
          I = RunQ.front();
          RunQ.pop_front();
        }
        Item &It = Items[I];
        if (stopping()) {
          Skip(It);
          continue;
        }
        std::string Stem = It.Exe.substr(0, It.Exe.size() - 4) + ".run";
        if (!runVariant(It.Exe, Gpu, R.Seed + It.E.Order, RC, Stem, It.E)) {
          Skip(It);
          continue;
        }
        fillDerivedFigures(B, B.Variants[It.Var], R.Gpu, It.E);
        finish(It, /*Store=*/true);
      }
    });
  Compiler.join();
  for (std::thread &T : Workers)
    T.join();

  for (Item &It : Items)
    if (It.DuplicateOf >= 0) {
      const Evaluation &Src = Items[It.DuplicateOf].E;
      Evaluation E = It.E;
      It.E = Src;
      It.E.VariantId = E.VariantId;
      It.E.Role = E.Role;
      It.E.Params = E.Params;
      It.E.Order = E.Order;
      It.E.FromCache = Src.Status != EvalStatus::Skipped;
      finish(It, /*Store=*/false);
    }
}

void Engine::confirm() {
  if (!O.ConfirmRuns || O.CacheOnly || R.Best < 0 || R.Default < 0 ||
      R.Best == R.Default || R.Results[R.Default].Status != EvalStatus::Ok ||
      stopping())
    return;
  const int Pair[2] = {R.Default, R.Best};
  std::string Exe[2];
  for (int K = 0; K < 2; ++K) {
    // A cached result may come from another machine: build it here.
    const Evaluation &E = R.Results[Pair[K]];
    const Variant *V = B.find(E.VariantId);
    VariantBuild VB = V ? buildVariant(B, *V, BC) : VariantBuild();
    if (!V || !VB.Info.Ok)
      return;
    Exe[K] = VB.Exe;
  }
  note("timing " + R.Results[R.Best].VariantId + " and the default again, " +
       std::to_string(O.ConfirmRuns) + " runs each, alternately");
  TimeStats Ms[2]; // The runs' medians, default's and best's.
  for (unsigned Run = 0; Run < O.ConfirmRuns; ++Run)
    for (int Step = 0; Step < 2; ++Step) {
      // Default first in even runs, the best first in odd ones: neither
      // always runs on a GPU the other has just warmed.
      int K = (Run % 2) ? 1 - Step : Step;
      Evaluation E = R.Results[Pair[K]];
      E.Time = TimeStats(); // This run's samples only.
      std::string Stem = Exe[K].substr(0, Exe[K].size() - 4) + ".confirm" +
                         std::to_string(Run);
      if (stopping() ||
          !runVariant(Exe[K], R.Gpus.front(), R.Seed + E.Order, RC, Stem, E) ||
          E.Status != EvalStatus::Ok)
        return;
      Ms[K].SamplesMs.push_back(E.Time.MedianMs);
    }
  for (TimeStats &T : Ms)
    T.summarize();
  R.ConfirmDefaultMs = Ms[0].MedianMs;
  R.ConfirmBestMs = Ms[1].MedianMs;
  R.ConfirmedId = R.Results[R.Best].VariantId;
  R.Confirmed = R.ConfirmBestMs < R.ConfirmDefaultMs;
  char Buf[160];
  std::snprintf(Buf, sizeof Buf, "%s %.4f ms, default %.4f ms: %s",
                R.ConfirmedId.c_str(), R.ConfirmBestMs, R.ConfirmDefaultMs,
                R.Confirmed ? "kept" : "the default stays the best");
  note(Buf);
  if (!R.Confirmed)
    R.Best = R.Default;
}

void Engine::profile() {
  if (O.CacheOnly) {
    R.NcuNote = "not profiled: results from the cache only";
    return;
  }
  if (!O.Ncu) {
    R.NcuNote = "not profiled (--no-ncu)";
    return;
  }
  std::string Ncu = findNcu();
  if (Ncu.empty()) {
    R.NcuNote = "not profiled: ncu not found";
    return;
  }
  auto Profile = [&](int Index, NcuCounters &Out,
                     std::map<std::string, double> &KernelMs) {
    if (Index < 0 || Stop->load())
      return;
    const Evaluation &E = R.Results[Index];
    const Variant *V = B.find(E.VariantId);
    if (!V)
      return;
    // A cached result may come from another machine: build it here.
    VariantBuild VB = buildVariant(B, *V, BC);
    if (!VB.Info.Ok) {
      R.NcuNote = E.VariantId + " does not build here: " + VB.Reason;
      return;
    }
    std::string Note;
    // The variant's symbols are renamed c2c_var_<sym> (Bundle.h): its
    // kernels, and their names as the variant defines them.
    const std::string Renamed = "c2c_var_";
    NcuTable Table;
    Out = profileWithNcu(Ncu, VB.Exe, {"--profile"}, Renamed, R.Gpus.front(),
                         std::max(120.0, 4 * RC.TimeoutSeconds), Note, &Table);
    KernelMs = kernelTimesMs(Table, Renamed);
    if (!Note.empty())
      R.NcuNote = Note;
  };
  if (O.Progress)
    note("profiling the best and default variants with " + Ncu);
  Profile(R.Best, R.BestCounters, R.BestKernelMs);
  if (R.Default != R.Best) {
    Profile(R.Default, R.DefaultCounters, R.DefaultKernelMs);
  } else {
    R.DefaultCounters = R.BestCounters;
    R.DefaultKernelMs = R.BestKernelMs;
  }
}

bool Engine::run(std::string &Err) {
  R.StartedAt = isoNow();
  R.Strategy = O.Strategy.empty() ? B.Strategy : O.Strategy;
  R.Budget = O.Budget ? *O.Budget : B.Budget;
  R.Seed = O.Seed ? *O.Seed : B.Seed;
  R.Gpus = O.Gpus.empty() ? std::vector<unsigned>{0} : O.Gpus;
  for (const Variant &V : B.Variants)
    if (V.Role == "candidate")
      ++R.Candidates;

  std::unique_ptr<SearchStrategy> S;
  size_t InShard = R.Candidates;
  if (O.Shards > 1) {
    if (O.Shard >= O.Shards) {
      Err = "shard " + std::to_string(O.Shard) + " of " +
            std::to_string(O.Shards) + ": shards count from 0";
      return false;
    }
    if (!O.Strategy.empty() && O.Strategy != "exhaustive") {
      Err = "a sharded sweep is exhaustive (each shard runs its share of "
            "the candidates); leave out --strategy " +
            O.Strategy;
      return false;
    }
    R.Strategy = "exhaustive";
    if (!O.Budget)
      R.Budget = "";
    auto E = std::make_unique<ExhaustiveSearch>(B, O.Shard, O.Shards);
    InShard = (R.Candidates + O.Shards - 1 - O.Shard) / O.Shards;
    S = std::move(E);
  } else {
    S = makeStrategy(R.Strategy, B, R.Seed, Err);
  }
  if (!S)
    return false;
  Budget Bud;
  if (!parseBudget(R.Budget, Bud, Err))
    return false;
  if (!Bud.Evaluations && !Bud.Seconds)
    Bud = defaultBudget(R.Strategy, InShard);
  R.BudgetEvaluations = Bud.Evaluations.value_or(0);
  R.BudgetSeconds = Bud.Seconds.value_or(0);

  Jobs = O.Jobs ? O.Jobs : std::max(1u, std::thread::hardware_concurrency());
  RC.TimeoutSeconds =
      O.TimeoutSeconds > 0 ? O.TimeoutSeconds : B.TimeoutSeconds;
  RC.Timing = B.Timing;
  RC.Stop = Stop;

  std::string CachePath = O.CachePath;
  if (CachePath.empty()) {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, "cache.jsonl");
    CachePath = std::string(P);
  }
  std::vector<std::string> Notes;
  if (!Cache.load(CachePath, Notes, Err))
    return false;
  for (const std::string &N : Notes)
    note("note: " + N);

  if (O.CacheOnly) {
    if (!pickCachedGpu(Err))
      return false;
  } else if (!prepare(Err)) {
    return false;
  }
  note("tuning " + B.Function + " (nest " + std::to_string(B.Nest) + ") on " +
       R.Gpu.Name + ", CUDA " + R.Gpu.Toolkit + ": " +
       std::to_string(R.Candidates) + " candidates" +
       (O.Shards > 1 ? " (shard " + std::to_string(O.Shard) + " of " +
                           std::to_string(O.Shards) + ": " +
                           std::to_string(InShard) + ")"
                     : "") +
       ", strategy " + R.Strategy + ", budget " +
       (Bud.Evaluations ? std::to_string(*Bud.Evaluations) + " evaluations"
                        : clockText(*Bud.Seconds)) +
       (O.CacheOnly ? ", from the cache only"
                    : ", " + std::to_string(R.Gpus.size()) + " GPU(s), " +
                          std::to_string(Jobs) + " compile jobs"));
  return search(Bud, *S, Err);
}

bool Engine::pickCachedGpu(std::string &Err) {
  // The (GPU, toolkit) under which the most variants have results.
  std::map<std::pair<std::string, std::string>, size_t> Hits;
  for (const Evaluation &E : Cache.entries())
    Hits[{E.Gpu, E.Toolkit}] = 0;
  for (auto &[GT, N] : Hits)
    for (const Variant &V : B.Variants)
      N += Cache.lookup(ResultCache::key(B, V, GT.first, GT.second)) != nullptr;
  const std::pair<std::string, std::string> *Best = nullptr;
  size_t Most = 0;
  for (auto &[GT, N] : Hits)
    if (N > Most) {
      Most = N;
      Best = &GT;
    }
  if (!Best) {
    Err = "no result for this bundle in the cache " + Cache.path();
    return false;
  }
  R.Gpu.Name = Best->first;
  R.Gpu.Toolkit = Best->second;
  fillKnownPeaks(R.Gpu);
  return true;
}

bool Engine::prepare(std::string &Err) {
  BC.Nvcc = resolveNvcc(O.Nvcc);
  if (BC.Nvcc.empty()) {
    Err = "nvcc not found (use --nvcc, $C2CUDA_NVCC, $CUDA_HOME or PATH)";
    return false;
  }
  BC.BundleDir = Dir;
  BC.BuildDir = O.BuildDir.empty() ? defaultBuildDir(Dir) : O.BuildDir;
  BC.Stop = Stop;
  R.Gpu.Toolkit = toolkitRelease(BC.Nvcc, Err);
  if (R.Gpu.Toolkit.empty())
    return false;

  // The shared objects and the plain mapping: without them nothing runs.
  if (!buildSharedObjects(B, BC, Jobs, Err))
    return false;
  int Plain = B.indexOfRole("plain");
  VariantBuild PB = buildVariant(B, B.Variants[Plain], BC);
  if (!PB.Info.Ok) {
    Err = PB.Stopped ? "interrupted"
                     : "the plain mapping (" + B.Variants[Plain].Id +
                           ") does not build: " + PB.Reason;
    return false;
  }
  for (size_t I = 0; I < R.Gpus.size(); ++I) {
    GpuInfo G;
    if (!queryGpuInfo(PB.Exe, R.Gpus[I], RC.TimeoutSeconds, G, Err)) {
      R.NoGpu = I == 0;
      return false;
    }
    if (I == 0) {
      std::string Toolkit = R.Gpu.Toolkit;
      R.Gpu = G;
      R.Gpu.Toolkit = Toolkit;
    } else if (G.Name != R.Gpu.Name) {
      note("warning: GPU " + std::to_string(R.Gpus[I]) + " is a " + G.Name +
           ", GPU " + std::to_string(R.Gpus[0]) + " a " + R.Gpu.Name +
           "; results are recorded as the latter's");
    }
  }
  return true;
}

bool Engine::search(const Budget &Bud, SearchStrategy &S, std::string &Err) {
  // Baselines first: not the strategy's, not counted in the budget.
  std::vector<Item> Base;
  for (size_t I = 0; I < B.Variants.size(); ++I)
    if (B.Variants[I].Role != "candidate")
      Base.push_back(makeItem(I, 0));
  evaluate(Base);
  for (Item &It : Base) {
    if (It.E.Role == "plain" && R.Plain < 0)
      R.Plain = (int)R.Results.size();
    if (It.E.Role == "default" && R.Default < 0)
      R.Default = (int)R.Results.size();
    R.Results.push_back(std::move(It.E));
  }
  // Cached or not, baselines count as measured only when run now.
  for (const Evaluation &E : R.Results)
    if (!E.FromCache && E.Status != EvalStatus::Skipped)
      ++R.Measured;

  if (Bud.Seconds)
    Deadline = elapsed() + *Bud.Seconds;
  {
    std::lock_guard<std::mutex> L(M);
    Total = Bud.Evaluations ? std::min(*Bud.Evaluations, R.Candidates)
                            : R.Candidates;
    SearchStart = elapsed();
  }
  unsigned Order = 0;
  while (!stopping()) {
    std::optional<size_t> Remaining;
    if (Bud.Evaluations) {
      if (R.Evaluations >= *Bud.Evaluations)
        break;
      Remaining = *Bud.Evaluations - R.Evaluations;
    }
    size_t Batch = 2 * (size_t)Jobs;
    if (Remaining)
      Batch = std::min(Batch, *Remaining);
    std::vector<size_t> Proposed = S.propose(Batch, Remaining);
    if (Proposed.empty())
      break;
    if (Proposed.size() > Batch)
      Proposed.resize(Batch);
    std::vector<Item> Items;
    for (size_t V : Proposed) {
      if (V >= B.Variants.size()) {
        Err = std::string("strategy ") + S.name() + " proposed variant " +
              std::to_string(V) + " of " + std::to_string(B.Variants.size());
        return false;
      }
      Items.push_back(makeItem(V, ++Order));
    }
    evaluate(Items);
    for (Item &It : Items) {
      if (It.E.Status != EvalStatus::Skipped) {
        ++R.Evaluations;
        if (!It.E.FromCache)
          ++R.Measured;
        S.observe({It.Var, It.E.Status == EvalStatus::Ok, It.E.Time.MedianMs});
      }
      R.Results.push_back(std::move(It.E));
    }
    std::lock_guard<std::mutex> L(M);
    printProgress(true);
  }
  R.Stopped = Stop->load();
  R.Interrupted = R.Stopped || DeadlineHit;
  if (O.Progress && LineOpen) {
    *O.Progress << "\n";
    LineOpen = false;
  }
  R.Best = pickBest(R);
  confirm();
  profile();
  return true;
}
} // namespace

int pickBest(const TuningRun &R) {
  int Best = -1;
  for (size_t I = 0; I < R.Results.size(); ++I) {
    const Evaluation &E = R.Results[I];
    if (E.Status != EvalStatus::Ok ||
        (E.Role != "candidate" && E.Role != "default"))
      continue;
    if (Best < 0 || E.Time.MedianMs < R.Results[Best].Time.MedianMs)
      Best = (int)I;
  }
  return Best;
}

TuningRun runTuning(const Bundle &B, const std::string &Dir,
                    const EngineOptions &O, std::string &Err) {
  Err.clear();
  SignalScope Signals(O.HandleSignals);
  if (O.HandleSignals && !O.Stop)
    stopFlag() = false;
  TuningRun R;
  Engine E(B, Dir, O, R);
  auto T0 = std::chrono::steady_clock::now();
  if (!E.run(Err) && Err.empty())
    Err = "tuning failed";
  R.WallSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
          .count();
  return R;
}

} // namespace tuner
} // namespace c2cuda
