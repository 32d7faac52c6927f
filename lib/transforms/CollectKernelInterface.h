//===- CollectKernelInterface.h - Parameters of each kernel ----*- C++ -*-===//
//
// Fills each kernel's parameter lists from what its body and grid loops
// actually mention:
//  - Arrays: the function's array parameters the kernel references, in
//    parameter order;
//  - Scalars: outside scalars it reads or assigns (the nest's ScalarsRead /
//    ScalarsWritten facts, scalar parameters, and the iterators of the host
//    loops around its launch), sorted by name; Written is set when the kernel
//    assigns the scalar, so the host copies it back after the launch.
// A scalar the nest writes but this kernel only reads is passed by value,
// except a Resident one (a host declaration's scalar some kernel writes:
// kernels reach it in its device slot, KernelScalar::Resident).
//
// Legal always: it only records what the kernels use; nothing is moved.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_COLLECTKERNELINTERFACE_H
#define C2CUDA_TRANSFORMS_COLLECTKERNELINTERFACE_H

#include "LoweringContext.h"

namespace c2cuda {

LoweredFunction collectKernelInterface(LoweredFunction LF,
                                       const LoweringContext &Ctx);

} // namespace c2cuda

#endif
