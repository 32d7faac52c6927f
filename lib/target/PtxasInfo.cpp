//===- PtxasInfo.cpp - Resource usage of kernels as ptxas reports it ------===//

#include "target/PtxasInfo.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

#include <cstdlib>
#include <optional>

using llvm::StringRef;

namespace c2cuda {

/// The text between the first pair of single quotes after Key, if any.
static std::optional<StringRef> quotedAfter(StringRef Line, StringRef Key) {
  size_t At = Line.find(Key);
  if (At == StringRef::npos)
    return std::nullopt;
  StringRef Rest = Line.substr(At + Key.size());
  size_t Open = Rest.find('\'');
  if (Open == StringRef::npos)
    return std::nullopt;
  size_t Close = Rest.find('\'', Open + 1);
  if (Close == StringRef::npos)
    return std::nullopt;
  return Rest.slice(Open + 1, Close);
}

/// Reads "N unit..." fields separated by commas into Apply(N, unit text).
template <typename Fn> static void forEachField(StringRef List, Fn Apply) {
  llvm::SmallVector<StringRef, 8> Fields;
  List.split(Fields, ',', -1, /*KeepEmpty=*/false);
  for (StringRef F : Fields) {
    F = F.trim();
    if (F.consume_front("Used ") || F.consume_front("used "))
      F = F.ltrim();
    StringRef Num = F.take_while([](char C) { return C >= '0' && C <= '9'; });
    uint64_t N;
    if (Num.empty() || Num.getAsInteger(10, N))
      continue;
    Apply(N, F.drop_front(Num.size()).trim());
  }
}

std::vector<PtxasKernelInfo> parsePtxasInfo(StringRef Text) {
  std::vector<PtxasKernelInfo> Out;
  // The kernel the next "Used ..." line belongs to, and whether the next
  // stack/spill line does (device functions have properties too).
  bool HaveCurrent = false, PropsForCurrent = false;
  llvm::SmallVector<StringRef, 64> Lines;
  Text.split(Lines, '\n');
  for (StringRef Line : Lines) {
    Line = Line.trim();
    if (auto Name = quotedAfter(Line, "Compiling entry function")) {
      PtxasKernelInfo K;
      K.Name = Name->str();
      K.DemangledName = llvm::demangle(K.Name);
      K.Arch = quotedAfter(Line, "' for").value_or("").str();
      Out.push_back(std::move(K));
      HaveCurrent = true;
      PropsForCurrent = false;
      continue;
    }
    size_t Props = Line.find("Function properties for ");
    if (Props != StringRef::npos) {
      StringRef Name =
          Line.substr(Props + StringRef("Function properties for ").size())
              .trim();
      PropsForCurrent = HaveCurrent && Name == Out.back().Name;
      continue;
    }
    if (Line.contains("bytes stack frame")) {
      if (!PropsForCurrent)
        continue;
      PtxasKernelInfo &K = Out.back();
      forEachField(Line, [&](uint64_t N, StringRef Unit) {
        if (Unit == "bytes stack frame")
          K.StackFrameBytes = N;
        else if (Unit == "bytes spill stores")
          K.SpillStoreBytes = N;
        else if (Unit == "bytes spill loads")
          K.SpillLoadBytes = N;
      });
      PropsForCurrent = false;
      continue;
    }
    size_t Used = Line.find("Used ");
    if (Used != StringRef::npos && HaveCurrent && Line.contains(" registers")) {
      PtxasKernelInfo &K = Out.back();
      forEachField(Line.substr(Used), [&](uint64_t N, StringRef Unit) {
        if (Unit == "registers")
          K.Registers = (unsigned)N;
        else if (Unit == "barriers")
          K.Barriers = (unsigned)N;
        else if (Unit == "bytes smem")
          K.SharedBytes = N;
        else if (Unit.starts_with("bytes cmem["))
          K.ConstantBytes += N;
      });
      // Later lines (compile time, the next function) are not this kernel's.
      HaveCurrent = false;
      PropsForCurrent = false;
    }
  }
  return Out;
}

std::string findNvcc() {
  if (const char *Home = std::getenv("CUDA_HOME")) {
    std::string P = std::string(Home) + "/bin/nvcc";
    if (llvm::sys::fs::can_execute(P))
      return P;
  }
  if (llvm::sys::fs::can_execute("/usr/local/cuda/bin/nvcc"))
    return "/usr/local/cuda/bin/nvcc";
  if (auto P = llvm::sys::findProgramByName("nvcc"))
    return *P;
  return "";
}

llvm::Expected<std::vector<PtxasKernelInfo>>
runPtxasInfo(StringRef CuFile, StringRef Arch,
             llvm::ArrayRef<std::string> ExtraArgs, StringRef Nvcc) {
  std::string Exe = Nvcc.empty() ? findNvcc() : Nvcc.str();
  if (Exe.empty())
    return llvm::createStringError(
        "nvcc not found (set CUDA_HOME or put nvcc on PATH)");

  llvm::SmallString<128> Log, Obj;
  if (std::error_code EC =
          llvm::sys::fs::createTemporaryFile("c2cuda-ptxas", "log", Log))
    return llvm::errorCodeToError(EC);
  if (std::error_code EC =
          llvm::sys::fs::createTemporaryFile("c2cuda-ptxas", "o", Obj)) {
    (void)llvm::sys::fs::remove(Log); // best effort, as below
    return llvm::errorCodeToError(EC);
  }

  std::string ArchFlag = ("-arch=" + Arch).str();
  std::vector<StringRef> Args = {
      Exe, ArchFlag, "--ptxas-options=-v", "-c", CuFile, "-o", Obj.str()};
  for (const std::string &A : ExtraArgs)
    Args.push_back(A);
  std::optional<StringRef> Redirects[] = {StringRef(""), Log.str(), Log.str()};
  std::string ErrMsg;
  int RC = llvm::sys::ExecuteAndWait(Exe, Args, std::nullopt, Redirects,
                                     /*SecondsToWait=*/0, /*MemoryLimit=*/0,
                                     &ErrMsg);
  std::string Text;
  if (auto Buf = llvm::MemoryBuffer::getFile(Log))
    Text = (*Buf)->getBuffer().str();
  // Temporary files: removing them is best effort.
  (void)llvm::sys::fs::remove(Log);
  (void)llvm::sys::fs::remove(Obj);
  if (RC != 0)
    return llvm::createStringError(
        "nvcc failed on %s (exit %d)%s%s\n%s", CuFile.str().c_str(), RC,
        ErrMsg.empty() ? "" : ": ", ErrMsg.c_str(), Text.c_str());
  return parsePtxasInfo(Text);
}

} // namespace c2cuda
