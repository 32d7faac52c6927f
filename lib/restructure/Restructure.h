//===- Restructure.h - IR-to-IR rewriting of nests ------------*- C++ -*-===//
//
// Between the frontend and the analysis that mapping uses, each nest's body
// is rewritten by, in order:
//   ConditionalMinMax         `if (x > m) m = x;` as `m = x > m ? x : m;`,
//                             a max reduction
//   RestructureNests          parallel loops moved outermost (interchange,
//                             fusion), checked against the exact
//                             dependences
//   FuseInitLoops             a loop tree that sets elements fused into the
//                             next tree, which updates them
//   ReplaceArrayAccumulators  array elements accumulated across a loop kept
//                             in a scalar
// A nest whose body changed keeps the body as written in
// NestStmt::AsWritten, which the CPU oracle runs as the reference.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_RESTRUCTURE_RESTRUCTURE_H
#define C2CUDA_RESTRUCTURE_RESTRUCTURE_H

#include "ir/Diagnostics.h"
#include "ir/IR.h"

namespace c2cuda {

struct RestructureOptions {
  /// false: loops stay as written (--no-restructure); array accumulators
  /// are still replaced.
  bool MoveLoops = true;
};

void restructureModule(Module &M, const RestructureOptions &Opts,
                       DiagnosticList &Diags);

} // namespace c2cuda

#endif
