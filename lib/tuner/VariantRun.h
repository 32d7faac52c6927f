//===- VariantRun.h - Running a variant's executable -----------*- C++ -*-===//
//
// `<id>.exe --run ...` in a child process with CUDA_VISIBLE_DEVICES set to
// one GPU, killed after the bundle's timeout; its result line (harness
// protocol, docs/tuning.md) becomes the evaluation's status:
//
//   exit 0, {"status":"ok",...}           Ok: errors and time samples
//   exit 3, {"status":"wrong_result",...} WrongResult: stage, array, errors
//   other exit or a signal                RuntimeError: the last non-empty
//                                         stderr line ("an illegal memory
//                                         access was encountered")
//   still running after the timeout       Timeout: "no result after N s"
//
// Also `--info` (the GPU) and `nvcc --version` (the toolkit).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TUNER_VARIANTRUN_H
#define C2CUDA_TUNER_VARIANTRUN_H

#include "tuner/Bundle.h"
#include "tuner/Evaluation.h"
#include "tuner/TuningRun.h"

#include <atomic>
#include <string>

namespace c2cuda {
namespace tuner {

struct RunConfig {
  double TimeoutSeconds = 60;
  TimingSettings Timing;
  const std::atomic<bool> *Stop = nullptr;
};

/// The release of nvcc ("13.0", from "Cuda compilation tools, release
/// 13.0, V13.0.48"); "" with Err if nvcc does not say.
std::string toolkitRelease(const std::string &Nvcc, std::string &Err);

/// Runs `Exe --info` on GPU Gpu and reads its JSON line. Missing peaks
/// (CUDA 13 has no clock attributes) are filled from a table of known GPUs.
bool queryGpuInfo(const std::string &Exe, unsigned Gpu, double TimeoutSeconds,
                  GpuInfo &Out, std::string &Err);

/// Fills PeakGFlops / PeakGBs where they are 0 and the name is known.
void fillKnownPeaks(GpuInfo &G);

/// Runs `Exe --run --seed Seed --warmup W --reps R [--no-flush]` on GPU
/// Gpu, stdout and stderr to LogStem.out / LogStem.err, and sets E's
/// Status, Reason, SmallError, TuningError and Time. False if the stop flag
/// killed it (E is then Skipped: not a result).
bool runVariant(const std::string &Exe, unsigned Gpu, unsigned long long Seed,
                const RunConfig &C, const std::string &LogStem, Evaluation &E);

/// The figures derived from a measured time: GFLOP/s, GB/s, fractions of
/// the arithmetic and bandwidth floors (from G's peaks) and the occupancy
/// predicted from ptxas' registers and shared memory and the block size
/// the cost model recorded.
void fillDerivedFigures(const Bundle &B, const Variant &V, const GpuInfo &G,
                        Evaluation &E);

} // namespace tuner
} // namespace c2cuda

#endif
