//===- WorkCount.h - Floating-point work and compulsory traffic -*- C++ -*-===//
//
// The two floors of a nest at a problem size: its floating-point operations
// (each +, -, *, / of a float or double, each math call, each compound
// float assignment counted once, summed over the iterations that run) and
// its compulsory DRAM traffic (every array the kernels read, once, plus
// every array they write, once). The tuner reports measured times against
// FLOPs / peak and bytes / bandwidth.
//
// Trip counts are evaluated with the sizes and, for bounds that use an
// outer iterator (triangular nests), with that iterator at the middle of
// its range, which is exact for bounds linear in outer iterators.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TUNEGEN_WORKCOUNT_H
#define C2CUDA_TUNEGEN_WORKCOUNT_H

#include "ir/Evaluate.h"
#include "ir/IR.h"

namespace c2cuda {

struct NestWork {
  double Flops = 0;
  double MinBytes = 0;
  bool Exact = true; ///< False if some bound could not be evaluated.
};

/// Work of nest number Nest of F; Plain gives the arrays' extents and
/// directions (PlanArrays).
NestWork countNestWork(const Function &F, unsigned Nest,
                       const LoweredFunction &Plain, const ScalarValues &Sizes);

/// Trip count of L with Values for the scalars; nullopt if a bound does not
/// evaluate.
std::optional<int64_t> tripCount(const ForStmt &L, const ScalarValues &Values);

/// The nest statement number Nest of F, or null.
const NestStmt *findNest(const Function &F, unsigned Nest);

} // namespace c2cuda

#endif
