//===- SpaceBuilder.h - The schedule space of a nest -----------*- C++ -*-===//
//
// The space the tuner searches for one nest, as named parameters with
// values and the points (schedules) built from them. The shape of the space
// comes from the nest's plain mapping (MapToGrid) and its accesses:
//
//   strip    a 2-D parallel band around a loop whose read-only operands
//            can be staged (a matrix product): block shape, tiles of both
//            mapped loops and of the strip loop, double buffering through
//            registers (pipeline) or asynchronous copies into three shared
//            buffers (async, with pipeline 1 only), and where the output
//            tiles at the tuning sizes are too few to fill the GPU, the
//            strips divided among 2 to 16 blocks per tile (split, not with
//            async; the lowering refuses it without leave to reassociate a
//            floating-point sum). Operands are staged in shared memory,
//            padded, with float4 runs where a thread has four points
//            along a dimension.
//   stencil  a 2-D band without such a loop (stencils, convolutions,
//            transposes): block shape, points per thread along x and y
//            (in runs, vectorised up to 4), and whether the read-only
//            arrays indexed by both mapped loops are staged in shared memory.
//   untiled  any other band: block size and cyclic points per thread; for a
//            1-D band whose points start with a loop, also that loop split
//            over 4 to 1024 threads per point (lanes: a row's reduction).
//
// Constraints are applied here (a tile a multiple of the threads and runs
// along its dimension, points per thread within what registers hold); what
// remains may still be refused by the lowering (the tiling passes, TilePlan.h)
// or pruned by resources (CostModel), which the bundle emitter does.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TUNEGEN_SPACEBUILDER_H
#define C2CUDA_TUNEGEN_SPACEBUILDER_H

#include "ir/Evaluate.h"
#include "ir/IR.h"
#include "tuner/Bundle.h"

#include <string>
#include <vector>

namespace c2cuda {

struct SpacePoint {
  nlohmann::json Params; ///< Parameter name -> value.
  NestSchedule Schedule;
};

struct TuneSpace {
  std::string Shape; ///< "strip", "stencil" or "untiled".
  std::vector<tuner::Parameter> Params;
  std::vector<SpacePoint> Points;
};

/// The space of the nest that Plain (the untiled kernel of that nest, as
/// MapToGrid maps it) comes from, for tuning at Sizes.
TuneSpace buildTuneSpace(const Kernel &Plain, const Function &F,
                         const ScalarValues &Sizes);

} // namespace c2cuda

#endif
