//===- Engine.h - Running a tuning sweep over a bundle ---------*- C++ -*-===//
//
// runTuning() evaluates a bundle's variants on this machine's GPUs:
//
//   1. load the cache (DIR/cache.jsonl unless told otherwise);
//   2. build harness.o, ref64.o and plain.o, and the plain variant, and ask
//      it for each GPU (`--info`) and nvcc for the toolkit (cache keys);
//   3. evaluate the baselines (plain, default, planted) first;
//   4. loop: ask the strategy for a batch (2 x jobs), take cached results
//      instead of running, compile the rest on `jobs` threads, run each
//      compiled one on a free GPU (one worker per GPU, one variant at a
//      time), append each result to the cache the moment it is known, tell
//      the strategy; stop when it proposes nothing, the budget is spent or
//      the stop flag (SIGINT/SIGTERM) is set.
//
// A progress line goes to Progress:
//   [ 37/120] failed 2 | best 1.234 ms v0042 tile_i=128 ... | 0:42 elapsed,
//   ~1:10 left
// rewritten in place (\r) on a terminal, one per batch otherwise; failures
// get a line of their own.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TUNER_ENGINE_H
#define C2CUDA_TUNER_ENGINE_H

#include "tuner/Bundle.h"
#include "tuner/TuningRun.h"

#include <atomic>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace c2cuda {
namespace tuner {

struct EngineOptions {
  std::string Strategy;                   ///< "" -> the bundle's.
  std::optional<std::string> Budget;      ///< Unset -> the bundle's.
  std::optional<unsigned long long> Seed; ///< Unset -> the bundle's.
  std::vector<unsigned> Gpus;             ///< Device indices; empty -> {0}.
  unsigned Jobs = 0;                      ///< Parallel compiles; 0 -> cores.
  std::string CachePath;                  ///< "" -> DIR/cache.jsonl.
  std::string BuildDir;                   ///< "" -> DIR/build.
  std::string Nvcc;                       ///< "" -> $C2CUDA_NVCC, findNvcc().
  double TimeoutSeconds = 0;              ///< Per run; 0 -> the bundle's.
  bool Ncu = true;                        ///< Profile best and default if ncu.
  /// Replay the search from the cache alone (results merged back from a
  /// GPU machine): nothing is compiled or run, no nvcc is needed, and a
  /// variant missing from the cache is Skipped. The GPU and toolkit are
  /// those of the cached results that match the most variants.
  bool CacheOnly = false;
  /// One shard of an exhaustive sweep (Shards > 1): the candidates at
  /// positions Shard, Shard + Shards, ... of the space, every one of them
  /// (no budget unless one is given); the baselines run in every shard.
  /// Their caches merged, a --cache-only sweep picks what the whole one
  /// would.
  unsigned Shard = 0, Shards = 1;
  /// Where the fastest variant is not the default: both timed again, this
  /// many runs each, alternately (default, best, best, default, ...), and
  /// the best kept only where the median of its runs is the lower (its
  /// margin in the search can be the noise between processes: clocks,
  /// heat). 0: no second timing.
  unsigned ConfirmRuns = 0;
  llvm::raw_ostream *Progress = nullptr; ///< Null: no progress output.
  bool ProgressIsTerminal = false;       ///< \r-update the line.
  /// Stops the sweep when set; null -> stopFlag(). With HandleSignals,
  /// SIGINT and SIGTERM set stopFlag() while runTuning runs (a second one
  /// exits at once with 130).
  const std::atomic<bool> *Stop = nullptr;
  bool HandleSignals = true;
};

/// The flag SIGINT / SIGTERM set while runTuning runs.
std::atomic<bool> &stopFlag();

/// Runs the sweep over B (read from Dir). Err is set, and the run holds
/// what was done until then, when the sweep cannot start (no nvcc, the
/// shared objects or the plain mapping do not build, --info fails) or the
/// strategy or budget is unknown. An interrupted sweep is not an error:
/// the result has Interrupted (and Stopped for a signal) set.
TuningRun runTuning(const Bundle &B, const std::string &Dir,
                    const EngineOptions &O, std::string &Err);

/// The index in R.Results of the fastest Ok evaluation among candidates
/// and the default variant, or -1.
int pickBest(const TuningRun &R);

} // namespace tuner
} // namespace c2cuda

#endif
