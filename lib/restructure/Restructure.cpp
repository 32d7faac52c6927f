//===- Restructure.cpp - IR-to-IR changes of nests before analysis --------===//

#include "Restructure.h"
#include "FuseInitLoops.h"

#include "CompressModularGuards.h"
#include "ConditionalMinMax.h"
#include "JoinStripMinedLoops.h"
#include "ReplaceArrayAccumulators.h"
#include "RestructureNests.h"
#include "SplitArgExtremum.h"
#include "SubstituteTemporaries.h"

#include "analysis/NestFacts.h"
#include "ir/IRPrinter.h"

#include <algorithm>

#include <functional>
#include <optional>

using namespace llvm;

namespace c2cuda {

namespace {

void findNests(const StmtList &L, std::set<const NestStmt *> &Out) {
  for (const StmtPtr &S : L)
    if (const auto *N = dyn_cast<NestStmt>(S.get()))
      Out.insert(N);
    else if (const auto *H = dyn_cast<HostRegion>(S.get()))
      findNests(H->Body, Out);
}

/// F with only the nests Keep accepts as its body (host regions
/// flattened): what the analysis of those nests needs, keyed by the same
/// IR nodes.
Function nestsOnly(const Function &F,
                   const std::function<bool(const NestStmt &)> &Keep) {
  Function Part = F;
  Part.Body.clear();
  std::function<void(const StmtList &)> Collect = [&](const StmtList &L) {
    for (const StmtPtr &S : L)
      if (const auto *N = dyn_cast<NestStmt>(S.get())) {
        if (Keep(*N))
          Part.Body.push_back(S);
      } else if (const auto *H = dyn_cast<HostRegion>(S.get())) {
        Collect(H->Body);
      }
  };
  Collect(F.Body);
  return Part;
}

/// Whether the nest is small enough to restructure (RestructureNests
/// takes trees of at most 64 statements) and has two nested loops to
/// reorder: the dependences of larger nests are not computed at all.
bool worthAnalysing(const NestStmt &N) {
  unsigned Stmts = 0, Depth = 0;
  std::function<void(const StmtList &, unsigned)> Walk = [&](const StmtList &L,
                                                             unsigned D) {
    for (const StmtPtr &S : L) {
      ++Stmts;
      if (const auto *F = dyn_cast<ForStmt>(S.get())) {
        Depth = std::max(Depth, D + 1);
        Walk(F->Body, D + 1);
      }
    }
  };
  Walk(N.Body, 0);
  return Stmts <= 256 && Depth >= 2;
}

bool sameList(const StmtList &A, const StmtList &B) {
  if (A.size() != B.size())
    return false;
  for (size_t K = 0; K < A.size(); ++K)
    if (A[K] != B[K])
      return false;
  return true;
}

/// L with every nest's body replaced by Rewrite's answer.
StmtList rewriteNests(const StmtList &L,
                      const std::function<StmtList(const NestStmt &)> &Rewrite,
                      const std::function<void(NestStmt &)> &Note = nullptr) {
  StmtList Out;
  for (const StmtPtr &S : L) {
    if (const auto *N = dyn_cast<NestStmt>(S.get())) {
      StmtList Body = Rewrite(*N);
      if (sameList(Body, N->Body)) {
        Out.push_back(S);
        continue;
      }
      auto New = std::make_shared<NestStmt>(*N);
      if (New->AsWritten.empty())
        New->AsWritten = N->Body;
      New->Body = std::move(Body);
      if (Note)
        Note(*New);
      Out.push_back(New);
    } else if (const auto *H = dyn_cast<HostRegion>(S.get())) {
      StmtList Body = rewriteNests(H->Body, Rewrite, Note);
      if (sameList(Body, H->Body)) {
        Out.push_back(S);
        continue;
      }
      Out.push_back(H->withBody(std::move(Body)));
    } else {
      Out.push_back(S);
    }
  }
  return Out;
}

void compressModularGuardsPass(Function &F, DiagnosticList &Diags) {
  std::map<std::string, int64_t> Compressed;
  F.Body = rewriteNests(
      F.Body,
      [&](const NestStmt &N) {
        std::set<std::string> Skip;
        for (const auto &[Loop, Width] : N.Clauses.Vector)
          Skip.insert(Loop);
        return compressModularGuards(N.Body, F.Params, Diags, Skip, Compressed);
      },
      [&](NestStmt &N) {
        N.ResidueLoops.insert(Compressed.begin(), Compressed.end());
      });
}

void conditionalMinMaxPass(Function &F, DiagnosticList &Diags) {
  F.Body = rewriteNests(F.Body, [&](const NestStmt &N) {
    return rewriteConditionalMinMax(N.Body, Diags);
  });
}

void splitArgExtremumPass(Function &F, DiagnosticList &Diags) {
  // Which loops are parallel, from the analysis of the nests as they are.
  Function Part =
      nestsOnly(F, [](const NestStmt &N) { return hasArgExtremum(N.Body); });
  if (Part.Body.empty())
    return;
  DiagnosticList Scratch;
  FunctionFacts Facts = analyzeFunction(Part, Scratch);
  unsigned Counter = 0;
  std::map<std::string, std::string> OrderFree;
  F.Body = rewriteNests(
      F.Body,
      [&](const NestStmt &N) {
        OrderFree.clear();
        const NestFacts &NF = Facts.Nests[&N];
        auto IsParallel = [&](const ForStmt &L) {
          auto It = NF.Loops.find(&L);
          return It != NF.Loops.end() && It->second.Parallel;
        };
        // RowsPerWarp takes such rows in a nest without clauses.
        bool Default = N.scheduledByDefault();
        RowSearchFn ReadsRows = [&](const ForStmt &S, const ForStmt &P) {
          return Default && rowsAlong(NF, {&S}, P.Iter) > 0;
        };
        return splitArgExtremum(N.Body, IsParallel, ReadsRows, Counter,
                                OrderFree, Diags);
      },
      [&](NestStmt &N) {
        N.OrderFree.insert(OrderFree.begin(), OrderFree.end());
      });
}

void joinStripMinedLoopsPass(Function &F, DiagnosticList &Diags) {
  std::set<const NestStmt *> All, Which;
  findNests(F.Body, All);
  // Schedule clauses name the loops as written.
  for (const NestStmt *N : All)
    if (N->Clauses.isDefault() && hasStripMinedLoops(N->Body))
      Which.insert(N);
  if (Which.empty())
    return;
  Function Part =
      nestsOnly(F, [&](const NestStmt &N) { return Which.count(&N) > 0; });
  DiagnosticList Scratch;
  FunctionFacts Facts;
  auto Deps = nestDependences(Part, Which, Facts, Scratch);
  F.Body = rewriteNests(F.Body, [&](const NestStmt &N) {
    auto D = Deps.find(&N);
    return D == Deps.end() ? N.Body : joinStripMinedLoops(N, D->second, Diags);
  });
}

/// How many loops mapping takes from the trees of Body, summed.
unsigned mappedLoops(const StmtList &Body, const NestFacts &Facts) {
  unsigned Sum = 0;
  for (const StmtPtr &S : Body)
    if (const auto *F = dyn_cast<ForStmt>(S.get()))
      Sum += bandAsWritten(*F, Facts).size();
  return Sum;
}

/// One round of RestructureNests over F's nests; whether any changed. A
/// nest with temporaries (SubstituteTemporaries.h) is also tried with them
/// substituted, and that form is kept when it restructures.
bool restructureNestsOnce(Function &F, DiagnosticList &Diags) {
  std::set<const NestStmt *> All, Which;
  findNests(F.Body, All);
  // Schedule clauses name the loops as written.
  for (const NestStmt *N : All)
    if (N->Clauses.isDefault() && worthAnalysing(*N))
      Which.insert(N);
  if (Which.empty())
    return false;
  struct Candidate {
    std::shared_ptr<NestStmt> Nest;
    std::vector<SubstitutedTemporary> Substituted;
  };
  std::map<const NestStmt *, Candidate> Candidates;
  for (const NestStmt *N : Which) {
    Candidate C;
    StmtList Body = substituteTemporaries(N->Body, C.Substituted);
    if (C.Substituted.empty())
      continue;
    C.Nest = std::make_shared<NestStmt>(*N);
    C.Nest->Body = std::move(Body);
    Candidates[N] = std::move(C);
  }
  // Only those nests are analysed (the same IR nodes, so the facts are
  // keyed by them); the analysis after this one reports.
  Function Part =
      nestsOnly(F, [&](const NestStmt &N) { return Which.count(&N) > 0; });
  for (auto &[N, C] : Candidates) {
    Part.Body.push_back(C.Nest);
    Which.insert(C.Nest.get());
  }
  DiagnosticList Scratch;
  FunctionFacts Facts;
  auto Deps = nestDependences(Part, Which, Facts, Scratch);
  bool Changed = false;
  // The nest as written first; with its temporaries substituted only when
  // that restructures and the nest as written does not.
  auto Try = [&](const NestStmt &N,
                 DiagnosticList &Said) -> std::optional<StmtList> {
    auto D = Deps.find(&N);
    if (D == Deps.end())
      return std::nullopt;
    StmtList Out = restructureNest(N, Facts.Nests[&N], D->second, Said);
    if (Out == N.Body)
      return std::nullopt;
    return Out;
  };
  F.Body = rewriteNests(F.Body, [&](const NestStmt &N) {
    DiagnosticList Said;
    std::optional<StmtList> New = Try(N, Said);
    auto C = Candidates.find(&N);
    if (!New && C != Candidates.end()) {
      const NestStmt &Sub = *C->second.Nest;
      Said = DiagnosticList();
      New = Try(Sub, Said);
      // Substituted, mapping takes more loops even where nothing moves
      // (`float xi = x[i];` before `for j`).
      if (!New && mappedLoops(Sub.Body, Facts.Nests[&Sub]) >
                      mappedLoops(N.Body, Facts.Nests[&N]))
        New = Sub.Body;
      if (New)
        for (const SubstitutedTemporary &T : C->second.Substituted)
          Diags.remark(T.Loc,
                       "substituted '" + T.Name +
                           "' into its uses, so that the loops around it "
                           "can be restructured or mapped together",
                       "--no-restructure keeps the loops as written");
    }
    if (!New)
      return N.Body;
    for (Diagnostic &X : Said.all())
      Diags.add(std::move(X));
    Changed = true;
    return *New;
  });
  return Changed;
}

void restructureNestsPass(Function &F, DiagnosticList &Diags) {
  // A second round restructures what the first made: an in-place stencil
  // whose copy statement was distributed off becomes a wavefront.
  for (int Round = 0; Round < 2; ++Round)
    if (!restructureNestsOnce(F, Diags))
      return;
}

void fuseInitLoopsPass(Function &F, DiagnosticList &Diags) {
  F.Body = fuseInitNests(F.Body, Diags);
  F.Body = rewriteNests(F.Body, [&](const NestStmt &N) {
    return N.Clauses.isDefault() ? fuseInitLoops(N.Body, Diags) : N.Body;
  });
}

void replaceArrayAccumulatorsPass(Function &F, DiagnosticList &Diags) {
  std::map<std::string, std::string> StandsFor;
  F.Body = rewriteNests(
      F.Body,
      [&](const NestStmt &N) {
        StandsFor.clear();
        return replaceArrayAccumulators(N.Body, F.Params, Diags, StandsFor);
      },
      [&](NestStmt &N) {
        N.StandsFor.insert(StandsFor.begin(), StandsFor.end());
      });
}

bool movesLoops(const std::string &Pass) {
  return Pass == "JoinStripMinedLoops" || Pass == "RestructureNests" ||
         Pass == "FuseInitLoops";
}

void dumpAfter(const std::string &Pass, const Function &F,
               const RestructureOptions &Opts) {
  if (!Opts.PrintAfterAll &&
      std::find(Opts.PrintAfter.begin(), Opts.PrintAfter.end(), Pass) ==
          Opts.PrintAfter.end())
    return;
  llvm::raw_ostream &OS = Opts.Log ? *Opts.Log : llvm::errs();
  OS << "*** IR Dump After " << Pass << " *** (" << F.Name << ")\n";
  printFunction(OS, F);
  OS.flush();
}

} // namespace

const std::vector<RestructurePass> &restructurePasses() {
  static const std::vector<RestructurePass> Passes = {
      // First: CompressModularGuards rewrites a tile loop starting at an
      // outer iterator (`ii = k + 1`) into a count of tiles.
      {"JoinStripMinedLoops",
       "a loop tiled by hand (`for ii += 32` around `for i = ii; i < "
       "min(ii + 32, n)`) run as one loop, checked against the exact "
       "dependences",
       joinStripMinedLoopsPass},
      {"CompressModularGuards",
       "a loop guarded by `v % m == r`, or stepping from a start that "
       "depends on an outer loop, run over the iterations it keeps",
       compressModularGuardsPass},
      {"SplitArgExtremum",
       "`if (x > m) { m = x; at = i; }` as a max reduction, then a min "
       "reduction finding where the maximum is",
       splitArgExtremumPass},
      {"ConditionalMinMax",
       "`if (x > m) m = x;` as `m = x > m ? x : m;`, a max reduction",
       conditionalMinMaxPass},
      {"RestructureNests",
       "parallel loops moved outermost (interchange, fusion), checked "
       "against the exact dependences",
       restructureNestsPass},
      {"FuseInitLoops",
       "a loop tree that sets elements fused into the next tree, which "
       "updates them",
       fuseInitLoopsPass},
      {"ReplaceArrayAccumulators",
       "array elements accumulated across a loop kept in a scalar",
       replaceArrayAccumulatorsPass}};
  return Passes;
}

void restructureModule(Module &M, const RestructureOptions &Opts,
                       DiagnosticList &Diags) {
  std::vector<const RestructurePass *> Run;
  for (const RestructurePass &P : restructurePasses())
    if (!Opts.Passes && (Opts.MoveLoops || !movesLoops(P.Name)))
      Run.push_back(&P);
  if (Opts.Passes)
    for (const std::string &Name : *Opts.Passes)
      for (const RestructurePass &P : restructurePasses())
        if (P.Name == Name)
          Run.push_back(&P);
  for (Function &F : M.Functions)
    for (const RestructurePass *P : Run) {
      P->Run(F, Diags);
      dumpAfter(P->Name, F, Opts);
    }
}

} // namespace c2cuda
