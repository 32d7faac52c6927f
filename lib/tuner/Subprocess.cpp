//===- Subprocess.cpp - Child processes with a timeout and a stop flag ----===//

#include "tuner/Subprocess.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char **environ;

namespace c2cuda {
namespace tuner {

ProcessResult runProcess(const std::vector<std::string> &Args,
                         const ProcessOptions &O) {
  ProcessResult R;
  if (Args.empty()) {
    R.Error = "no command";
    return R;
  }
  std::string Prog = Args[0];
  if (Prog.find('/') == std::string::npos) {
    auto P = llvm::sys::findProgramByName(Prog);
    if (!P) {
      R.Error = Prog + ": not found on PATH";
      return R;
    }
    Prog = *P;
  }

  // The environment: ours, with O.Env replacing or adding variables.
  std::vector<std::string> EnvStr;
  for (char **E = environ; *E; ++E) {
    std::string S(*E);
    std::string Name = S.substr(0, S.find('='));
    if (!O.Env.count(Name))
      EnvStr.push_back(S);
  }
  for (const auto &[K, V] : O.Env)
    EnvStr.push_back(K + "=" + V);
  std::vector<char *> Envp, Argv;
  for (std::string &S : EnvStr)
    Envp.push_back(S.data());
  Envp.push_back(nullptr);
  std::vector<std::string> ArgCopy = Args;
  for (std::string &S : ArgCopy)
    Argv.push_back(S.data());
  Argv.push_back(nullptr);

  const std::string &Out = O.StdoutFile.empty() ? "/dev/null" : O.StdoutFile;
  const std::string &Err = O.StderrFile.empty() ? "/dev/null" : O.StderrFile;
  bool SameFile = Err == Out;

  // fork + exec rather than posix_spawn: the child must also ask to be
  // killed when we are (PR_SET_PDEATHSIG), so that a tuner killed with
  // SIGKILL leaves no hung variant holding the GPU. Between fork and exec
  // only async-signal-safe calls. A CLOEXEC pipe carries exec's errno back.
  int Pipe[2];
  if (::pipe2(Pipe, O_CLOEXEC) != 0) {
    R.Error = std::string("pipe: ") + std::strerror(errno);
    return R;
  }
  pid_t Parent = ::getpid();
  auto Start = std::chrono::steady_clock::now();
  pid_t Pid = ::fork();
  if (Pid == 0) {
    ::setpgid(0, 0);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != Parent)
      _exit(127);
    struct sigaction Dfl = {};
    Dfl.sa_handler = SIG_DFL;
    for (int Sig : {SIGINT, SIGTERM, SIGPIPE, SIGALRM})
      ::sigaction(Sig, &Dfl, nullptr);
    sigset_t None;
    sigemptyset(&None);
    ::sigprocmask(SIG_SETMASK, &None, nullptr);
    int Fail = 0;
    int In = ::open("/dev/null", O_RDONLY);
    int Fd1 = ::open(Out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int Fd2 = SameFile
                  ? Fd1
                  : ::open(Err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (In < 0 || Fd1 < 0 || Fd2 < 0 || ::dup2(In, 0) < 0 ||
        ::dup2(Fd1, 1) < 0 || ::dup2(Fd2, 2) < 0) {
      Fail = errno;
    } else {
      ::execve(Prog.c_str(), Argv.data(), Envp.data());
      Fail = errno;
    }
    ssize_t Ignored = ::write(Pipe[1], &Fail, sizeof Fail);
    (void)Ignored;
    _exit(127);
  }
  ::close(Pipe[1]);
  if (Pid < 0) {
    R.Error = std::string("fork: ") + std::strerror(errno);
    ::close(Pipe[0]);
    return R;
  }
  // Also in the parent, against the race with the child's own setpgid.
  ::setpgid(Pid, Pid);
  int ExecErr = 0;
  ssize_t N;
  do
    N = ::read(Pipe[0], &ExecErr, sizeof ExecErr);
  while (N < 0 && errno == EINTR);
  ::close(Pipe[0]);
  if (N == (ssize_t)sizeof ExecErr) {
    int Status;
    ::waitpid(Pid, &Status, 0);
    R.Error = Prog + ": " + std::strerror(ExecErr);
    return R;
  }
  R.Started = true;

  auto Elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                         Start)
        .count();
  };
  int Status = 0;
  bool Killed = false;
  auto Sleep = std::chrono::milliseconds(2);
  while (true) {
    pid_t W = waitpid(Pid, &Status, WNOHANG);
    if (W == Pid)
      break;
    if (W < 0 && errno != EINTR) {
      R.Error = std::string("waitpid: ") + std::strerror(errno);
      break;
    }
    if (!Killed) {
      bool Stop = O.Stop && O.Stop->load();
      bool Late = O.TimeoutSeconds > 0 && Elapsed() > O.TimeoutSeconds;
      if (Stop || Late) {
        R.Stopped = Stop;
        R.TimedOut = !Stop && Late;
        ::kill(-Pid, SIGKILL);
        ::kill(Pid, SIGKILL);
        Killed = true;
      }
    }
    std::this_thread::sleep_for(Sleep);
    // Poll quickly at first (compiles of tiny fakes), then every 20 ms.
    if (Sleep < std::chrono::milliseconds(20))
      Sleep *= 2;
  }
  // Whatever the leader left behind in its group goes too.
  ::kill(-Pid, SIGKILL);
  R.Seconds = Elapsed();
  if (WIFEXITED(Status)) {
    R.Exited = true;
    R.ExitCode = WEXITSTATUS(Status);
  } else if (WIFSIGNALED(Status)) {
    R.Signal = WTERMSIG(Status);
  }
  return R;
}

std::string readTextFile(const std::string &Path) {
  auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    return "";
  return (*Buf)->getBuffer().str();
}

std::string lastNonEmptyLine(const std::string &Text) {
  size_t End = Text.size();
  while (End > 0) {
    size_t Begin = Text.rfind('\n', End - 1);
    Begin = Begin == std::string::npos ? 0 : Begin + 1;
    std::string Line = Text.substr(Begin, End - Begin);
    size_t A = Line.find_first_not_of(" \t\r");
    if (A != std::string::npos) {
      size_t B = Line.find_last_not_of(" \t\r");
      return Line.substr(A, B - A + 1);
    }
    if (Begin == 0)
      break;
    End = Begin - 1;
  }
  return "";
}

} // namespace tuner
} // namespace c2cuda
