//===- PlanArrays.h - What each array needs on the device ------*- C++ -*-===//
//
// One ArrayPlan per array parameter that some kernel uses, in parameter
// order: its element type, its extent (elements from index 0, from the
// analysis; an array without one is left out because the analysis has
// already reported the error), whether the device reads or writes it (the
// nests' read/write sets) and whether host code between the launches reads
// or writes it (HostCode statements and HostRegion headers), which is what
// the host wrapper needs to place its copies.
//
// Legal always: it only records facts; nothing is moved.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_PLANARRAYS_H
#define C2CUDA_TRANSFORMS_PLANARRAYS_H

#include "LoweringContext.h"

namespace c2cuda {

LoweredFunction planArrays(LoweredFunction LF, const LoweringContext &Ctx);

} // namespace c2cuda

#endif
