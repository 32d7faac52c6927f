//===- BundleEmitter.cpp - A nest's tuning bundle from its C --------------===//

#include "BundleEmitter.h"

#include "CostModel.h"
#include "HarnessEmitter.h"
#include "SpaceBuilder.h"
#include "WorkCount.h"

#include "analysis/NestFacts.h"
#include "codegen/CudaEmitter.h"
#include "schedule/Schedule.h"
#include "schedule/ScheduleCheck.h"
#include "transforms/Pipeline.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <set>

namespace c2cuda {

namespace {

/// Text less its lines that are only a // comment: the variants' comments
/// say where their schedule came from, which does not change what runs.
std::string withoutLineComments(const std::string &Text) {
  std::string Out;
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  llvm::StringRef(Text).split(Lines, '\n');
  for (llvm::StringRef L : Lines)
    if (!L.ltrim().starts_with("//"))
      Out += L.str() + "\n";
  return Out;
}

std::string sha256Hex(const std::string &Text) {
  return llvm::toHex(llvm::SHA256::hash(llvm::arrayRefFromStringRef(Text)),
                     /*LowerCase=*/true);
}

const Function *findFunction(const Module &M, const std::string &Name) {
  for (const Function &F : M.Functions)
    if (F.Name == Name)
      return &F;
  return nullptr;
}

/// One function lowered and printed: a module of its own keeps the
/// LoweredFunction's pointer to the function valid.
struct LoweredOne {
  Module M;
  LoweredFunction LF;
  std::string Cuda;
  const Kernel *NestKernel = nullptr;
};

/// How a variant's function is lowered: the plain mapping (every nest as
/// written, no default tiling), or the tuned nest with the default schedule
/// or a schedule of the space, the other nests with R.OtherNests or the
/// default, as `c2cuda --schedule` writes them.
enum class Lowering { Plain, Default, Scheduled };

/// Lowers F (the module's SourceFile kept) as How says, with the nest's
/// schedule S where How is Scheduled.
bool lowerOne(const TuneRequest &R, const Function &F, Lowering How,
              const NestSchedule *S, LoweredOne &Out, DiagnosticList &Diags) {
  Out.M.SourceFile = R.M->SourceFile;
  std::map<unsigned, NestSchedule> Schedules;
  if (How != Lowering::Plain)
    Schedules = R.OtherNests;
  if (How == Lowering::Scheduled)
    Schedules[R.Nest] = *S;
  if (!Schedules.empty())
    Out.M.Functions.push_back(withSchedules(F, Schedules, Diags));
  else
    Out.M.Functions.push_back(F);
  if (Diags.hasErrors())
    return false;
  const Function &G = Out.M.Functions.front();
  FunctionFacts Facts = analyzeFunction(G, Diags);
  if (Diags.hasErrors())
    return false;
  PipelineOptions PO;
  PO.AllowReassociation = R.AllowReassociation;
  PO.FastMath = R.FastMath;
  PO.Tf32x3 = R.Tf32x3;
  PO.TileByDefault = How != Lowering::Plain;
  Out.LF = runPipeline(G, Facts, PO, Diags);
  if (Diags.hasErrors())
    return false;
  for (const Kernel &K : Out.LF.Kernels)
    if (K.NestId == R.Nest) {
      Out.NestKernel = &K;
      break;
    }
  llvm::raw_string_ostream OS(Out.Cuda);
  CudaEmitOptions CO;
  CO.SourceName = llvm::sys::path::filename(R.SourcePath).str();
  emitCuda(OS, Out.M, {Out.LF}, CO);
  OS.flush();
  return true;
}

std::string firstError(const DiagnosticList &D) {
  for (const Diagnostic &X : D.all())
    if (X.Level == DiagLevel::Error)
      return X.Message;
  return "refused";
}

/// A planted fault: Code inserted at the start of the first kernel's body.
std::string plant(const std::string &Cuda, const std::string &Code) {
  size_t G = Cuda.find("__global__");
  size_t Brace = G == std::string::npos ? G : Cuda.find('{', G);
  if (Brace == std::string::npos)
    return Cuda;
  return Cuda.substr(0, Brace + 1) + "\n" + Code + Cuda.substr(Brace + 1);
}

/// Tries the space's first split point; where the lowering refuses its
/// split (the clause's error: the nest's sums cannot be divided, e.g. a
/// floating-point sum without leave to reassociate, whatever the tiles),
/// takes every split point and the split parameter out of Space and counts
/// them as one refusal, which says what would allow them. A refusal for
/// another reason leaves the split points to be lowered one by one.
void dropRefusedSplits(const TuneRequest &R, const Function &F,
                       TuneSpace &Space, PreparedBundle &Out) {
  auto Splits = [](const SpacePoint &P) { return !P.Schedule.Split.empty(); };
  auto First = std::find_if(Space.Points.begin(), Space.Points.end(), Splits);
  if (First == Space.Points.end())
    return;
  NestSchedule Probe = First->Schedule;
  std::string Name = "split_" + Probe.Split.begin()->first;
  Probe.Origin = "tuning space";
  DiagnosticList D;
  LoweredOne L;
  if (lowerOne(R, F, Lowering::Scheduled, &Probe, L, D))
    return;
  std::string Why = firstError(D);
  if (!llvm::StringRef(Why).starts_with("split("))
    return;
  for (const Diagnostic &X : D.all())
    if (X.Level == DiagLevel::Error && !X.Hint.empty()) {
      Why += "; " + X.Hint;
      break;
    }
  auto End = std::remove_if(Space.Points.begin(), Space.Points.end(), Splits);
  Out.Refused["every split schedule, as " + Why] +=
      static_cast<size_t>(Space.Points.end() - End);
  Space.Points.erase(End, Space.Points.end());
  llvm::erase_if(Space.Params,
                 [&](const tuner::Parameter &P) { return P.Name == Name; });
  for (SpacePoint &P : Space.Points)
    P.Params.erase(Name);
}

std::string variantId(size_t N) {
  char Buf[16];
  std::snprintf(Buf, sizeof Buf, "v%04zu", N);
  return Buf;
}

} // namespace

bool prepareBundle(const TuneRequest &R, PreparedBundle &Out,
                   DiagnosticList &Diags) {
  const Function *F = findFunction(*R.M, R.Function);
  if (!F) {
    Diags.error({}, "no function '" + R.Function + "' with a nest",
                "name one with --kernel");
    return false;
  }
  tuner::Bundle &B = Out.B;
  B.SourceName = llvm::sys::path::filename(R.SourcePath).str();
  B.SourceSha256 = sha256Hex(R.SourceContents);
  B.Function = R.Function;
  B.Nest = R.Nest;
  for (auto &[K, V] : R.Sizes)
    B.Sizes[K] = V;
  for (auto &[K, V] : R.VerifySizes)
    B.VerifySizes[K] = V;
  B.Timing = R.Timing;
  B.TimeoutSeconds = R.TimeoutSeconds;
  B.Strategy = R.Strategy;
  B.Budget = R.Budget;
  B.Seed = R.Seed;

  // Baselines: the plain mapping and the default schedule.
  LoweredOne Plain, Default;
  {
    // The default lowering below says how the nest is mapped; the plain
    // one's remarks would say part of it again. Its errors are kept.
    DiagnosticList PlainDiags;
    bool Ok = lowerOne(R, *F, Lowering::Plain, nullptr, Plain, PlainDiags);
    for (const Diagnostic &D : PlainDiags.all())
      if (D.Level != DiagLevel::Remark)
        Diags.add(D);
    if (!Ok)
      return false;
  }
  if (!Plain.NestKernel) {
    Diags.error(F->Loc,
                "nest " + std::to_string(R.Nest) + " of '" + F->Name +
                    "' has no kernel to tune",
                "pick a nest that c2cuda offloads (see c2cuda analyze)");
    return false;
  }
  if (!lowerOne(R, *F, Lowering::Default, nullptr, Default, Diags))
    return false;

  HarnessOptions HO;
  HO.Sizes.insert(R.Sizes.begin(), R.Sizes.end());
  HO.VerifySizes.insert(R.VerifySizes.begin(), R.VerifySizes.end());
  HO.SourceFileName = B.SourceName;
  HO.Inputs = R.Inputs;
  std::string HarnessErr;
  std::string Harness = emitHarness(*F, Plain.LF, HO, HarnessErr);
  if (Harness.empty()) {
    Diags.error(F->Loc, "cannot tune '" + F->Name + "': " + HarnessErr,
                "give every integer parameter a value with --size");
    return false;
  }
  B.Tolerance = HO.Tolerance;
  B.ElemType = "float";
  for (const ArrayPlan &A : Plain.LF.Arrays)
    if (A.WrittenOnDevice && A.Elem == ScalarKind::Double)
      B.ElemType = "double";
  Out.Files[B.Harness] = Harness;
  Out.Files[B.Reference] = emitRef64(*F, B.SourceName);
  Out.Files[B.SourceName] = R.SourceContents;

  NestWork W = countNestWork(*F, R.Nest, Plain.LF, R.Sizes);
  B.Flops = W.Flops;
  B.MinBytes = W.MinBytes;

  // The space is built once: its shape also tells the cost model what
  // kind of nest every variant (baselines included) comes from.
  TuneSpace Space = buildTuneSpace(*Plain.NestKernel, *F, R.Sizes);
  std::set<std::string> Symbols;
  auto AddVariant = [&](const std::string &Id, const std::string &Role,
                        const LoweredOne &L, nlohmann::json Params) {
    tuner::Variant V;
    V.Id = Id;
    V.Role = Role;
    V.Params = std::move(Params);
    V.Schedule = scheduleToJson(L.NestKernel->Schedule);
    V.Source = "variants/" + Id + ".cu";
    Out.Files[V.Source] = L.Cuda;
    V.CodeSha256 =
        sha256Hex(withoutLineComments(L.Cuda) + '\0' + Out.Files[B.Harness] +
                  '\0' + Out.Files[B.Reference]);
    for (const std::string &S : harnessSymbols(L.LF))
      Symbols.insert(S);
    for (const Kernel &K : L.LF.Kernels)
      B.KernelNests[K.Name] = K.NestId;
    CostInputs CI;
    CI.Plain = Plain.NestKernel;
    CI.Variant = L.NestKernel;
    CI.Sizes = R.Sizes;
    CI.Flops = W.Flops;
    CI.MinBytes = W.MinBytes;
    CI.Shape = Space.Shape;
    CostResult C = predictCost(CI);
    V.Model = C.Model;
    B.Variants.push_back(std::move(V));
    return C;
  };
  AddVariant("plain", "plain", Plain, nlohmann::json::object());
  AddVariant("default", "default", Default, nlohmann::json::object());
  if (R.PlantFaults) {
    // An out-of-bounds store far past every allocation, and a loop that
    // never ends: the engine must record both as failed and go on.
    LoweredOne Oob = Plain, Hang = Plain;
    Oob.Cuda =
        plant(Plain.Cuda, "  if (threadIdx.x == 0) { volatile float *c2c_bad = "
                          "(volatile float *)(1ULL << 46); *c2c_bad = 1.0f; }");
    Hang.Cuda = plant(Plain.Cuda, "  for (volatile int c2c_spin = 0;; "
                                  "c2c_spin = c2c_spin + 0) {}");
    Oob.Cuda = "// PLANTED FAULT: out-of-bounds store (a test of the tuner)\n" +
               Oob.Cuda;
    Hang.Cuda = "// PLANTED FAULT: kernel never ends (a test of the tuner)\n" +
                Hang.Cuda;
    AddVariant("planted-oob", "planted", Oob, nlohmann::json::object());
    AddVariant("planted-hang", "planted", Hang, nlohmann::json::object());
  }

  Out.Shape = Space.Shape;
  Out.Enumerated = Space.Points.size();
  dropRefusedSplits(R, *F, Space, Out);
  B.Params = Space.Params;
  if (Space.Points.empty()) {
    Diags.error(F->Loc,
                "nest " + std::to_string(R.Nest) + " of '" + F->Name +
                    "' has no schedule space to search",
                "it maps to no grid loop (see c2cuda analyze)");
    return false;
  }
  size_t N = 0;
  for (SpacePoint &P : Space.Points) {
    P.Schedule.Origin = "tuning space";
    // The values, by the rules every producer's schedules follow.
    if (auto Bad = checkScheduleValues(P.Schedule, clausesSetIn(P.Schedule))) {
      ++Out.Refused[Bad->Message];
      continue;
    }
    DiagnosticList D;
    LoweredOne L;
    if (!lowerOne(R, *F, Lowering::Scheduled, &P.Schedule, L, D) ||
        !L.NestKernel) {
      ++Out.Refused[firstError(D)];
      continue;
    }
    size_t Before = B.Variants.size();
    CostResult C = AddVariant(variantId(N), "candidate", L, P.Params);
    if (C.Pruned) {
      Out.Files.erase(B.Variants.back().Source);
      B.Variants.resize(Before);
      ++Out.Pruned[C.Why];
      continue;
    }
    ++N;
  }
  B.Symbols.assign(Symbols.begin(), Symbols.end());
  return true;
}

bool writeBundleDir(const std::string &Dir, const PreparedBundle &P,
                    std::string &Err) {
  for (auto &[Rel, Text] : P.Files) {
    llvm::SmallString<256> Path(Dir);
    llvm::sys::path::append(Path, Rel);
    if (std::error_code EC = llvm::sys::fs::create_directories(
            llvm::sys::path::parent_path(Path))) {
      Err = "cannot create '" + llvm::sys::path::parent_path(Path).str() +
            "': " + EC.message();
      return false;
    }
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    if (EC) {
      Err = "cannot write '" + Path.str().str() + "': " + EC.message();
      return false;
    }
    OS << Text;
  }
  return tuner::writeBundle(Dir, P.B, Err);
}

namespace {

/// M's functions lowered as c2cuda would (the default tiling on) and
/// printed; empty after errors.
std::string lowerAndEmit(const TuneRequest &R, const Module &M,
                         CudaEmitOptions CO, DiagnosticList &Diags) {
  std::vector<LoweredFunction> Lowered;
  for (const Function &G : M.Functions) {
    FunctionFacts Facts = analyzeFunction(G, Diags);
    if (Diags.hasErrors())
      return "";
    PipelineOptions PO;
    PO.AllowReassociation = R.AllowReassociation;
    PO.FastMath = R.FastMath;
    PO.Tf32x3 = R.Tf32x3;
    PO.TileByDefault = true;
    Lowered.push_back(runPipeline(G, Facts, PO, Diags));
  }
  if (Diags.hasErrors())
    return "";
  std::string Cuda;
  llvm::raw_string_ostream OS(Cuda);
  CO.SourceName = llvm::sys::path::filename(R.SourcePath).str();
  emitCuda(OS, M, Lowered, CO);
  OS.flush();
  return Cuda;
}

} // namespace

bool tunedSchedule(const nlohmann::json &Schedule, NestSchedule &S,
                   DiagnosticList &Diags) {
  std::string Err;
  if (!scheduleFromJson(Schedule, S, Err)) {
    Diags.error({}, "schedule of the best variant: " + Err, "");
    return false;
  }
  S.Origin = "tuned schedule";
  return true;
}

std::string emitWithSchedule(const TuneRequest &R,
                             const nlohmann::json &Schedule,
                             DiagnosticList &Diags) {
  const Function *F = findFunction(*R.M, R.Function);
  NestSchedule S;
  if (!F || (!Schedule.is_null() && !tunedSchedule(Schedule, S, Diags)))
    return "";
  std::map<unsigned, NestSchedule> Schedules = R.OtherNests;
  if (!Schedule.is_null())
    Schedules[R.Nest] = S;
  Module M;
  M.SourceFile = R.M->SourceFile;
  for (const Function &G : R.M->Functions)
    M.Functions.push_back(G.Name == F->Name && !Schedules.empty()
                              ? withSchedules(G, Schedules, Diags)
                              : G);
  if (Diags.hasErrors())
    return "";
  return lowerAndEmit(R, M, CudaEmitOptions(), Diags);
}

std::vector<unsigned> tunableNests(const TuneRequest &R,
                                   DiagnosticList &Diags) {
  const Function *F = findFunction(*R.M, R.Function);
  if (!F)
    return {};
  LoweredOne Plain;
  DiagnosticList PlainDiags;
  bool Ok = lowerOne(R, *F, Lowering::Plain, nullptr, Plain, PlainDiags);
  for (const Diagnostic &D : PlainDiags.all())
    if (D.Level != DiagLevel::Remark)
      Diags.add(D);
  std::set<unsigned> Nests;
  if (Ok)
    for (const Kernel &K : Plain.LF.Kernels)
      Nests.insert(K.NestId);
  return {Nests.begin(), Nests.end()};
}

std::vector<std::string> sizeParameters(const Function &F) {
  std::vector<std::string> Names;
  for (const Param &P : F.Params)
    if (!P.isArray() && P.Elem != ScalarKind::Float &&
        P.Elem != ScalarKind::Double)
      Names.push_back(P.Name);
  return Names;
}

std::string sizeSetLabel(const Function &F, const ScalarValues &Sizes) {
  std::string Label;
  for (const std::string &P : sizeParameters(F)) {
    auto It = Sizes.find(P);
    if (It != Sizes.end())
      Label += (Label.empty() ? "" : "_") + P + std::to_string(It->second);
  }
  return Label;
}

std::string emitWithSizeDispatch(const TuneRequest &R,
                                 const std::vector<TunedSize> &Tuned,
                                 DiagnosticList &Diags) {
  const Function *F = findFunction(*R.M, R.Function);
  if (!F)
    return "";
  // The lowerings are static functions beside the module's own; a name
  // the module already has gets a trailing underscore.
  std::set<std::string> Taken;
  for (const Function &G : R.M->Functions)
    Taken.insert(G.Name);
  auto FreshName = [&](std::string Name) {
    while (!Taken.insert(Name).second)
      Name += "_";
    return Name;
  };
  auto Lowering = [&](Function G, const std::string &Name) {
    G.Name = Name;
    G.IsStatic = true;
    return G;
  };
  SizeDispatch D;
  D.Entry = F;
  D.Params = sizeParameters(*F);
  Module M;
  M.SourceFile = R.M->SourceFile;
  for (const Function &G : R.M->Functions) {
    if (&G != F) {
      M.Functions.push_back(G);
      continue;
    }
    D.Fallback = FreshName(F->Name + "_default");
    // Sets whose winners are the same schedule share one lowering.
    std::map<std::string, std::string> ByText;
    for (const TunedSize &T : Tuned) {
      SizeDispatch::SizeClass C;
      for (const std::string &P : D.Params)
        C.Sizes.push_back(T.Sizes.count(P) ? T.Sizes.at(P) : 0);
      // The default won at these sizes: its lowering, with the smaller
      // tiles it picks for few blocks, as measured.
      C.Lowering = D.Fallback;
      if (!T.Schedule.is_null()) {
        std::string &Name = ByText[T.Schedule.dump()];
        if (Name.empty()) {
          NestSchedule S;
          if (!tunedSchedule(T.Schedule, S, Diags))
            return "";
          Name = FreshName(F->Name + "_" + sizeSetLabel(*F, T.Sizes));
          M.Functions.push_back(
              Lowering(withSchedules(G, {{R.Nest, S}}, Diags), Name));
        }
        C.Lowering = Name;
      }
      D.Classes.push_back(std::move(C));
    }
    M.Functions.push_back(Lowering(G, D.Fallback));
  }
  if (Diags.hasErrors())
    return "";
  CudaEmitOptions CO;
  CO.SizeDispatches.push_back(std::move(D));
  return lowerAndEmit(R, M, CO, Diags);
}

} // namespace c2cuda
