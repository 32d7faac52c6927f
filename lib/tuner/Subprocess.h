//===- Subprocess.h - Children with a timeout and a stop flag -*- C++ -*-===//
//
// Runs one command with stdout and stderr sent to files, and waits for it
// by polling, so that many threads can each wait on their own child, a
// timeout kills it, and a stop flag (Ctrl-C) kills it within ~50 ms.
//
// The child is the leader of a new process group and the whole group is
// killed: nvcc leaves cicc and ptxas behind otherwise, and a hung variant
// may have forked. The child also dies with us (PR_SET_PDEATHSIG), so a
// tuner killed with SIGKILL leaves no variant running on the GPU; Linux
// only. (llvm::sys::ExecuteNoWait can do neither, and llvm::sys::Wait's
// timeout uses alarm(), which is process-wide.)
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TUNER_SUBPROCESS_H
#define C2CUDA_TUNER_SUBPROCESS_H

#include <atomic>
#include <map>
#include <string>
#include <vector>

namespace c2cuda {
namespace tuner {

struct ProcessResult {
  bool Started = false; ///< False: Error says why (no such program).
  bool Exited = false;  ///< Exited normally with ExitCode.
  int ExitCode = -1;
  int Signal = 0;        ///< The signal that ended it, when !Exited.
  bool TimedOut = false; ///< Killed because TimeoutSeconds passed.
  bool Stopped = false;  ///< Killed because the stop flag was set.
  double Seconds = 0;    ///< Wall time.
  std::string Error;

  bool ok() const { return Started && Exited && ExitCode == 0; }
};

struct ProcessOptions {
  std::string StdoutFile, StderrFile;     ///< "" -> /dev/null; may be equal.
  double TimeoutSeconds = 0;              ///< 0: none.
  std::map<std::string, std::string> Env; ///< Set on top of this environ.
  const std::atomic<bool> *Stop = nullptr;
};

/// Runs Args[0] (a path, or a name looked up on $PATH) with Args.
ProcessResult runProcess(const std::vector<std::string> &Args,
                         const ProcessOptions &O);

/// The file's contents, "" if it cannot be read.
std::string readTextFile(const std::string &Path);
/// The last non-empty line of Text, trimmed.
std::string lastNonEmptyLine(const std::string &Text);

} // namespace tuner
} // namespace c2cuda

#endif
