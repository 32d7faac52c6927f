//===- ParallelizeReductions.h - Atomic mapped reductions -------*- C++ -*-===//
//
// Runs after MapToGrid. In each kernel whose grid maps a Reduction loop (one
// the user allows to run in parallel, see ReductionPolicy.h), every
// reduction statement of the mapped reduction loops becomes an atomic update
// (AssignStmt::Atomic): `s += e` is `atomicAdd(&s, e)`, `m = fmaxf(m, e)` an
// atomic max, and so on; the printer picks the CUDA instruction or a
// compare-and-swap loop. A scalar target is a written KernelScalar, which
// the kernel then updates in its device buffer instead of a register. A
// remark names each parallel reduction and what allowed it.
//
// Legal: MapToGrid maps a reduction loop only in a band whose conflicts
// between distinct iterations are all reduction statements of its mapped
// reduction loops (NestFacts: a Reduction loop's dependences are its
// reductions alone, a parallel loop's none). Made atomic, those updates
// combine in some order; the result is the sequential one up to
// reassociation, which the user allowed. Statements not touching a target
// are unchanged.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_PARALLELIZEREDUCTIONS_H
#define C2CUDA_TRANSFORMS_PARALLELIZEREDUCTIONS_H

#include "LoweringContext.h"

namespace c2cuda {

LoweredFunction parallelizeReductions(LoweredFunction LF,
                                      const LoweringContext &Ctx);

} // namespace c2cuda

#endif
