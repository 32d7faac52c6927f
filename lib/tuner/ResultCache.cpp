//===- ResultCache.cpp - Evaluations kept across runs, as JSON Lines ------===//

#include "tuner/ResultCache.h"
#include "tuner/Subprocess.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SHA256.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace c2cuda {
namespace tuner {

using nlohmann::json;

std::string ResultCache::key(const Bundle &B, const Variant &V,
                             const std::string &Gpu,
                             const std::string &Toolkit) {
  // One JSON document, dumped with sorted keys, is the canonical form.
  json K;
  K["format"] = "c2cuda-tune-cache/1";
  K["source_sha256"] = B.SourceSha256;
  K["function"] = B.Function;
  K["nest"] = B.Nest;
  K["schedule"] = V.Schedule;
  K["nvcc_flags"] = V.NvccFlags;
  if (!V.CodeSha256.empty())
    K["code_sha256"] = V.CodeSha256;
  K["sizes"] = B.Sizes;
  K["verify_sizes"] = B.VerifySizes;
  K["gpu"] = Gpu;
  K["toolkit"] = Toolkit;
  if (V.Role == "plain" || V.Role == "planted") {
    K["role"] = V.Role;
    // Planted variants share a schedule; their id says which fault.
    if (V.Role == "planted")
      K["id"] = V.Id;
  }
  std::string Text = K.dump();
  llvm::SHA256 H;
  H.update(Text);
  auto Digest = H.final();
  return llvm::toHex(Digest, /*LowerCase=*/true);
}

std::string cacheLine(const Evaluation &E) {
  json J = evaluationToJson(E);
  // NaN and infinities are not JSON; dump() would write null anyway, but
  // say so explicitly for the error fields.
  return J.dump(-1, ' ', false, json::error_handler_t::replace);
}

/// Parses the lines of Text into (key, evaluation) pairs in file order.
static void parseLines(const std::string &Text, const std::string &Name,
                       std::vector<Evaluation> &Out,
                       std::vector<std::string> &Notes) {
  size_t Pos = 0, LineNo = 0;
  while (Pos < Text.size()) {
    size_t End = Text.find('\n', Pos);
    bool Complete = End != std::string::npos;
    if (!Complete)
      End = Text.size();
    std::string Line = Text.substr(Pos, End - Pos);
    Pos = End + 1;
    ++LineNo;
    if (Line.find_first_not_of(" \t\r") == std::string::npos)
      continue;
    json J = json::parse(Line, nullptr, /*allow_exceptions=*/false);
    std::string Where = Name + ":" + std::to_string(LineNo) + ": ";
    if (J.is_discarded()) {
      Notes.push_back(Where + (Complete ? "unparsable line ignored"
                                        : "truncated line ignored"));
      continue;
    }
    Evaluation E;
    std::string Err;
    if (!evaluationFromJson(J, E, Err) || E.Key.empty()) {
      Notes.push_back(Where +
                      "line ignored: " + (Err.empty() ? "no key" : Err));
      continue;
    }
    Out.push_back(std::move(E));
  }
}

bool ResultCache::load(const std::string &P, std::vector<std::string> &Notes,
                       std::string &Err) {
  std::lock_guard<std::mutex> L(M);
  Path = P;
  Entries.clear();
  struct stat St;
  if (::stat(P.c_str(), &St) != 0)
    return true; // No cache yet.
  int FD = ::open(P.c_str(), O_RDONLY);
  if (FD < 0) {
    Err = P + ": " + std::strerror(errno);
    return false;
  }
  ::close(FD);
  std::vector<Evaluation> Es;
  parseLines(readTextFile(P), P, Es, Notes);
  for (Evaluation &E : Es)
    Entries[E.Key] = std::move(E);
  return true;
}

const Evaluation *ResultCache::lookup(const std::string &Key) const {
  std::lock_guard<std::mutex> L(M);
  auto It = Entries.find(Key);
  return It == Entries.end() ? nullptr : &It->second;
}

std::vector<Evaluation> ResultCache::entries() const {
  std::lock_guard<std::mutex> L(M);
  std::vector<Evaluation> Out;
  for (const auto &[K, E] : Entries)
    Out.push_back(E);
  return Out;
}

size_t ResultCache::size() const {
  std::lock_guard<std::mutex> L(M);
  return Entries.size();
}

/// Appends Text to Path with as few write()s as possible, then fsyncs. If
/// the file does not end in a newline (a line cut by a kill), one is put
/// first so that the cut line stays alone and is ignored on load.
static bool appendDurably(const std::string &Path, std::string Text,
                          std::string &Err) {
  int FD = ::open(Path.c_str(), O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (FD < 0) {
    Err = Path + ": " + std::strerror(errno);
    return false;
  }
  struct stat St;
  if (::fstat(FD, &St) == 0 && St.st_size > 0) {
    char Last = '\n';
    if (::pread(FD, &Last, 1, St.st_size - 1) == 1 && Last != '\n')
      Text.insert(Text.begin(), '\n');
  }
  const char *Data = Text.data();
  size_t Left = Text.size();
  while (Left > 0) {
    ssize_t N = ::write(FD, Data, Left);
    if (N < 0) {
      if (errno == EINTR)
        continue;
      Err = Path + ": " + std::strerror(errno);
      ::close(FD);
      return false;
    }
    Data += N;
    Left -= (size_t)N;
  }
  if (::fsync(FD) != 0) {
    Err = Path + ": fsync: " + std::strerror(errno);
    ::close(FD);
    return false;
  }
  ::close(FD);
  return true;
}

bool ResultCache::append(const Evaluation &E, std::string &Err) {
  std::lock_guard<std::mutex> L(M);
  if (E.Key.empty()) {
    Err = "cache: evaluation of " + E.VariantId + " has no key";
    return false;
  }
  Evaluation Copy = E;
  Copy.FromCache = false;
  Entries[E.Key] = Copy;
  if (Path.empty())
    return true; // In memory only.
  return appendDurably(Path, cacheLine(E) + "\n", Err);
}

bool mergeCacheFile(const std::string &From, const std::string &Into,
                    size_t &Added, std::vector<std::string> &Notes,
                    std::string &Err) {
  Added = 0;
  struct stat St;
  if (::stat(From.c_str(), &St) != 0) {
    Err = From + ": " + std::strerror(errno);
    return false;
  }
  ResultCache Target;
  if (!Target.load(Into, Notes, Err))
    return false;
  std::vector<Evaluation> Es;
  parseLines(readTextFile(From), From, Es, Notes);
  // A later line for a key replaces an earlier one, as on load.
  std::map<std::string, size_t> Last;
  for (size_t I = 0; I < Es.size(); ++I)
    Last[Es[I].Key] = I;
  std::string Text;
  for (size_t I = 0; I < Es.size(); ++I) {
    if (Last[Es[I].Key] != I || Target.lookup(Es[I].Key))
      continue;
    Text += cacheLine(Es[I]) + "\n";
    ++Added;
  }
  if (Text.empty())
    return true;
  return appendDurably(Into, Text, Err);
}

} // namespace tuner
} // namespace c2cuda
