//===- NcuProfile.cpp - Nsight Compute counters of a variant --------------===//

#include "tuner/NcuProfile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <sstream>

extern char **environ;

namespace c2cuda {
namespace tuner {

static const char *const OccMetric =
    "sm__warps_active.avg.pct_of_peak_sustained_active";
static const char *const SectorsMetric =
    "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum";
static const char *const RequestsMetric =
    "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum";
static const char *const BankLdMetric =
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum";
static const char *const BankStMetric =
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum";
static const char *const DivergentMetric =
    "smsp__sass_branch_targets_threads_divergent.sum";
static const char *const DramMetric = "dram__bytes.sum";
static const char *const LocalLdMetric =
    "l1tex__t_bytes_pipe_lsu_mem_local_op_ld.sum";
static const char *const LocalStMetric =
    "l1tex__t_bytes_pipe_lsu_mem_local_op_st.sum";
static const char *const TimeMetric = "gpu__time_duration.sum";

const std::vector<std::string> &ncuMetrics() {
  static const std::vector<std::string> M = {
      OccMetric,     SectorsMetric,   RequestsMetric, BankLdMetric,
      BankStMetric,  DivergentMetric, DramMetric,     LocalLdMetric,
      LocalStMetric, TimeMetric};
  return M;
}

/// Splits one CSV line: fields separated by commas, optionally quoted with
/// "" for a quote inside. Nullopt for an unterminated quote.
static std::optional<std::vector<std::string>> splitCsv(llvm::StringRef L) {
  std::vector<std::string> F;
  std::string Cur;
  bool Quoted = false, Any = false;
  for (size_t I = 0; I < L.size(); ++I) {
    char C = L[I];
    if (Quoted) {
      if (C == '"') {
        if (I + 1 < L.size() && L[I + 1] == '"') {
          Cur += '"';
          ++I;
        } else {
          Quoted = false;
        }
      } else {
        Cur += C;
      }
    } else if (C == '"') {
      Quoted = true;
    } else if (C == ',') {
      F.push_back(std::move(Cur));
      Cur.clear();
    } else {
      Cur += C;
    }
    Any = true;
  }
  if (Quoted)
    return std::nullopt;
  if (Any)
    F.push_back(std::move(Cur));
  return F;
}

/// The factor a unit scales to its base: "Kbyte" 1e3, "Mibyte" 2^20, "%" 1.
static double unitScale(llvm::StringRef U) {
  U = U.trim();
  if (U.size() < 2 || U == "%")
    return 1;
  double Base = 1000;
  llvm::StringRef Rest = U.drop_front();
  if (Rest.starts_with("i")) {
    Base = 1024;
    Rest = Rest.drop_front();
  }
  // A prefix only when a lower-case unit follows: "Kbyte", "Msector", "KB".
  if (Rest.empty() || !(std::islower(Rest[0]) || Rest == "B"))
    return 1;
  switch (U[0]) {
  case 'K':
    return Base;
  case 'M':
    return Base * Base;
  case 'G':
    return Base * Base * Base;
  case 'T':
    return Base * Base * Base * Base;
  default:
    return 1;
  }
}

/// A value as ncu prints it: "1,234,567", "12.5", "n/a".
static std::optional<double> parseValue(llvm::StringRef S) {
  std::string Digits;
  for (char C : S.trim())
    if (C != ',')
      Digits += C;
  if (Digits.empty())
    return std::nullopt;
  char *End = nullptr;
  double V = std::strtod(Digits.c_str(), &End);
  if (End != Digits.c_str() + Digits.size() || !std::isfinite(V))
    return std::nullopt;
  return V;
}

bool parseNcuCsv(const std::string &Text, NcuTable &Out, std::string &Err) {
  Out = NcuTable();
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  llvm::StringRef(Text).split(Lines, '\n');
  std::vector<std::string> Header;
  std::vector<double> Scale;
  size_t KernelCol = 0;
  bool UnitsSeen = false;
  for (llvm::StringRef Line : Lines) {
    Line = Line.rtrim("\r");
    if (!Line.starts_with("\""))
      continue; // ==PROF== lines, the program's output, blank lines.
    auto F = splitCsv(Line);
    if (!F)
      continue;
    if (Header.empty()) {
      // The header row: "ID","Process ID",...,"Kernel Name",...,metrics.
      if (F->empty() || (*F)[0] != "ID")
        continue;
      Header = *F;
      Scale.assign(Header.size(), 1);
      for (size_t I = 0; I < Header.size(); ++I)
        if (Header[I] == "Kernel Name")
          KernelCol = I;
      continue;
    }
    if (F->size() != Header.size())
      continue;
    if (!UnitsSeen && Out.Launches.empty() && (*F)[0].empty()) {
      // The units row: ID empty, one unit per metric column.
      for (size_t I = 0; I < F->size(); ++I)
        Scale[I] = unitScale((*F)[I]);
      UnitsSeen = true;
      continue;
    }
    if (!parseValue((*F)[0]))
      continue;
    std::map<std::string, double> Launch;
    for (size_t I = 0; I < F->size(); ++I) {
      if (Header[I].find("__") == std::string::npos)
        continue; // Not a metric: ID, Process Name, Block Size...
      if (auto V = parseValue((*F)[I]))
        Launch[Header[I]] = *V * Scale[I];
    }
    Out.Kernels.push_back(KernelCol < F->size() ? (*F)[KernelCol] : "");
    Out.Launches.push_back(std::move(Launch));
  }
  if (Header.empty()) {
    Err = "no ncu CSV header (a row starting with \"ID\") in the output";
    return false;
  }
  if (Out.Launches.empty()) {
    Err = "ncu profiled no kernel launch (does the kernel regex match?)";
    return false;
  }
  return true;
}

NcuCounters countersFromTable(const NcuTable &T) {
  std::map<std::string, double> Sum;
  std::map<std::string, size_t> Count;
  for (const auto &L : T.Launches)
    for (const auto &[Name, V] : L) {
      Sum[Name] += V;
      ++Count[Name];
    }
  auto Has = [&](const char *N) { return Sum.count(N) != 0; };
  NcuCounters C;
  if (Has(OccMetric))
    C["achieved_occupancy"] = Sum[OccMetric] / Count[OccMetric] / 100.0;
  if (Has(SectorsMetric) && Has(RequestsMetric) && Sum[RequestsMetric] > 0)
    C["sectors_per_request"] = Sum[SectorsMetric] / Sum[RequestsMetric];
  if (Has(BankLdMetric) || Has(BankStMetric))
    C["shared_bank_conflicts"] = Sum[BankLdMetric] + Sum[BankStMetric];
  if (Has(DivergentMetric))
    C["divergent_branches"] = Sum[DivergentMetric];
  if (Has(DramMetric))
    C["dram_bytes"] = Sum[DramMetric];
  if (Has(LocalLdMetric) || Has(LocalStMetric))
    C["spilled_bytes"] = Sum[LocalLdMetric] + Sum[LocalStMetric];
  return C;
}

std::map<std::string, double> kernelTimesMs(const NcuTable &T,
                                            const std::string &Prefix) {
  std::map<std::string, double> Ms;
  for (size_t I = 0; I < T.Launches.size(); ++I) {
    auto It = T.Launches[I].find(TimeMetric);
    if (It == T.Launches[I].end())
      continue;
    llvm::StringRef Name = llvm::StringRef(T.Kernels[I]).split('(').first;
    Name.consume_front(Prefix);
    Ms[Name.str()] += It->second * 1e-6;
  }
  return Ms;
}

std::map<std::string, double>
timeByNest(const std::map<std::string, double> &KernelMs,
           const std::map<std::string, unsigned> &KernelNests) {
  std::map<std::string, double> Ms;
  for (const auto &[Kernel, T] : KernelMs) {
    auto It = KernelNests.find(Kernel);
    Ms[It == KernelNests.end() ? Kernel
                               : "nest " + std::to_string(It->second)] += T;
  }
  return Ms;
}

std::string findNcu() {
  if (auto P = llvm::sys::findProgramByName("ncu"))
    return *P;
  if (llvm::sys::fs::can_execute("/usr/local/cuda/bin/ncu"))
    return "/usr/local/cuda/bin/ncu";
  return "";
}

static std::string readFile(llvm::StringRef Path) {
  auto B = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  return B ? (*B)->getBuffer().str() : std::string();
}

/// The last line of Text that contains Needle, else its last non-blank line.
static std::string lastLine(const std::string &Text,
                            llvm::StringRef Needle = "") {
  llvm::SmallVector<llvm::StringRef, 32> Lines;
  llvm::StringRef(Text).split(Lines, '\n', -1, false);
  if (!Needle.empty())
    for (auto It = Lines.rbegin(); It != Lines.rend(); ++It)
      if (It->contains(Needle))
        return It->trim().str();
  for (auto It = Lines.rbegin(); It != Lines.rend(); ++It)
    if (!It->trim().empty())
      return It->trim().str();
  return "";
}

namespace {
/// Temporary files removed on scope exit.
struct TempFiles {
  std::vector<llvm::SmallString<128>> Paths;
  llvm::StringRef make(const char *Prefix) {
    llvm::SmallString<128> P;
    if (llvm::sys::fs::createTemporaryFile(Prefix, "txt", P))
      P = "/dev/null";
    Paths.push_back(P);
    return Paths.back();
  }
  ~TempFiles() {
    for (auto &P : Paths)
      if (P != "/dev/null")
        (void)llvm::sys::fs::remove(P); // best effort
  }
};
} // namespace

/// Runs Argv with stdout and stderr to files; returns the exit code, or -1
/// with Msg when it could not run or was killed.
static int runTo(const std::vector<std::string> &Argv,
                 const std::vector<std::string> &Env, double TimeoutS,
                 llvm::StringRef OutFile, llvm::StringRef ErrFile,
                 std::string &Msg) {
  std::vector<llvm::StringRef> A(Argv.begin(), Argv.end());
  std::vector<llvm::StringRef> E(Env.begin(), Env.end());
  std::optional<llvm::StringRef> Redirects[] = {llvm::StringRef(""), OutFile,
                                                ErrFile};
  bool Failed = false;
  unsigned Secs = TimeoutS > 0 ? (unsigned)std::ceil(TimeoutS) : 0;
  int RC =
      llvm::sys::ExecuteAndWait(A[0], A, E, Redirects, Secs, 0, &Msg, &Failed);
  if (Failed)
    return -1;
  if (RC < 0 && Msg.empty())
    Msg = "killed";
  return RC;
}

NcuCounters profileWithNcu(const std::string &Ncu, const std::string &Exe,
                           const std::vector<std::string> &Args,
                           const std::string &KernelRegex, unsigned Gpu,
                           double TimeoutS, std::string &Note,
                           NcuTable *TableOut) {
  Note.clear();
  if (Ncu.empty()) {
    Note = "ncu not found (PATH, /usr/local/cuda/bin/ncu)";
    return {};
  }
  std::vector<std::string> Env;
  for (char **P = environ; P && *P; ++P)
    if (!llvm::StringRef(*P).starts_with("CUDA_VISIBLE_DEVICES="))
      Env.push_back(*P);
  Env.push_back("CUDA_VISIBLE_DEVICES=" + std::to_string(Gpu));

  TempFiles T;
  llvm::StringRef Out = T.make("c2c-ncu-out"), ErrF = T.make("c2c-ncu-err");
  std::string Msg;
  std::string Version;
  if (runTo({Ncu, "--version"}, Env, 60, Out, ErrF, Msg) == 0)
    Version = lastLine(readFile(Out), "ersion");

  std::string Metrics;
  for (const std::string &M : ncuMetrics())
    Metrics += (Metrics.empty() ? "" : ",") + M;
  std::vector<std::string> Argv = {
      Ncu,         "--clock-control", "none", "--profile-from-start", "off",
      "--csv",     "--page",          "raw",  "--print-units",        "base",
      "--metrics", Metrics,           "-k",   "regex:" + KernelRegex, Exe};
  Argv.insert(Argv.end(), Args.begin(), Args.end());
  Msg.clear();
  int RC = runTo(Argv, Env, TimeoutS, Out, ErrF, Msg);
  std::string Stdout = readFile(Out), Stderr = readFile(ErrF);
  if (RC != 0) {
    std::string Why = lastLine(Stdout + "\n" + Stderr, "==ERROR==");
    if (RC == -1 || RC == -2)
      Note =
          "ncu did not finish (" + Msg + ")" + (Why.empty() ? "" : ": " + Why);
    else
      Note = "ncu exited with status " + std::to_string(RC) +
             (Why.empty() ? "" : ": " + Why);
    return {};
  }
  NcuTable Table;
  std::string Err;
  if (!parseNcuCsv(Stdout, Table, Err)) {
    std::string Why = lastLine(Stdout + "\n" + Stderr, "==ERROR==");
    Note = Err + (Why.empty() ? "" : " (" + Why + ")");
    return {};
  }
  NcuCounters C = countersFromTable(Table);
  if (TableOut)
    *TableOut = Table;
  Note = (Version.empty() ? std::string("ncu") : Version) + ", " +
         std::to_string(Table.Launches.size()) + " launch" +
         (Table.Launches.size() == 1 ? "" : "es") + " profiled";
  return C;
}

} // namespace tuner
} // namespace c2cuda
