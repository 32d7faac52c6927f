//===- ExpandIntegerPowers.h - pow with a small integer exponent -*- C++
//-*-===//
//
// In every kernel, `pow(x, n)` and `powf(x, n)` with n a literal 1, 2, 3 or
// 4 become multiplications of x (x, x * x, x * x * x, (x * x) * (x * x)) in
// the call's type: the general power routine costs tens of instructions.
// Each kernel that had one gets a remark naming the rewrite.
//
// Legal when x has no side effects (it holds no call), so evaluating it
// several times gives the same value. x * x is the correctly rounded square,
// as a correctly rounded pow would give; x * x * x and the fourth power
// round twice, within the error CUDA documents for pow (2 ulp).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_EXPANDINTEGERPOWERS_H
#define C2CUDA_TRANSFORMS_EXPANDINTEGERPOWERS_H

#include "ir/IR.h"

namespace c2cuda {

LoweredFunction expandIntegerPowers(LoweredFunction LF);

} // namespace c2cuda

#endif
