//===- RegisterOperands.h - Small operands every point reads whole -*- C++ -*-//
//
// A stage of tiling (TilePlan.h). In a tiled kernel, a small read-only array
// that every point reads whole with subscripts free of the tile's loops (a
// convolution's mask) is loaded once per thread into a register array
// (c2c_rf_<A>), instead of once per point and step. Qualifies: an array the
// kernel does not write, not staged in shared memory, whose every subscript
// reads neither a tile loop nor a local of the kernel, with a footprint of at
// most 64 elements that per-dimension bounds describe exactly. Legal because
// the array is read-only in the kernel: the registers hold the values every
// point would have loaded.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_REGISTEROPERANDS_H
#define C2CUDA_TRANSFORMS_REGISTEROPERANDS_H

#include "SharedTileCopy.h"
#include "TilePlan.h"

#include "ir/IR.h"

#include <set>
#include <string>
#include <vector>

namespace c2cuda {

/// Plans the register operands of every planned kernel (the RegisterOperands
/// pass).
LoweredFunction registerOperands(LoweredFunction LF, LoweringContext &Ctx);

/// The same for one kernel (never refuses).
bool planRegisterOperands(Kernel &K, TilePlan &P, const LoweringContext &Ctx);

/// The arrays of Body that qualify, each as a tile whose box is its whole
/// footprint (BoxIndex gives each reference's index in it). TileIters: the
/// tile's loops (mapped and strip-mined); Shared: the arrays staged in
/// shared memory.
std::vector<SharedTile>
findRegisterOperands(const StmtList &Body,
                     const std::set<std::string> &TileIters,
                     const std::vector<std::string> &Shared, const Function &F);

/// The declarations of their register arrays and the loads that fill them
/// (fully unrolled loops over each box, guarded like the shared loads).
StmtList registerOperandLoads(const std::vector<SharedTile> &RegOperands);

} // namespace c2cuda

#endif // C2CUDA_TRANSFORMS_REGISTEROPERANDS_H
