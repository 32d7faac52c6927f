//===- PipelineStrips.h - The next strip loaded during this one -*- C++ -*-===//
//
// A stage of tiling (TilePlan.h). pipeline(2) loads the next strip's shared
// tiles into registers while the current strip computes, then stores them
// to shared memory behind a barrier: the global loads' latency overlaps
// the arithmetic. pipeline(3) also gives each shared tile two buffers (its
// first index), so a strip computes from one while the next is stored to
// the other, and one barrier per strip suffices. Legal: the staged arrays
// are read-only in the kernel, so loading them early reads the same
// values. Refused without a strip-mined loop or a shared tile, or when two
// buffers need more shared memory than a block may use.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_PIPELINESTRIPS_H
#define C2CUDA_TRANSFORMS_PIPELINESTRIPS_H

#include "TilePlan.h"

namespace c2cuda {

/// Plans the pipelining of every planned kernel whose schedule asks for it.
LoweredFunction pipelineStrips(LoweredFunction LF, LoweringContext &Ctx);

/// The same for one kernel; false, with an error, when it cannot.
bool planPipeline(Kernel &K, TilePlan &P, const LoweringContext &Ctx);

} // namespace c2cuda

#endif // C2CUDA_TRANSFORMS_PIPELINESTRIPS_H
