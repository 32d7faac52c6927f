//===- RelaxFloatArithmetic.h - Faster, less exact float math --*- C++ -*-===//
//
// Only where the user gave permission (`--fast-math`, or the clause
// `fast_math` on the nest's pragma), rewrites each kernel's floating-point
// arithmetic into forms that run faster on the GPU and round differently:
//   - a double computation whose result is converted to float, and whose
//     operands are floats, integers and double literals (`(float)(0.25 *
//     (double)x)`, `(float)exp((double)y)`), is computed in float;
//   - expf, logf, log2f, log10f, sinf, cosf, tanf and powf become CUDA's
//     intrinsics (__expf, ...), which the special function units evaluate
//     in a few instructions, with the error bounds CUDA documents;
//   - 1 / sqrt(x) becomes rsqrt(x);
//   - a division by a value that no statement of the innermost enclosing
//     loop changes (scalars and literals only) becomes a multiplication by
//     its reciprocal, which the compiler computes once before the loop.
// Each kernel gets one remark per distinct rewrite.
//
// Legal only under the permission: each rewrite changes rounding (the
// float forms carry 24 bits instead of 53, the intrinsics lose up to a few
// ulp, more outside their documented ranges). Nothing is reordered, no
// value is read that the code did not read, and calls keep their
// arguments' evaluation (math functions have no side effects).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_RELAXFLOATARITHMETIC_H
#define C2CUDA_TRANSFORMS_RELAXFLOATARITHMETIC_H

#include "LoweringContext.h"

#include "ir/IR.h"

namespace c2cuda {

/// Rewrites the kernels of nests with the `fast_math` clause, or every
/// kernel when FastMathEverywhere (`--fast-math`).
LoweredFunction relaxFloatArithmetic(LoweredFunction LF,
                                     const LoweringContext &Ctx,
                                     bool FastMathEverywhere);

} // namespace c2cuda

#endif
