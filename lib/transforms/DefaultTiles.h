//===- DefaultTiles.h - A tiling for nests without clauses -----*- C++ -*-===//
//
// The first stage of tiling (TilePlan.h), in the c2cuda tool only (or
// c2cuda-opt -default-tiling). A kernel of a nest without schedule clauses
// is tiled by the first of DefaultTiling's candidates that every planning
// stage accepts (each tried on a copy, its errors to a scratch list): the
// kernel gets that schedule's block shape and a plan that the later stages
// fill in. For large tiles, the candidate's smaller schedules that the
// stages accept become alternative kernels (Kernel::FewBlocksAlternative),
// which the host launches where the large tiles would leave the GPU idle.
// A kernel no candidate fits keeps MapToGrid's mapping. Always legal: the
// stages check every candidate.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_DEFAULTTILES_H
#define C2CUDA_TRANSFORMS_DEFAULTTILES_H

#include "TilePlan.h"

namespace c2cuda {

/// Chooses the default tiling of every kernel whose nest has no schedule
/// clauses; alternatives go after every kernel the host body launches.
LoweredFunction defaultTiles(LoweredFunction LF, LoweringContext &Ctx);

} // namespace c2cuda

#endif // C2CUDA_TRANSFORMS_DEFAULTTILES_H
