//===- UseTensorCores.h - Products on the tensor cores ---------*- C++ -*-===//
//
// A stage of tiling (TilePlan.h): a planned kernel whose strip body is one
// update of a double register tile by a product of a row operand and a
// column operand runs its full strips as mma.sync on the FP64 tensor
// cores (TensorCoreProducts.h says what qualifies and why it is exact);
// with --allow-tf32x3, a float register tile the same way as 3xTF32 on the
// TF32 tensor cores (not exact: hence the permission). Only
// for 2-D tiles of a rectangular band, with shared tiles, a strip and one
// buffer, and with --no-tensor-cores not given; a tile keeping double sums
// that does not qualify gets a remark saying why.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_USETENSORCORES_H
#define C2CUDA_TRANSFORMS_USETENSORCORES_H

#include "TilePlan.h"

namespace c2cuda {

/// Plans the tensor-core strips of every planned kernel that qualifies.
LoweredFunction useTensorCores(LoweredFunction LF, LoweringContext &Ctx);

/// The same for one kernel (never refuses).
bool planTensorCores(Kernel &K, TilePlan &P, const LoweringContext &Ctx);

} // namespace c2cuda

#endif // C2CUDA_TRANSFORMS_USETENSORCORES_H
