//===- CostModel.h - Predicted time of a variant ---------------*- C++ -*-===//
//
// Ranks variants before any is compiled. The prediction is a roofline with
// the terms the analysis can count for a schedule at a problem size, on an
// sm_90 GPU of the H100 class (constants in CostModel.cpp):
//
//   issue    FMAs plus shared-memory loads (vector runs load 4 per
//            instruction), over 128 thread-instructions per SM per clock,
//            scaled by the balance of blocks over multiprocessors (the
//            busiest one runs ceil(blocks / SMs) blocks' work) and by ILP
//            (the warps it actually holds, times each one's points);
//   shared   shared-memory bytes read, over 128 bytes per SM per clock;
//   l2       global bytes the tiles load (staged footprints per strip, or
//            the compulsory bytes with a tile halo), and a split
//            reduction's atomic adds (each block's partial sums read and
//            written), over L2 bandwidth;
//   dram     compulsory bytes over DRAM bandwidth, or over what the
//            resident warps keep in flight (Little's law) when that is less,
//            plus a split reduction's start kernel writing the outputs;
//   latency  strips whose loads no other resident block or prefetch hides.
//
//   atomics  a split reduction's adds of partial sums, at the rate
//            measured on an H100 (added: they end each block).
//
// The time is the largest of the first four plus half the latency term
// and the atomics;
// registers above the limit (spills) multiply it by 1.5. Registers are
// estimated from the register arrays the lowering declares, occupancy from
// them and the shared tiles (OccupancyCore.h). A variant that cannot hold
// one block per SM is pruned, as is one needing over 255 registers.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TUNEGEN_COSTMODEL_H
#define C2CUDA_TUNEGEN_COSTMODEL_H

#include "ir/Evaluate.h"
#include "ir/IR.h"
#include "tuner/Bundle.h"

#include <string>

namespace c2cuda {

/// Registers a thread needs besides its register arrays (indices, guards,
/// addresses), as the model estimates them: the space builder uses the same
/// count to decide where a register cap is worth trying.
constexpr unsigned BaseRegisters = 28;

/// Multiprocessors of the GPU the model stands for (an H100 SXM): the
/// space builder offers split reductions only where tiles are too few for
/// them.
constexpr unsigned ModelMultiprocessors = 132;

struct CostInputs {
  const Kernel *Plain = nullptr;   ///< The nest's untiled kernel.
  const Kernel *Variant = nullptr; ///< The same nest under the schedule.
  std::string Shape;               ///< SpaceBuilder's "strip", "stencil", ...
  ScalarValues Sizes;
  double Flops = 0, MinBytes = 0;
};

/// The prediction; Pruned with Why when the variant cannot run well at all.
struct CostResult {
  tuner::ModelPrediction Model;
  bool Pruned = false;
  std::string Why;
};

CostResult predictCost(const CostInputs &In);

} // namespace c2cuda

#endif
