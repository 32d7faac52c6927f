//===- DeferAccumulatorStarts.h - Sums start from zero ---------*- C++ -*-===//
//
// `acc = C[i][j]; acc *= beta; for k: acc += alpha * A[i][k] * B[k][j];`
// (gemm's `C *= beta; C += alpha * A * B` once its element is kept in a
// register) loads the start before the loop and holds it through it. In a
// register tile that is 64 values loaded before the strip loop, and under
// the 128 registers of two blocks per SM ptxas spills: 40 bytes per thread,
// 0.74x cuBLAS SGEMM against 0.83x for the same kernel summing from zero
// (H100, 4096^3, 2026-11-26). Here each such sum starts from the identity
// of its operator (-0.0 for floating types, so that a loop running no
// iteration leaves the start exactly as it was; 0 for integers) and the
// statements that computed the start run after the loop, into a new scalar
// c2c_start_<acc> that is then added: `acc = c2c_start_acc + acc`. Each
// deferred start is a remark.
//
// Legal, for a scalar acc and a loop L whose statement run just before it
// sets acc, when: every mention of acc in L (bounds included) is the
// target of `acc += e` or `acc -= e` with e not reading acc, and L
// declares no acc; acc is an int, long (signed or unsigned), float or
// double; the run's first statement for acc defines it without reading it
// (`T acc = e;` or `acc = e;`); the run's statements read no scalar L
// assigns or declares, no array L writes and no array the kernel declares
// (shared or register tiles other threads may change), so they compute the
// same start after L as before it. Statements of the run setting other
// scalars stay before L; they read no sum, and no start moved after L
// reads what they set. The additions are reassociated: the
// start is added to the terms' sum instead of the terms one by one to the
// start: for floating types the result differs by rounding, as a parallel
// sum's does, so, as there (ReductionPolicy.h, one rule for every type),
// only with the user's permission: a `reduction(+: acc)` clause on the nest
// (the array's name for an element kept in a register) or
// --allow-reassociation. Without it, a remark says how to give it. Done
// only where the start reads an array (a load the loop would otherwise
// wait for and hold).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_DEFERACCUMULATORSTARTS_H
#define C2CUDA_TRANSFORMS_DEFERACCUMULATORSTARTS_H

#include "LoweringContext.h"

#include "ir/IR.h"

namespace c2cuda {

LoweredFunction deferAccumulatorStarts(LoweredFunction LF,
                                       const LoweringContext &Ctx);

} // namespace c2cuda

#endif
