//===- AccessSections.cpp - Warp requests, reuse, promotion --------------===//
//
// Per kernel of the default mapping: what each warp request of its
// references costs, which arrays are worth staging in shared memory or
// registers, and remarks on uncoalesced requests and likely bank conflicts.
//
//===----------------------------------------------------------------------===//

#include "analysis/AccessPattern.h"
#include "analysis/Reuse.h"
#include "ir/IRPrinter.h"
#include "report/ReportSections.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace c2cuda;
using llvm::dyn_cast;
using nlohmann::json;

namespace {

const NestStmt *findNest(const StmtList &L, unsigned Id) {
  for (const StmtPtr &S : L) {
    if (const auto *N = dyn_cast<NestStmt>(S.get()); N && N->Id == Id)
      return N;
    if (const auto *R = dyn_cast<HostRegion>(S.get()))
      if (const NestStmt *N = findNest(R->Body, Id))
        return N;
  }
  return nullptr;
}

bool sameLoc(const SourceLoc &A, const SourceLoc &B) {
  return A.File == B.File && A.Line == B.Line && A.Col == B.Col;
}

/// The kernel's mapping as the access model sees it; the mapped loops are
/// found by iterator and position, since a nest may reuse iterator names.
ThreadMapping threadMapping(const Kernel &K, const NestModel &M) {
  ThreadMapping TM;
  for (unsigned D = 0; D < 3; ++D)
    TM.Block[D] = K.Block[D];
  for (const GridLoop &G : K.Grid) {
    TM.Iter[G.Dim] = G.Iter;
    for (const ForStmt *L : M.Loops)
      if (L == G.Loop)
        TM.Loops[G.Dim] = L;
    if (!TM.Loops[G.Dim])
      for (const ForStmt *L : M.Loops)
        if (L->Iter == G.Iter && sameLoc(L->Loc, G.Loc))
          TM.Loops[G.Dim] = L;
  }
  return TM;
}

/// Whether R lies inside the kernel (inside one of its mapped loops).
bool inKernel(const RefSite &R, const ThreadMapping &TM) {
  for (const ForStmt *L : TM.Loops)
    if (L && std::find(R.Loops.begin(), R.Loops.end(), L) != R.Loops.end())
      return true;
  return false;
}

json optInt(const std::optional<int64_t> &V) {
  return V ? json(*V) : json(nullptr);
}

json sizesDefaulted(const std::set<std::string> &S) {
  return json(std::vector<std::string>(S.begin(), S.end()));
}

} // namespace

void c2cuda::addMappingSections(json &FJ, const Function &F,
                                const FunctionFacts &Facts,
                                const LoweredFunction &LF,
                                const AnalyzeOptions &Opts) {
  for (size_t KI = 0; KI < LF.Kernels.size(); ++KI) {
    const Kernel &K = LF.Kernels[KI];
    json &KJ = FJ["kernels"][KI];
    const NestStmt *Nest = findNest(F.Body, K.NestId);
    if (K.Grid.empty() || !Nest)
      continue; // A single thread: no warp, no block to share data in.
    NestModel M = buildNestModel(F, *Nest);
    ThreadMapping TM = threadMapping(K, M);

    KJ["accesses"] = json::array();
    for (size_t I = 0; I < M.Refs.size(); ++I) {
      const RefSite &R = M.Refs[I];
      if (!inKernel(R, TM))
        continue;
      WarpAccess W = analyzeWarpAccess(M, I, TM, Opts.Sizes);
      std::string Text = exprToString(*R.Ref);
      json AJ = {
          {"reference", Text},
          {"array", R.Ref->Array},
          {"access", R.IsWrite ? (R.IsRead ? "read-write" : "write") : "read"},
          {"location", R.Ref->Loc.str()},
          {"stride_elements", optInt(W.ElemStride)},
          {"stride", W.StrideText},
          {"active_lanes", W.ActiveLanes},
          {"sectors", W.Why.empty() ? json(W.Sectors) : json(nullptr)},
          {"ideal_sectors",
           W.Why.empty() ? json(W.IdealSectors) : json(nullptr)},
          {"broadcast", W.Broadcast},
          {"coalesced", W.Why.empty() && W.coalesced()},
          {"sizes_defaulted", sizesDefaulted(W.DefaultedSizes)},
          {"why_unknown", W.Why}};
      KJ["accesses"].push_back(AJ);
      // Twice the ideal or worse is worth a remark; broadcasts are cheap,
      // and a unit stride with idle lanes is a divergence matter.
      bool UnitStride =
          W.ElemStride && (*W.ElemStride == 1 || *W.ElemStride == -1);
      if (W.Why.empty() && !W.Broadcast && !UnitStride &&
          W.Sectors >= 2 * W.IdealSectors && W.ActiveLanes > 1)
        FJ["remarks"].push_back(
            {{"kind", "uncoalesced"},
             {"location", R.Ref->Loc.str()},
             {"message", "under this mapping a warp's request for " + Text +
                             " touches " + std::to_string(W.Sectors) +
                             " sectors of 32 bytes where " +
                             std::to_string(W.IdealSectors) + " would do (" +
                             (W.StrideText.empty() ? std::string("irregular")
                                                   : "stride " + W.StrideText) +
                             " elements between neighbouring threads)"},
             {"hint", "map the loop that walks " + R.Ref->Array +
                          " contiguously to threadIdx.x, or stage it "
                          "through shared memory"}});
    }

    NestReuse NR = analyzeReuse(M, TM, Opts.Sizes);
    KJ["reuse"] = json::array();
    for (const ArrayReuse &A : NR.Arrays) {
      bool Touched = std::any_of(A.Refs.begin(), A.Refs.end(), [&](size_t I) {
        return inKernel(M.Refs[I], TM);
      });
      if (!Touched)
        continue;
      KJ["reuse"].push_back(
          {{"array", A.Array},
           {"threads_sharing", A.ThreadsSharing},
           {"reused_across", std::vector<std::string>(A.ReusedAcross.begin(),
                                                      A.ReusedAcross.end())},
           {"footprint_elements",
            A.FootprintKnown ? json(A.FootprintElements) : json(nullptr)},
           {"footprint_bytes",
            A.FootprintKnown ? json(A.FootprintBytes) : json(nullptr)},
           {"why_unknown", A.Why}});
    }
    KJ["promotion"] = json::array();
    auto Candidate = [&](const Promotion &P, const char *To) {
      json PJ = {{"array", P.Array},
                 {"to", To},
                 {"traffic_without", P.TrafficWithout},
                 {"traffic_with", P.TrafficWith},
                 {"traffic_saved", llvm::formatv("{0:F1}x", P.Ratio).str()},
                 {"why", P.Reason}};
      if (P.K == Promotion::Kind::Shared) {
        const ArrayReuse *A = NR.array(P.Array);
        PJ["footprint_elements"] = A ? A->FootprintElements : 0;
        PJ["footprint_bytes"] = P.FootprintBytes;
      } else if (P.Loop) {
        PJ["across_loop"] = P.Loop->Iter;
      }
      KJ["promotion"].push_back(PJ);
    };
    for (const Promotion &P : NR.Shared) {
      Candidate(P, P.ConstantMemory ? "shared or constant" : "shared");
      // Would a warp reading the staged tile conflict on banks?
      const ArrayReuse *A = NR.array(P.Array);
      if (!A || !A->FootprintKnown)
        continue;
      for (size_t I : P.Refs) {
        if (!inKernel(M.Refs[I], TM))
          continue;
        SharedLayout L{A->BoxExtent, 0, 0};
        BankConflicts B = sharedBankConflicts(M, I, TM, L, Opts.Sizes);
        if (!B.Why.empty() || B.Degree <= B.IdealDegree)
          continue;
        L.Pad = 1;
        BankConflicts Padded = sharedBankConflicts(M, I, TM, L, Opts.Sizes);
        FJ["remarks"].push_back(
            {{"kind", "bank-conflicts"},
             {"location", M.Refs[I].Ref->Loc.str()},
             {"message", "staged in shared memory as laid out in C, " +
                             exprToString(*M.Refs[I].Ref) +
                             " would be read "
                             "with a " +
                             std::to_string(B.Degree) + "-way bank conflict"},
             {"hint", "pad each row of the tile by one element (" +
                          std::to_string(Padded.Degree) + "-way)"}});
        break;
      }
    }
    for (const Promotion &P : NR.Registers)
      Candidate(P, "registers");
    if (!NR.Why.empty())
      KJ["reuse_why_unknown"] = NR.Why;
  }
}
