//===- VariantRun.cpp - Running a variant's executable --------------------===//

#include "tuner/VariantRun.h"
#include "tuner/Subprocess.h"

#include "target/OccupancyCore.h"

#include "llvm/Support/FileSystem.h"

#include <cmath>
#include <csignal>
#include <cstring>
#include <regex>

namespace c2cuda {
namespace tuner {

using nlohmann::json;

std::string toolkitRelease(const std::string &Nvcc, std::string &Err) {
  llvm::SmallString<128> Log;
  if (std::error_code EC =
          llvm::sys::fs::createTemporaryFile("c2cuda-nvcc", "txt", Log)) {
    Err = EC.message();
    return "";
  }
  ProcessOptions O;
  O.StdoutFile = O.StderrFile = std::string(Log);
  O.TimeoutSeconds = 60;
  ProcessResult R = runProcess({Nvcc, "--version"}, O);
  std::string Text = readTextFile(std::string(Log));
  (void)llvm::sys::fs::remove(Log); // a temporary file: best effort
  if (!R.ok()) {
    Err = Nvcc + " --version failed" + (R.Error.empty() ? "" : ": " + R.Error);
    return "";
  }
  std::smatch M;
  if (std::regex_search(Text, M, std::regex("release ([0-9]+\\.[0-9]+)")))
    return M[1];
  Err = Nvcc + " --version does not name a release";
  return "";
}

void fillKnownPeaks(GpuInfo &G) {
  // FP32 FMA peak (boost clock) and DRAM bandwidth from the data sheets.
  static const struct {
    const char *Pattern;
    double GFlops, GBs;
  } Known[] = {
      {"H200 NVL", 60000, 4800},       {"H200", 66900, 4800},
      {"H100 NVL", 60000, 3900},       {"H100 PCIe", 51200, 2000},
      {"H100", 66900, 3350},           {"A100-SXM4-80GB", 19500, 2039},
      {"A100 80GB PCIe", 19500, 1935}, {"A100", 19500, 1555},
  };
  for (const auto &K : Known) {
    if (G.Name.find(K.Pattern) == std::string::npos)
      continue;
    if (G.PeakGFlops <= 0)
      G.PeakGFlops = K.GFlops;
    if (G.PeakGBs <= 0)
      G.PeakGBs = K.GBs;
    return;
  }
}

/// The last line of Text that is a JSON object, or null.
static json lastJsonLine(const std::string &Text) {
  json Found;
  size_t Pos = 0;
  while (Pos < Text.size()) {
    size_t End = Text.find('\n', Pos);
    if (End == std::string::npos)
      End = Text.size();
    std::string Line = Text.substr(Pos, End - Pos);
    Pos = End + 1;
    size_t A = Line.find('{');
    if (A == std::string::npos)
      continue;
    json J = json::parse(Line.substr(A), nullptr, false);
    if (!J.is_discarded() && J.is_object())
      Found = std::move(J);
  }
  return Found;
}

template <typename T>
static void getIf(const json &J, const char *Key, T &Out) {
  auto It = J.find(Key);
  if (It == J.end() || It->is_null())
    return;
  try {
    Out = It->get<T>();
  } catch (const json::exception &) {
  }
}

bool queryGpuInfo(const std::string &Exe, unsigned Gpu, double TimeoutSeconds,
                  GpuInfo &Out, std::string &Err) {
  ProcessOptions O;
  O.StdoutFile = Exe + ".info.out";
  O.StderrFile = Exe + ".info.err";
  O.TimeoutSeconds = TimeoutSeconds;
  O.Env["CUDA_VISIBLE_DEVICES"] = std::to_string(Gpu);
  ProcessResult R = runProcess({Exe, "--info"}, O);
  if (!R.ok()) {
    std::string Line = lastNonEmptyLine(readTextFile(O.StderrFile));
    Err = Exe + " --info on GPU " + std::to_string(Gpu) + " failed" +
          (R.TimedOut ? " (timeout)" : "") +
          (Line.empty() ? R.Error : ": " + Line);
    return false;
  }
  json J = lastJsonLine(readTextFile(O.StdoutFile));
  if (J.is_null()) {
    Err = Exe + " --info printed no JSON line";
    return false;
  }
  getIf(J, "gpu", Out.Name);
  getIf(J, "cc", Out.ComputeCapability);
  getIf(J, "sms", Out.SMs);
  getIf(J, "l2_bytes", Out.L2Bytes);
  getIf(J, "peak_gflops", Out.PeakGFlops);
  getIf(J, "peak_gbs", Out.PeakGBs);
  getIf(J, "driver", Out.Driver);
  getIf(J, "runtime", Out.Runtime);
  fillKnownPeaks(Out);
  return true;
}

static std::string formatDouble(double X) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%.3g", X);
  return Buf;
}

static std::string wrongResultReason(const json &J) {
  std::string Stage, Array, Detail;
  getIf(J, "stage", Stage);
  getIf(J, "array", Array);
  getIf(J, "detail", Detail);
  std::string S = "wrong result";
  if (!Stage.empty())
    S += Stage == "small" ? " at the small size" : " at the tuning size";
  if (!Array.empty())
    S += " in " + Array;
  double Err = -1;
  getIf(J, Stage == "small" ? "small_err" : "tuning_err", Err);
  if (Err >= 0)
    S += ": relative L2 error " + formatDouble(Err);
  if (!Detail.empty())
    S += " (" + Detail + ")";
  return S;
}

bool runVariant(const std::string &Exe, unsigned Gpu, unsigned long long Seed,
                const RunConfig &C, const std::string &LogStem, Evaluation &E) {
  std::vector<std::string> Args = {Exe,        "--run",
                                   "--seed",   std::to_string(Seed),
                                   "--warmup", std::to_string(C.Timing.Warmup),
                                   "--reps",   std::to_string(C.Timing.Reps)};
  if (!C.Timing.FlushL2)
    Args.push_back("--no-flush");
  ProcessOptions O;
  O.StdoutFile = LogStem + ".out";
  O.StderrFile = LogStem + ".err";
  O.TimeoutSeconds = C.TimeoutSeconds;
  O.Env["CUDA_VISIBLE_DEVICES"] = std::to_string(Gpu);
  O.Stop = C.Stop;
  ProcessResult R = runProcess(Args, O);
  E.GpuIndex = Gpu;
  if (R.Stopped) {
    E.Status = EvalStatus::Skipped;
    E.Reason = "interrupted";
    return false;
  }
  if (!R.Started) {
    E.Status = EvalStatus::RuntimeError;
    E.Reason = R.Error;
    return true;
  }
  if (R.TimedOut) {
    E.Status = EvalStatus::Timeout;
    char Buf[64];
    std::snprintf(Buf, sizeof Buf, "no result after %g s", C.TimeoutSeconds);
    E.Reason = Buf;
    return true;
  }
  json J = lastJsonLine(readTextFile(O.StdoutFile));
  if (!J.is_null()) {
    getIf(J, "small_err", E.SmallError);
    getIf(J, "tuning_err", E.TuningError);
  }
  std::string Status = J.is_null() ? "" : J.value("status", "");
  if (R.Exited && R.ExitCode == 3) {
    E.Status = EvalStatus::WrongResult;
    E.Reason =
        J.is_null() ? "wrong result (no result line)" : wrongResultReason(J);
    return true;
  }
  if (!R.Exited || R.ExitCode != 0) {
    E.Status = EvalStatus::RuntimeError;
    E.Reason = lastNonEmptyLine(readTextFile(O.StderrFile));
    if (E.Reason.empty())
      E.Reason = R.Exited
                     ? "exit code " + std::to_string(R.ExitCode)
                     : std::string("killed by signal ") + strsignal(R.Signal);
    return true;
  }
  if (Status != "ok") {
    E.Status = EvalStatus::RuntimeError;
    E.Reason = J.is_null() ? "no result line on stdout"
                           : "unexpected status '" + Status + "'";
    return true;
  }
  std::vector<double> Times;
  getIf(J, "times_ms", Times);
  for (double T : Times)
    if (std::isfinite(T) && T >= 0)
      E.Time.SamplesMs.push_back(T);
  if (E.Time.SamplesMs.empty()) {
    E.Status = EvalStatus::RuntimeError;
    E.Reason = "no time samples in the result line";
    return true;
  }
  E.Time.summarize();
  E.Status = EvalStatus::Ok;
  E.Reason.clear();
  return true;
}

static std::string limiterName(unsigned Limiting) {
  using namespace occupancy;
  // Warps first: a kernel at the warp limit is at full occupancy for its
  // block size, whatever else binds with it.
  if (Limiting & LimitWarps)
    return "warps";
  if (Limiting & LimitRegisters)
    return "registers";
  if (Limiting & LimitSharedMemory)
    return "shared memory";
  if (Limiting & LimitBlocks)
    return "blocks";
  return "";
}

void fillDerivedFigures(const Bundle &B, const Variant &V, const GpuInfo &G,
                        Evaluation &E) {
  E.ModelSeconds = V.Model.Seconds;
  // Predicted occupancy needs the block size (the model's) and an
  // architecture: the GPU's, else the bundle's target.
  int Major = 0, Minor = 0;
  if (std::sscanf(G.ComputeCapability.c_str(), "%d.%d", &Major, &Minor) != 2 &&
      std::sscanf(B.Arch.c_str(), "sm_%1d%1d", &Major, &Minor) != 2)
    Major = Minor = 0;
  if (E.Compile.Ok && V.Model.ThreadsPerBlock > 0 && Major > 0) {
    occupancy::KernelResources K;
    K.RegsPerThread = (int)E.Compile.Registers;
    K.StaticSmemBytes = (long long)E.Compile.SharedBytes;
    occupancy::LaunchParams L;
    L.BlockSize = (int)V.Model.ThreadsPerBlock;
    occupancy::Result O = occupancy::computeOccupancy(Major, Minor, K, L);
    if (O.St == occupancy::Status::Ok) {
      E.PredictedOccupancy = O.Occupancy;
      E.OccupancyLimiter =
          O.ActiveBlocks == 0 ? "does not launch" : limiterName(O.Limiting);
    }
  }
  if (E.Status != EvalStatus::Ok || E.Time.MedianMs <= 0)
    return;
  double S = E.Time.MedianMs * 1e-3;
  E.GFlops = B.Flops / S / 1e9;
  E.GBytesPerSecond = B.MinBytes / S / 1e9;
  if (G.PeakGFlops > 0)
    E.FractionOfFlopFloor = B.Flops / (G.PeakGFlops * 1e9) / S;
  if (G.PeakGBs > 0)
    E.FractionOfBandwidthFloor = B.MinBytes / (G.PeakGBs * 1e9) / S;
}

} // namespace tuner
} // namespace c2cuda
