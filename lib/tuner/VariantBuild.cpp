//===- VariantBuild.cpp - Compiling a bundle's executables ----------------===//

#include "tuner/VariantBuild.h"
#include "target/PtxasInfo.h"
#include "tuner/Subprocess.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <mutex>
#include <thread>

namespace c2cuda {
namespace tuner {

using nlohmann::json;
namespace fs = llvm::sys::fs;

static std::string join(const std::string &A, const std::string &B) {
  llvm::SmallString<256> P(A);
  llvm::sys::path::append(P, B);
  return std::string(P);
}

std::string defaultBuildDir(const std::string &BundleDir) {
  return join(BundleDir, "build");
}

std::string resolveNvcc(const std::string &Option) {
  if (!Option.empty())
    return Option;
  if (const char *E = std::getenv("C2CUDA_NVCC"); E && *E)
    return E;
  return findNvcc();
}

CompileInfo compileInfoFromPtxas(const std::string &Log) {
  CompileInfo I;
  for (const PtxasKernelInfo &K : parsePtxasInfo(Log)) {
    I.Registers = std::max(I.Registers, K.Registers);
    I.SpillStoreBytes = std::max(I.SpillStoreBytes, K.SpillStoreBytes);
    I.SpillLoadBytes = std::max(I.SpillLoadBytes, K.SpillLoadBytes);
    I.SharedBytes = std::max(I.SharedBytes, K.SharedBytes);
    I.StackBytes = std::max(I.StackBytes, K.StackFrameBytes);
  }
  return I;
}

std::string firstErrorLine(const std::string &Log) {
  size_t Pos = 0;
  while (Pos < Log.size()) {
    size_t End = Log.find('\n', Pos);
    if (End == std::string::npos)
      End = Log.size();
    std::string Line = Log.substr(Pos, End - Pos);
    Pos = End + 1;
    std::string Lower = Line;
    std::transform(Lower.begin(), Lower.end(), Lower.begin(),
                   [](unsigned char C) { return std::tolower(C); });
    if (Lower.find("error") != std::string::npos)
      return lastNonEmptyLine(Line);
  }
  return lastNonEmptyLine(Log);
}

void parallelFor(size_t N, unsigned Jobs,
                 const std::function<void(size_t)> &Fn) {
  Jobs = std::max(1u, std::min<unsigned>(Jobs, (unsigned)N));
  std::atomic<size_t> Next{0};
  auto Work = [&] {
    for (size_t I; (I = Next++) < N;)
      Fn(I);
  };
  std::vector<std::thread> Ts;
  for (unsigned T = 1; T < Jobs; ++T)
    Ts.emplace_back(Work);
  Work();
  for (std::thread &T : Ts)
    T.join();
}

namespace {
/// One nvcc command and what it makes.
struct Step {
  std::vector<std::string> Args;
  std::string Output;
  std::vector<std::string> Inputs;
  std::string Log;

  std::string stamp() const { return Output + ".stamp"; }
  std::string commandLine() const {
    std::string S;
    for (const std::string &A : Args)
      S += (S.empty() ? "" : " ") + A;
    return S;
  }
};
} // namespace

static bool olderThan(const std::string &Input, const std::string &Stamp) {
  fs::file_status In, St;
  if (fs::status(Input, In) || fs::status(Stamp, St))
    return false;
  return In.getLastModificationTime() <= St.getLastModificationTime();
}

/// The stamp's JSON if S's output is up to date, else null.
static json upToDate(const Step &S) {
  if (!fs::exists(S.Output) || !fs::exists(S.stamp()))
    return nullptr;
  json J = json::parse(readTextFile(S.stamp()), nullptr, false);
  if (J.is_discarded() || !J.is_object() ||
      J.value("command", "") != S.commandLine())
    return nullptr;
  for (const std::string &In : S.Inputs)
    if (!olderThan(In, S.stamp()))
      return nullptr;
  return J;
}

static void writeStamp(const Step &S, json J) {
  J["command"] = S.commandLine();
  std::error_code EC;
  llvm::raw_fd_ostream OS(S.stamp(), EC, fs::OF_Text);
  if (!EC)
    OS << J.dump() << "\n";
}

/// Runs S; "" on success, else the reason.
static std::string runStep(const Step &S, const BuildConfig &C, bool &Stopped,
                           double &Seconds) {
  // A stamp left behind would mark this step done even if it fails.
  if (std::error_code EC = fs::remove(S.stamp()))
    return "cannot remove " + S.stamp() + ": " + EC.message();
  ProcessOptions O;
  O.StdoutFile = O.StderrFile = S.Log;
  O.TimeoutSeconds = C.TimeoutSeconds;
  O.Stop = C.Stop;
  ProcessResult R = runProcess(S.Args, O);
  Seconds += R.Seconds;
  Stopped = R.Stopped;
  if (!R.Started)
    return R.Error;
  if (R.Stopped)
    return "stopped";
  if (R.TimedOut)
    return "nvcc did not finish in " + std::to_string((int)C.TimeoutSeconds) +
           " s";
  if (!R.ok()) {
    std::string Line = firstErrorLine(readTextFile(S.Log));
    if (Line.empty())
      Line = R.Exited ? "nvcc exited with " + std::to_string(R.ExitCode)
                      : "nvcc killed by signal " + std::to_string(R.Signal);
    return Line;
  }
  return "";
}

static std::vector<std::string> renames(const Bundle &B,
                                        const std::string &Prefix) {
  std::vector<std::string> Out;
  for (const std::string &S : B.Symbols)
    Out.push_back("-D" + S + "=" + Prefix + S);
  return Out;
}

static std::string plainSource(const Bundle &B) {
  int P = B.indexOfRole("plain");
  return P < 0 ? "" : B.Variants[P].Source;
}

static std::vector<Step> sharedSteps(const Bundle &B, const BuildConfig &C) {
  std::string Arch = "-arch=" + B.Arch;
  std::vector<Step> Steps;
  auto Add = [&](std::vector<std::string> Args, const std::string &Out,
                 std::vector<std::string> Inputs) {
    Step S;
    S.Args = std::move(Args);
    S.Output = join(C.BuildDir, Out);
    S.Inputs = std::move(Inputs);
    S.Log = S.Output + ".log";
    Steps.push_back(std::move(S));
  };
  std::string Harness = join(C.BundleDir, B.Harness);
  Add({C.Nvcc, Arch, "-O3", "-std=c++17", "-c", Harness, "-o",
       join(C.BuildDir, "harness.o")},
      "harness.o", {Harness});
  std::string Ref = join(C.BundleDir, B.Reference);
  std::vector<std::string> RefInputs = {Ref};
  if (!B.SourceName.empty())
    RefInputs.push_back(join(C.BundleDir, B.SourceName));
  Add({C.Nvcc, "-x", "c", "-O2", "-c", Ref, "-o", join(C.BuildDir, "ref64.o")},
      "ref64.o", RefInputs);
  std::string Plain = join(C.BundleDir, plainSource(B));
  std::vector<std::string> PA = {
      C.Nvcc, Arch, "-O3", "-std=c++17", "-I" + C.BundleDir, "-c", Plain};
  for (std::string &D : renames(B, "c2c_plain_"))
    PA.push_back(D);
  PA.push_back("-o");
  PA.push_back(join(C.BuildDir, "plain.o"));
  Add(PA, "plain.o", {Plain});
  return Steps;
}

bool buildSharedObjects(const Bundle &B, const BuildConfig &C, unsigned Jobs,
                        std::string &Err) {
  if (plainSource(B).empty()) {
    Err = "the bundle has no variant with role \"plain\"";
    return false;
  }
  if (std::error_code EC = fs::create_directories(C.BuildDir)) {
    Err = C.BuildDir + ": " + EC.message();
    return false;
  }
  std::vector<Step> Steps = sharedSteps(B, C);
  std::vector<std::string> Errors(Steps.size());
  parallelFor(Steps.size(), Jobs, [&](size_t I) {
    const Step &S = Steps[I];
    if (!upToDate(S).is_null())
      return;
    bool Stopped = false;
    double Seconds = 0;
    Errors[I] = runStep(S, C, Stopped, Seconds);
    if (Errors[I].empty())
      writeStamp(S, json::object());
  });
  for (size_t I = 0; I < Steps.size(); ++I)
    if (!Errors[I].empty()) {
      Err = "building " + llvm::sys::path::filename(Steps[I].Output).str() +
            " failed (" + Steps[I].Log + "): " + Errors[I];
      return false;
    }
  return true;
}

static json compileInfoToJson(const CompileInfo &I) {
  return {{"registers", I.Registers},
          {"spill_store_bytes", I.SpillStoreBytes},
          {"spill_load_bytes", I.SpillLoadBytes},
          {"shared_bytes", I.SharedBytes},
          {"stack_bytes", I.StackBytes},
          {"seconds", I.Seconds}};
}

static CompileInfo compileInfoFromJson(const json &J) {
  CompileInfo I;
  I.Ok = true;
  I.Registers = J.value("registers", 0u);
  I.SpillStoreBytes = J.value("spill_store_bytes", (uint64_t)0);
  I.SpillLoadBytes = J.value("spill_load_bytes", (uint64_t)0);
  I.SharedBytes = J.value("shared_bytes", (uint64_t)0);
  I.StackBytes = J.value("stack_bytes", (uint64_t)0);
  I.Seconds = J.value("seconds", 0.0);
  return I;
}

VariantBuild buildVariant(const Bundle &B, const Variant &V,
                          const BuildConfig &C) {
  VariantBuild R;
  std::string Arch = "-arch=" + B.Arch;
  std::string Src = join(C.BundleDir, V.Source);
  // build/variants/: a variant called "plain" must not be plain.o.
  std::string VarDir = join(C.BuildDir, "variants");
  if (std::error_code EC = fs::create_directories(VarDir)) {
    R.Reason = VarDir + ": " + EC.message();
    return R;
  }
  std::string Obj = join(VarDir, V.Id + ".o");
  R.Exe = join(VarDir, V.Id + ".exe");

  Step Compile;
  Compile.Args = {
      C.Nvcc, Arch, "-O3", "-std=c++17", "-Xptxas", "-v", "-I" + C.BundleDir};
  for (const std::string &F : V.NvccFlags)
    Compile.Args.push_back(F);
  Compile.Args.push_back("-c");
  Compile.Args.push_back(Src);
  for (std::string &D : renames(B, "c2c_var_"))
    Compile.Args.push_back(D);
  Compile.Args.push_back("-o");
  Compile.Args.push_back(Obj);
  Compile.Output = Obj;
  Compile.Inputs = {Src};
  Compile.Log = Obj + ".log";

  Step Link;
  Link.Args = {C.Nvcc,
               Arch,
               join(C.BuildDir, "harness.o"),
               join(C.BuildDir, "ref64.o"),
               join(C.BuildDir, "plain.o"),
               Obj,
               "-o",
               R.Exe};
  Link.Output = R.Exe;
  Link.Inputs = {Obj, join(C.BuildDir, "harness.o"),
                 join(C.BuildDir, "ref64.o"), join(C.BuildDir, "plain.o")};
  Link.Log = R.Exe + ".log";

  // Up to date: both steps' stamps hold, the compile's with the info.
  json CS = upToDate(Compile);
  if (!CS.is_null() && CS.contains("info") && !upToDate(Link).is_null()) {
    R.Info = compileInfoFromJson(CS["info"]);
    R.Reused = true;
    return R;
  }

  double Seconds = 0;
  std::string Why = runStep(Compile, C, R.Stopped, Seconds);
  if (Why.empty()) {
    R.Info = compileInfoFromPtxas(readTextFile(Compile.Log));
    R.Info.Seconds = Seconds;
    writeStamp(Compile, {{"info", compileInfoToJson(R.Info)}});
    Why = runStep(Link, C, R.Stopped, Seconds);
    if (Why.empty())
      writeStamp(Link, json::object());
  }
  R.Info.Seconds = Seconds;
  if (!Why.empty()) {
    R.Info.Ok = false;
    R.Reason = Why;
    return R;
  }
  R.Info.Ok = true;
  return R;
}

} // namespace tuner
} // namespace c2cuda
