//===- LowerWithSchedules.h - Lowering a function under given schedules -*- C++
//-*-===//
//
// Test helper: replaces the schedule of a function's nests (by nest id,
// withNestSchedules from exec/RandomSchedule.h) and runs the analysis and the
// pipeline, collecting the errors as text, so that a test can try many
// schedules on one parsed function.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TEST_UNIT_LOWERWITHSCHEDULES_H
#define C2CUDA_TEST_UNIT_LOWERWITHSCHEDULES_H

#include "analysis/NestFacts.h"
#include "exec/RandomSchedule.h"
#include "ir/IR.h"
#include "transforms/Pipeline.h"

#include "llvm/Support/Casting.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <memory>
#include <string>

namespace c2cuda {

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
  Out.F.Body = withNestSchedules(Src.Body, B);
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
