//===- AnalyzeReport.cpp - What `c2cuda analyze` reports -----------------===//

#include "report/AnalyzeReport.h"

#include "analysis/NestFacts.h"
#include "analysis/Remarks.h"
#include "ir/Evaluate.h"
#include "ir/IRPrinter.h"
#include "report/ReportSections.h"
#include "transforms/Pipeline.h"

#include <algorithm>

using namespace c2cuda;
using llvm::dyn_cast;
using nlohmann::json;

namespace {

json locJson(const SourceLoc &L) {
  return L.valid() ? json(L.str()) : json(nullptr);
}

json valueOrNull(const std::optional<int64_t> &V) {
  return V ? json(*V) : json(nullptr);
}

/// Targets of compound assignments (`C[i][j] += ...`): read and written.
void collectCompoundTargets(const StmtList &L, std::set<const Expr *> &Out) {
  for (const StmtPtr &S : L) {
    if (const auto *A = dyn_cast<AssignStmt>(S.get())) {
      if (A->Op != AssignOpKind::Set)
        Out.insert(A->LHS.get());
    } else if (const auto *I = dyn_cast<IfStmt>(S.get())) {
      collectCompoundTargets(I->Then, Out);
      collectCompoundTargets(I->Else, Out);
    } else if (const auto *F = dyn_cast<ForStmt>(S.get())) {
      collectCompoundTargets(F->Body, Out);
    }
  }
}

void collectLoops(const StmtList &L, unsigned Depth,
                  std::vector<std::pair<const ForStmt *, unsigned>> &Out) {
  for (const StmtPtr &S : L) {
    if (const auto *F = dyn_cast<ForStmt>(S.get())) {
      Out.push_back({F, Depth});
      collectLoops(F->Body, Depth + 1, Out);
    } else if (const auto *I = dyn_cast<IfStmt>(S.get())) {
      collectLoops(I->Then, Depth, Out);
      collectLoops(I->Else, Depth, Out);
    }
  }
}

json loopJson(const ForStmt &L, unsigned Depth, const NestFacts &NF) {
  json J;
  J["iterator"] = L.Iter;
  J["location"] = locJson(L.Loc);
  J["depth"] = Depth;
  auto It = NF.Loops.find(&L);
  if (It == NF.Loops.end()) {
    J["class"] = "sequential";
    J["reason"] = "not analysed";
    return J;
  }
  const LoopFacts &F = It->second;
  J["class"] = spelling(F.Class);
  J["reason"] = F.Reason;
  json Reds = json::array();
  for (const ReductionFacts &R : F.Reductions)
    Reds.push_back({{"target", R.Target},
                    {"scalar", R.IsScalar},
                    {"op", R.Op},
                    {"type", spelling(R.Type)}});
  J["reductions"] = Reds;
  if (F.Blocking) {
    const DependenceFacts &D = *F.Blocking;
    J["blocking"] = {
        {"source", D.SourceRef}, {"source_location", locJson(D.SourceAt)},
        {"sink", D.SinkRef},     {"sink_location", locJson(D.SinkAt)},
        {"kind", D.Kind},        {"distance", D.Distance}};
  } else {
    J["blocking"] = nullptr;
  }
  return J;
}

json nestJson(const Function &F, const NestStmt &N, const FunctionFacts &Facts,
              const AnalyzeOptions &Opts) {
  json J;
  J["id"] = N.Id;
  J["location"] = locJson(N.Loc);
  auto It = Facts.Nests.find(&N);
  static const NestFacts Empty;
  const NestFacts &NF = It == Facts.Nests.end() ? Empty : It->second;

  std::vector<std::pair<const ForStmt *, unsigned>> Loops;
  collectLoops(N.Body, 0, Loops);
  J["loops"] = json::array();
  for (auto &[L, Depth] : Loops)
    J["loops"].push_back(loopJson(*L, Depth, NF));

  std::set<const Expr *> Compound;
  collectCompoundTargets(N.Body, Compound);
  J["references"] = json::array();
  for (const RefFacts &R : NF.Refs) {
    json RJ;
    RJ["text"] = exprToString(*R.Ref);
    RJ["array"] = R.Ref->Array;
    RJ["access"] = !R.IsWrite              ? "read"
                   : Compound.count(R.Ref) ? "read-write"
                                           : "write";
    RJ["location"] = locJson(R.Ref->Loc);
    RJ["affine"] = R.Affine;
    RJ["non_affine_reason"] = R.NonAffineReason;
    json Strides = json::object();
    for (auto &[L, Depth] : Loops) {
      auto S = R.ConstStride.find(L->Iter);
      Strides[L->Iter] =
          S == R.ConstStride.end() ? json(nullptr) : json(S->second);
    }
    RJ["strides"] = Strides;
    J["references"].push_back(RJ);
  }

  J["arrays"] = json::array();
  std::set<std::string> Arrays(NF.ArraysRead.begin(), NF.ArraysRead.end());
  Arrays.insert(NF.ArraysWritten.begin(), NF.ArraysWritten.end());
  for (const Param &P : F.Params) {
    if (!Arrays.count(P.Name))
      continue;
    json AJ;
    AJ["name"] = P.Name;
    AJ["element_type"] = spelling(P.Elem);
    AJ["read"] = NF.ArraysRead.count(P.Name) != 0;
    AJ["written"] = NF.ArraysWritten.count(P.Name) != 0;
    auto E = Facts.Extents.find(P.Name);
    if (E != Facts.Extents.end() && E->second.Elements) {
      AJ["extent"] = exprToString(*E->second.Elements);
      auto V = evaluateInt(*E->second.Elements, Opts.Sizes);
      AJ["elements"] = valueOrNull(V);
      AJ["bytes"] = V ? json(*V * sizeInBytes(P.Elem)) : json(nullptr);
    } else {
      AJ["extent"] = nullptr;
      AJ["elements"] = nullptr;
      AJ["bytes"] = nullptr;
    }
    J["arrays"].push_back(AJ);
  }

  auto Names = [](const std::map<std::string, ScalarKind> &M) {
    json A = json::array();
    for (auto &[Name, Type] : M)
      A.push_back(Name);
    return A;
  };
  J["scalars"] = {{"read", Names(NF.ScalarsRead)},
                  {"written", Names(NF.ScalarsWritten)}};
  return J;
}

void collectNests(const StmtList &L, std::vector<const NestStmt *> &Out) {
  for (const StmtPtr &S : L) {
    if (const auto *N = dyn_cast<NestStmt>(S.get()))
      Out.push_back(N);
    else if (const auto *R = dyn_cast<HostRegion>(S.get()))
      collectNests(R->Body, Out);
  }
}

json kernelJson(const Kernel &K, const AnalyzeOptions &Opts) {
  static const char *DimName[] = {"x", "y", "z"};
  json J;
  J["name"] = K.Name;
  J["nest"] = K.NestId;
  J["location"] = locJson(K.Loc);
  J["grid"] = json::array();
  for (const GridLoop &G : K.Grid)
    J["grid"].push_back(
        {{"iterator", G.Iter},
         {"dim", DimName[G.Dim]},
         {"trip_count", exprToString(*G.TripCount)},
         {"trips", valueOrNull(evaluateInt(*G.TripCount, Opts.Sizes))}});
  if (K.ExplicitThreads) {
    // A tiled kernel launches a grid of blocks, each running tiles.
    J["blocks"] = json::array();
    for (unsigned D = 0; D < 3; ++D)
      J["blocks"].push_back(
          {{"dim", DimName[D]},
           {"count", exprToString(*K.GridDims[D])},
           {"value", valueOrNull(evaluateInt(*K.GridDims[D], Opts.Sizes))}});
  }
  J["schedule"] = K.Schedule.str();
  J["block"] = {K.Block[0], K.Block[1], K.Block[2]};
  J["threads_per_block"] = K.Block[0] * K.Block[1] * K.Block[2];
  J["decisions"] = K.Remarks;
  return J;
}

json remarkJson(const PerfRemark &R) {
  return {{"kind", R.Kind},
          {"location", locJson(R.Loc)},
          {"message", R.Message},
          {"hint", R.Hint}};
}

} // namespace

json c2cuda::buildAnalyzeReport(const Module &M, const AnalyzeOptions &Opts,
                                DiagnosticList &Diags) {
  json Report;
  Report["tool"] = "c2cuda analyze";
  Report["schema_version"] = 1;
  Report["source"] = Opts.SourceName.empty() ? M.SourceFile : Opts.SourceName;
  Report["sizes"] = Opts.Sizes;
  Report["compute_capability"] = Opts.ComputeCapability;
  Report["functions"] = json::array();
  std::vector<LoweredFunction> AllLowered;
  for (const Function &F : M.Functions) {
    FunctionFacts Facts = analyzeFunction(F, Diags);
    json FJ;
    FJ["name"] = F.Name;
    FJ["location"] = locJson(F.Loc);
    std::vector<const NestStmt *> Nests;
    collectNests(F.Body, Nests);
    FJ["nests"] = json::array();
    for (const NestStmt *N : Nests)
      FJ["nests"].push_back(nestJson(F, *N, Facts, Opts));

    // The compiler's mapping (default tiling included); its decisions are
    // in the kernels, not repeated as diagnostics.
    DiagnosticList MappingDiags;
    PipelineOptions PO;
    PO.AllowReassociation = Opts.AllowReassociation;
    PO.FastMath = Opts.FastMath;
    PO.TileByDefault = Opts.TileByDefault;
    PO.CheckerboardLayout = Opts.CheckerboardLayout;
    PO.TensorCores = Opts.TensorCores;
    PO.Tf32x3 = Opts.Tf32x3;
    PO.FuseEpilogues = Opts.FuseEpilogues;
    LoweredFunction LF = runPipeline(F, Facts, PO, MappingDiags);
    for (const Diagnostic &D : MappingDiags.all())
      if (D.Level != DiagLevel::Remark)
        Diags.add(D);
    FJ["kernels"] = json::array();
    for (const Kernel &K : LF.Kernels)
      FJ["kernels"].push_back(kernelJson(K, Opts));

    // Warp requests, promotion candidates and the remarks on them are
    // modelled on one thread per iteration. A tiled kernel keeps its
    // untiled mapping's loop-to-dimension assignment, so it gets them from
    // that mapping, marked as such ("mapping_basis").
    LoweredFunction Untiled;
    const LoweredFunction *Basis = &LF;
    bool AnyTiled =
        std::any_of(LF.Kernels.begin(), LF.Kernels.end(),
                    [](const Kernel &K) { return K.ExplicitThreads; });
    if (AnyTiled) {
      PipelineOptions UPO = PO;
      UPO.TileByDefault = false;
      DiagnosticList Ignored;
      Untiled = runPipeline(F, Facts, UPO, Ignored);
      // Alternatives for few blocks follow the kernels they stand in for.
      size_t Launched =
          std::count_if(LF.Kernels.begin(), LF.Kernels.end(),
                        [](const Kernel &K) { return !K.IsAlternative; });
      if (Untiled.Kernels.size() == Launched)
        Basis = &Untiled;
    }
    FJ["remarks"] = json::array();
    for (const PerfRemark &R : sourceRemarks(F, Facts))
      FJ["remarks"].push_back(remarkJson(R));
    for (const PerfRemark &R : mappingRemarks(*Basis))
      FJ["remarks"].push_back(remarkJson(R));

    addMappingSections(FJ, F, Facts, *Basis, Opts);
    for (size_t KI = 0; KI < LF.Kernels.size(); ++KI)
      if (LF.Kernels[KI].ExplicitThreads && Basis != &LF &&
          FJ["kernels"][KI].contains("accesses"))
        FJ["kernels"][KI]["mapping_basis"] = "untiled";
    Report["functions"].push_back(std::move(FJ));
    AllLowered.push_back(std::move(LF));
  }
  addOccupancySections(Report, M, AllLowered, Opts, Diags);
  return Report;
}
