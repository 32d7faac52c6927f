//===- HoistHostLoops.h - Sequential outer loops on the host ----*- C++ -*-===//
//
// The first pass: it builds the host side of the function and cuts every
// nest into kernel regions.
//
// The host body copies the function's HostCode and HostRegion statements
// (region bodies lowered recursively). Each nest is replaced by host loops and
// guards around LaunchStmts. An outer loop of a nest is hoisted to the host
// when it is not parallel, its bounds read no array, its body holds only
// loops, hoistable ifs, assignments to array elements and ifs on array data
// whose branches hold no loop (each run of those a one-thread kernel: a
// convergence test that sets a `break`'s flag), declarations of scalars and
// assignments to them, to scalars declared outside the nest or to
// restructuring's flags declared in it, and hoisting exposes at least one
// parallel loop (otherwise a single sequential kernel does the same work with
// one launch). An if is hoistable when its condition reads no array and its
// branches hold only what such a body may. Every statement left over
// becomes a kernel region: a parallel loop gets a kernel of its own,
// consecutive sequential statements share one. A statement list that
// declares a scalar stays one region, since later statements may use it,
// unless it splits into several anyway and is the body of a host loop (or
// the declarations are restructuring's `c2c_` scalars): the scalars are then
// declared on the host there (a DeclStmt of the host body), their
// initializers become assignments in place, and kernels reach them in
// device slots (KernelScalar::Resident, set by CollectKernelInterface).
//
// A Reduction loop that may run in parallel (ReductionPolicy.h: the user
// allows it) gets a kernel of its own like a parallel loop. It is still
// hoisted when that exposes a parallel loop without atomics (k of a matrix
// product `for k for i for j C[i][j] += ...` runs on the host), but not to
// expose only other reduction loops, which share its kernel instead.
//
// Legal always: the host runs the hoisted loops in their order, their bounds
// and conditions read only scalars, and kernels on one stream complete in
// launch order, so each kernel sees everything the code before it wrote.
// Iterators of hoisted loops reach the kernels as scalar parameters
// (CollectKernelInterface adds them).
//
// A region of scalar assignments only (`DX = 1.0 / n;` at the top of a
// scop: no loop, no array, no declaration, no CUDA intrinsic; ifs on
// scalars allowed) runs on the host as HostCode instead, with its
// statements kept (HostCode::Body) for the CPU oracle: a one-thread kernel
// would cost a launch and two copies of each scalar. Inside a host loop, a
// region naming a scalar the nest declares stays a one-thread kernel: that
// scalar lives in a device slot, and the host would wait for it every
// iteration. Legal because it touches only host-visible scalars, which
// later launches read in program order.
//
// Kernels are created here, numbered in source order and named
// "<function>_kernel<N>"; their Body is the whole region, Grid still empty.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_HOISTHOSTLOOPS_H
#define C2CUDA_TRANSFORMS_HOISTHOSTLOOPS_H

#include "LoweringContext.h"

namespace c2cuda {

LoweredFunction hoistHostLoops(const LoweringContext &Ctx);

} // namespace c2cuda

#endif
