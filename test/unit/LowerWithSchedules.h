//===- LowerWithSchedules.h - Lowering a function under given schedules -*- C++
//-*-===//
//
// Test helper: replaces the schedule of a function's nests (by nest id)
// and runs the analysis and the pipeline, collecting the errors as text,
// so that a test can try many schedules on one parsed function.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TEST_UNIT_LOWERWITHSCHEDULES_H
#define C2CUDA_TEST_UNIT_LOWERWITHSCHEDULES_H

#include "analysis/NestFacts.h"
#include "ir/IR.h"
#include "transforms/Pipeline.h"

#include "llvm/Support/Casting.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <memory>
#include <string>

namespace c2cuda {

/// Copies L with every nest's schedule replaced by Scheds[nest id] (the
/// default where absent); other clauses are kept.
inline StmtList withScheds(const StmtList &L,
                           const std::map<unsigned, NestSchedule> &Scheds) {
  StmtList Out;
  for (const StmtPtr &S : L) {
    if (const auto *N = llvm::dyn_cast<NestStmt>(S.get())) {
      NestClauses C = N->Clauses;
      auto It = Scheds.find(N->Id);
      static_cast<NestSchedule &>(C) =
          It == Scheds.end() ? NestSchedule() : It->second;
      Out.push_back(
          std::make_shared<NestStmt>(N->Id, N->Body, C, N->PragmaLoc, N->Loc));
    } else if (const auto *R = llvm::dyn_cast<HostRegion>(S.get())) {
      Out.push_back(
          std::make_shared<HostRegion>(R->Open, withScheds(R->Body, Scheds),
                                       R->Close, R->HeaderArraysRead, R->Loc));
    } else {
      Out.push_back(S);
    }
  }
  return Out;
}

struct Lowering {
  Function F;
  LoweredFunction LF;
  std::string Errors;
};

/// Lowers Src with schedules B into Out (whose LF then points at Out.F).
inline void lowerInto(Lowering &Out, const Function &Src,
                      const std::map<unsigned, NestSchedule> &B, bool Reassoc,
                      bool TileByDefault = false) {
  Out.F = Src;
  Out.F.Body = withScheds(Src.Body, B);
  DiagnosticList Diags;
  FunctionFacts Facts = analyzeFunction(Out.F, Diags);
  PipelineOptions Opts;
  Opts.AllowReassociation = Reassoc;
  Opts.TileByDefault = TileByDefault;
  std::string Null;
  llvm::raw_string_ostream Log(Null);
  Opts.Log = &Log;
  if (!Diags.hasErrors())
    Out.LF = runPipeline(Out.F, Facts, Opts, Diags);
  if (Diags.hasErrors())
    for (const Diagnostic &D : Diags.all())
      Out.Errors += D.Loc.str() + ": " + D.Message + "\n";
}

inline std::unique_ptr<Lowering>
lower(const Function &Src, const std::map<unsigned, NestSchedule> &B,
      bool Reassoc, bool TileByDefault = false) {
  auto L = std::make_unique<Lowering>();
  lowerInto(*L, Src, B, Reassoc, TileByDefault);
  return L;
}

} // namespace c2cuda

#endif
