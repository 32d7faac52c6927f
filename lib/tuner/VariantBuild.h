//===- VariantBuild.h - Compiling a bundle's executables -------*- C++ -*-===//
//
// The compile commands of the harness protocol (docs/tuning.md, "Engine"):
//
//   build/harness.o  nvcc -arch=A -O3 -std=c++17 -c harness.cu
//   build/ref64.o    nvcc -x c -O2 -c ref64.c
//   build/plain.o    nvcc -arch=A -O3 -std=c++17 -c <plain variant's .cu>
//                         -D<sym>=c2c_plain_<sym>...
//   build/variants/<id>.o    nvcc -arch=A -O3 -std=c++17 -Xptxas -v
//                            <flags> -c variants/<id>.cu
//                            -D<sym>=c2c_var_<sym>...
//   build/variants/<id>.exe  nvcc -arch=A harness.o ref64.o plain.o <id>.o
//
// Each step's stdout and stderr go to build/<output>.log. A step whose
// output exists, whose stamp (build/<output>.stamp: the command and, for a
// variant, its CompileInfo) matches the command, and whose inputs are older
// than the stamp is not run again: a resumed or repeated sweep only
// compiles what is missing.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TUNER_VARIANTBUILD_H
#define C2CUDA_TUNER_VARIANTBUILD_H

#include "tuner/Bundle.h"
#include "tuner/Evaluation.h"

#include <atomic>
#include <functional>
#include <string>
#include <vector>

namespace c2cuda {
namespace tuner {

struct BuildConfig {
  std::string Nvcc;            ///< Path of nvcc (resolveNvcc).
  std::string BundleDir;       ///< Holds bundle.json.
  std::string BuildDir;        ///< Objects, executables and logs.
  double TimeoutSeconds = 900; ///< Per nvcc command.
  const std::atomic<bool> *Stop = nullptr;
};

/// BundleDir/build.
std::string defaultBuildDir(const std::string &BundleDir);

/// nvcc from Option, else $C2CUDA_NVCC, else findNvcc(); "" if none.
std::string resolveNvcc(const std::string &Option);

/// Registers, spills, shared memory and stack from ptxas -v output: the
/// largest over the kernels.
CompileInfo compileInfoFromPtxas(const std::string &Log);

/// The line of a compile log that says what went wrong: the first line
/// containing "error" (any case), else the last non-empty line.
std::string firstErrorLine(const std::string &Log);

/// Builds harness.o, ref64.o and plain.o (Jobs at once); false with Err
/// naming the step and its first error line.
bool buildSharedObjects(const Bundle &B, const BuildConfig &C, unsigned Jobs,
                        std::string &Err);

struct VariantBuild {
  CompileInfo Info; ///< Info.Ok: Exe was built.
  std::string Exe;
  std::string Reason;   ///< Why not (first error line), "" when Ok.
  bool Stopped = false; ///< Killed by the stop flag; not a result.
  bool Reused = false;  ///< Up to date from an earlier run.
};

/// Compiles and links one variant (after buildSharedObjects).
VariantBuild buildVariant(const Bundle &B, const Variant &V,
                          const BuildConfig &C);

/// Calls Fn(I) for I in [0, N) on up to Jobs threads; returns when all are
/// done.
void parallelFor(size_t N, unsigned Jobs,
                 const std::function<void(size_t)> &Fn);

} // namespace tuner
} // namespace c2cuda

#endif
