//===- Bundle.cpp - bundle.json <-> Bundle --------------------------------===//
//
// The keys are documented in docs/tuning.md ("Bundle"). Reading is strict
// about types (a wrong type names the key) and lenient about absence (an
// absent key keeps the struct's default), so that older bundles still read.
//
//===----------------------------------------------------------------------===//

#include "tuner/Bundle.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <set>

namespace c2cuda {
namespace tuner {

using nlohmann::json;

const Variant *Bundle::find(const std::string &Id) const {
  for (const Variant &V : Variants)
    if (V.Id == Id)
      return &V;
  return nullptr;
}

int Bundle::indexOfRole(const std::string &Role) const {
  for (size_t I = 0; I < Variants.size(); ++I)
    if (Variants[I].Role == Role)
      return (int)I;
  return -1;
}

json modelToJson(const ModelPrediction &M) {
  return {{"seconds", M.Seconds >= 0 ? json(M.Seconds) : json(nullptr)},
          {"occupancy", M.Occupancy},
          {"est_registers", M.EstRegisters},
          {"shared_bytes", M.SharedBytes},
          {"threads_per_block", M.ThreadsPerBlock},
          {"terms", M.Terms}};
}

json parametersToJson(const std::vector<Parameter> &Params) {
  json Out = json::array();
  for (const Parameter &P : Params)
    Out.push_back({{"name", P.Name}, {"values", P.Values}});
  return Out;
}

json problemToJson(const Bundle &B) {
  json J;
  J["source_sha256"] = B.SourceSha256;
  J["function"] = B.Function;
  J["nest"] = B.Nest;
  J["sizes"] = B.Sizes;
  J["verify_sizes"] = B.VerifySizes;
  J["arch"] = B.Arch;
  J["elem_type"] = B.ElemType;
  J["tolerance"] = B.Tolerance;
  J["flops"] = B.Flops;
  J["min_bytes"] = B.MinBytes;
  J["timing"] = {{"warmup", B.Timing.Warmup},
                 {"reps", B.Timing.Reps},
                 {"flush_l2", B.Timing.FlushL2}};
  J["timeout_seconds"] = B.TimeoutSeconds;
  return J;
}

json bundleToJson(const Bundle &B) {
  json J = problemToJson(B);
  J["format"] = B.Format;
  J["source_name"] = B.SourceName;
  J["symbols"] = B.Symbols;
  if (!B.KernelNests.empty())
    J["kernel_nests"] = B.KernelNests;
  J["harness"] = B.Harness;
  J["reference"] = B.Reference;
  J["params"] = parametersToJson(B.Params);
  json Vs = json::array();
  for (const Variant &V : B.Variants)
    Vs.push_back({{"id", V.Id},
                  {"role", V.Role},
                  {"params", V.Params},
                  {"schedule", V.Schedule},
                  {"source", V.Source},
                  {"nvcc_flags", V.NvccFlags},
                  {"code_sha256", V.CodeSha256},
                  {"model", modelToJson(V.Model)}});
  J["variants"] = std::move(Vs);
  J["strategy"] = B.Strategy;
  J["budget"] = B.Budget;
  J["seed"] = B.Seed;
  return J;
}

namespace {
/// Reads optional keys of one object into fields, remembering the first
/// type error as "<where>.<key>: <what>".
class Reader {
public:
  Reader(const json &J, std::string Where, std::string &Err)
      : J(J), Where(std::move(Where)), Err(Err) {}

  bool ok() const { return Err.empty(); }

  template <typename T> void get(const char *Key, T &Out) {
    if (!ok() || !J.is_object())
      return;
    auto It = J.find(Key);
    if (It == J.end() || It->is_null())
      return;
    try {
      Out = It->get<T>();
    } catch (const json::exception &E) {
      fail(Key, E.what());
    }
  }
  /// The sub-object at Key (null if absent); a non-object is an error.
  const json *object(const char *Key) {
    return member(Key, &json::is_object, "expected an object");
  }
  /// The array at Key (null if absent); a non-array is an error.
  const json *array(const char *Key) {
    return member(Key, &json::is_array, "expected an array");
  }
  const json *member(const char *Key, bool (json::*IsKind)() const noexcept,
                     const char *Expected) {
    if (!ok() || !J.is_object())
      return nullptr;
    auto It = J.find(Key);
    if (It == J.end() || It->is_null())
      return nullptr;
    if (!((*It).*IsKind)()) {
      fail(Key, Expected);
      return nullptr;
    }
    return &*It;
  }
  std::string at(const char *Key) const { return Where + "." + Key; }
  void fail(const char *Key, const std::string &What) {
    if (ok())
      Err = at(Key) + ": " + What;
  }

private:
  const json &J;
  std::string Where;
  std::string &Err;
};
} // namespace

static void modelFromJson(const json &J, ModelPrediction &M,
                          const std::string &Where, std::string &Err) {
  Reader R(J, Where, Err);
  R.get("seconds", M.Seconds);
  R.get("occupancy", M.Occupancy);
  R.get("est_registers", M.EstRegisters);
  R.get("shared_bytes", M.SharedBytes);
  R.get("threads_per_block", M.ThreadsPerBlock);
  R.get("terms", M.Terms);
}

namespace {
bool isIdentifier(llvm::StringRef S) {
  if (S.empty() || llvm::isDigit(S[0]))
    return false;
  return llvm::all_of(S, [](char C) { return llvm::isAlnum(C) || C == '_'; });
}

/// A variant id names files under build/variants/: letters, digits, '_',
/// '-' and '.', and not "." or "..", so it cannot leave that directory.
bool isSafeId(llvm::StringRef S) {
  return !S.empty() && S.size() <= 128 && S != "." && S != ".." &&
         llvm::all_of(S, [](char C) {
           return llvm::isAlnum(C) || C == '_' || C == '-' || C == '.';
         });
}

/// A path the runner reads: relative, no ".." or empty component, no
/// backslash or control character, so it stays inside the bundle.
std::string unsafePathReason(llvm::StringRef P) {
  if (P.empty())
    return "is empty";
  if (P.starts_with("/") || P.starts_with("~"))
    return "'" + P.str() + "' is not relative to the bundle";
  if (llvm::any_of(P, [](char C) {
        return C == '\\' || static_cast<unsigned char>(C) < 0x20 || C == 0x7f;
      }))
    return "'" + P.str() + "' has a backslash or a control character";
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  P.split(Parts, '/');
  for (llvm::StringRef C : Parts)
    if (C.empty() || C == "." || C == "..")
      return "'" + P.str() + "' leaves the bundle or has an empty component";
  return "";
}

/// Flags that only change code generation; anything else (-o, -ccbin,
/// -Xcompiler, --run, ...) could make nvcc write or run outside the bundle.
bool isAllowedNvccFlag(llvm::StringRef F) {
  for (llvm::StringRef Exact :
       {"-lineinfo", "--generate-line-info", "-use_fast_math",
        "--use_fast_math", "-O0", "-O1", "-O2", "-O3",
        "--extra-device-vectorization", "-Xptxas=-v"})
    if (F == Exact)
      return true;
  for (llvm::StringRef Prefix : {"-maxrregcount=", "--maxrregcount="}) {
    unsigned N;
    if (F.consume_front(Prefix))
      return !F.getAsInteger(10, N);
  }
  for (llvm::StringRef Prefix :
       {"-ftz=", "-prec-div=", "-prec-sqrt=", "-fmad=", "--ftz=", "--prec-div=",
        "--prec-sqrt=", "--fmad="})
    if (F.consume_front(Prefix))
      return F == "true" || F == "false";
  // -DNAME or -DNAME=VALUE with a plain value.
  if (F.consume_front("-D")) {
    auto [Name, Value] = F.split('=');
    return isIdentifier(Name) && llvm::all_of(Value, [](char C) {
             return llvm::isAlnum(C) || C == '_' || C == '.' || C == '-';
           });
  }
  return false;
}

/// The checks on what the runner turns into paths and nvcc arguments: a
/// bundle comes from another machine and must not reach outside itself.
bool validateBundle(const Bundle &B, std::string &Err) {
  auto Path = [&](const std::string &Where, const std::string &P) {
    std::string Why = unsafePathReason(P);
    if (!Why.empty())
      Err = Where + ": " + Why;
    return Why.empty();
  };
  if (!Path("bundle.harness", B.Harness) ||
      !Path("bundle.reference", B.Reference))
    return false;
  // The C file sits at the bundle's top: a name, not a path.
  if (B.SourceName.find('/') != std::string::npos) {
    Err = "bundle.source_name: '" + B.SourceName + "' is not a file name";
    return false;
  }
  if (!B.SourceName.empty() && !Path("bundle.source_name", B.SourceName))
    return false;
  if (!isIdentifier(B.Function)) {
    Err = "bundle.function: '" + B.Function + "' is not a C identifier";
    return false;
  }
  for (size_t I = 0; I < B.Symbols.size(); ++I)
    if (!isIdentifier(B.Symbols[I])) {
      Err = "bundle.symbols[" + std::to_string(I) + "]: '" + B.Symbols[I] +
            "' is not a C identifier";
      return false;
    }
  llvm::StringRef Arch = B.Arch;
  unsigned Num;
  if (!Arch.consume_front("sm_") ||
      (Arch.ends_with("a") || Arch.ends_with("f") ? Arch.drop_back() : Arch)
          .getAsInteger(10, Num)) {
    Err =
        "bundle.arch: '" + B.Arch + "' is not a GPU architecture such as sm_90";
    return false;
  }
  if (B.Timing.Reps == 0) {
    Err = "bundle.timing.reps: expected at least 1 timed run";
    return false;
  }
  if (!(B.TimeoutSeconds > 0) || !std::isfinite(B.TimeoutSeconds)) {
    Err = "bundle.timeout_seconds: expected a positive number of seconds";
    return false;
  }
  std::set<std::string> Ids;
  for (size_t I = 0; I < B.Variants.size(); ++I) {
    const Variant &V = B.Variants[I];
    std::string Where = "bundle.variants[" + std::to_string(I) + "]";
    if (!isSafeId(V.Id)) {
      Err = Where + ".id: '" + V.Id +
            "' is not a variant id (letters, digits, '_', '-' and '.'; not "
            "'.' or '..')";
      return false;
    }
    if (!Ids.insert(V.Id).second) {
      Err = Where + ".id: '" + V.Id + "' is the id of an earlier variant";
      return false;
    }
    if (!Path(Where + ".source", V.Source))
      return false;
    for (size_t F = 0; F < V.NvccFlags.size(); ++F)
      if (!isAllowedNvccFlag(V.NvccFlags[F])) {
        Err = Where + ".nvcc_flags[" + std::to_string(F) + "]: '" +
              V.NvccFlags[F] +
              "' is not an allowed flag (-maxrregcount=N, -lineinfo, "
              "-use_fast_math, -O0..-O3, -ftz=, -prec-div=, -prec-sqrt=, "
              "-fmad=, -DNAME[=VALUE])";
        return false;
      }
  }
  return true;
}
} // namespace

bool bundleFromJson(const json &J, Bundle &Out, std::string &Err) {
  Err.clear();
  Out = Bundle();
  if (!J.is_object()) {
    Err = "bundle: expected an object";
    return false;
  }
  Reader R(J, "bundle", Err);
  R.get("format", Out.Format);
  if (R.ok() && Out.Format != 1) {
    Err = "bundle.format: " + std::to_string(Out.Format) +
          " is not supported (expected 1)";
    return false;
  }
  R.get("source_name", Out.SourceName);
  R.get("source_sha256", Out.SourceSha256);
  R.get("function", Out.Function);
  R.get("nest", Out.Nest);
  R.get("sizes", Out.Sizes);
  R.get("verify_sizes", Out.VerifySizes);
  R.get("arch", Out.Arch);
  R.get("elem_type", Out.ElemType);
  R.get("tolerance", Out.Tolerance);
  R.get("flops", Out.Flops);
  R.get("min_bytes", Out.MinBytes);
  if (const json *T = R.object("timing")) {
    Reader TR(*T, "bundle.timing", Err);
    TR.get("warmup", Out.Timing.Warmup);
    TR.get("reps", Out.Timing.Reps);
    TR.get("flush_l2", Out.Timing.FlushL2);
  }
  R.get("timeout_seconds", Out.TimeoutSeconds);
  R.get("symbols", Out.Symbols);
  R.get("kernel_nests", Out.KernelNests);
  R.get("harness", Out.Harness);
  R.get("reference", Out.Reference);
  if (const json *Ps = R.array("params")) {
    for (size_t I = 0; I < Ps->size() && Err.empty(); ++I) {
      Reader PR((*Ps)[I], "bundle.params[" + std::to_string(I) + "]", Err);
      Parameter P;
      PR.get("name", P.Name);
      PR.get("values", P.Values);
      Out.Params.push_back(std::move(P));
    }
  }
  if (const json *Vs = R.array("variants")) {
    for (size_t I = 0; I < Vs->size() && Err.empty(); ++I) {
      std::string Where = "bundle.variants[" + std::to_string(I) + "]";
      const json &VJ = (*Vs)[I];
      if (!VJ.is_object()) {
        Err = Where + ": expected an object";
        break;
      }
      Reader VR(VJ, Where, Err);
      Variant V;
      VR.get("id", V.Id);
      VR.get("role", V.Role);
      if (VJ.contains("params") && !VJ["params"].is_null())
        V.Params = VJ["params"];
      if (VJ.contains("schedule") && !VJ["schedule"].is_null())
        V.Schedule = VJ["schedule"];
      VR.get("source", V.Source);
      VR.get("nvcc_flags", V.NvccFlags);
      VR.get("code_sha256", V.CodeSha256);
      if (const json *M = VR.object("model"))
        modelFromJson(*M, V.Model, Where + ".model", Err);
      if (Err.empty() && V.Id.empty())
        Err = Where + ".id: missing";
      if (Err.empty() && V.Source.empty())
        Err = Where + ".source: missing";
      Out.Variants.push_back(std::move(V));
    }
  }
  R.get("strategy", Out.Strategy);
  R.get("budget", Out.Budget);
  R.get("seed", Out.Seed);
  if (Err.empty() && Out.Function.empty())
    Err = "bundle.function: missing";
  if (Err.empty())
    validateBundle(Out, Err);
  return Err.empty();
}

/// What the lexical checks cannot see: a symlink in a copied bundle. The
/// files the runner reads must resolve inside the bundle, and what it
/// writes (build/, cache.jsonl) must not be links to elsewhere.
static bool checkResolvesInside(const std::string &Dir, const Bundle &B,
                                std::string &Err) {
  llvm::SmallString<256> Root;
  if (llvm::sys::fs::real_path(Dir, Root))
    return true; // readBundle has read bundle.json from it: cannot happen.
  auto Inside = [&](const std::string &Where, const std::string &Rel) {
    llvm::SmallString<256> P(Dir), Real;
    llvm::sys::path::append(P, Rel);
    if (llvm::sys::fs::real_path(P, Real))
      return true; // Missing: the build says so.
    if (llvm::StringRef(Real).starts_with((Root + "/").str()))
      return true;
    Err = Where + ": '" + Rel + "' resolves to '" + Real.str().str() +
          "', outside the bundle";
    return false;
  };
  if (!Inside("bundle.harness", B.Harness) ||
      !Inside("bundle.reference", B.Reference) ||
      (!B.SourceName.empty() && !Inside("bundle.source_name", B.SourceName)))
    return false;
  for (size_t I = 0; I < B.Variants.size(); ++I)
    if (!Inside("bundle.variants[" + std::to_string(I) + "].source",
                B.Variants[I].Source))
      return false;
  for (const char *Written : {"build", "build/variants", "cache.jsonl"}) {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, Written);
    if (llvm::sys::fs::is_symlink_file(P)) {
      Err = "'" + std::string(P) +
            "' is a symbolic link, and the runner writes there";
      return false;
    }
  }
  return true;
}

static std::string bundleFile(const std::string &Dir) {
  llvm::SmallString<256> P(Dir);
  llvm::sys::path::append(P, "bundle.json");
  return std::string(P);
}

bool readBundle(const std::string &Dir, Bundle &Out, std::string &Err) {
  std::string Path = bundleFile(Dir);
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf) {
    Err = Path + ": " + Buf.getError().message();
    return false;
  }
  json J = json::parse((*Buf)->getBuffer().begin(), (*Buf)->getBuffer().end(),
                       nullptr,
                       /*allow_exceptions=*/false);
  if (J.is_discarded()) {
    Err = Path + ": not valid JSON";
    return false;
  }
  if (!bundleFromJson(J, Out, Err)) {
    Err = Path + ": " + Err;
    return false;
  }
  if (!checkResolvesInside(Dir, Out, Err)) {
    Err = Path + ": " + Err;
    return false;
  }
  return true;
}

bool writeBundle(const std::string &Dir, const Bundle &B, std::string &Err) {
  if (std::error_code EC = llvm::sys::fs::create_directories(Dir)) {
    Err = Dir + ": " + EC.message();
    return false;
  }
  return writeTextFile(bundleFile(Dir), bundleToJson(B).dump(2) + "\n", Err);
}

bool writeTextFile(const std::string &Path, const std::string &Text,
                   std::string &Err) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC, llvm::sys::fs::OF_Text);
  if (EC) {
    Err = Path + ": " + EC.message();
    return false;
  }
  OS << Text;
  OS.close();
  if (OS.has_error()) {
    Err = Path + ": " + OS.error().message();
    OS.clear_error();
    return false;
  }
  return true;
}

} // namespace tuner
} // namespace c2cuda
