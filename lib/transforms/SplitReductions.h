//===- SplitReductions.h - A reduction split across blocks -----*- C++ -*-===//
//
// A stage of tiling (TilePlan.h). A product whose output has fewer tiles
// than the GPU has multiprocessors (W^T W of NMF: 128 x 128 outputs summed
// over 2048 rows, one or a few tiles) leaves most of them idle whatever the
// tile shape; smaller tiles give more blocks but each reloads more
// operands. Here the strips of its reduction loop are also divided among
// blocks (split-K): a copy of the product's kernel runs its tiles once per
// chunk of whole strips (blockIdx.y, gridDim.y chunks) and adds each
// point's partial sum into the output with an atomic add, after a kernel
// that sets every output element to the sum's start (zero). The host
// launches the pair instead of the product where the tiles are at most one
// per 4 multiprocessors (or one tile) and the split count, min(2 x SMs /
// tiles, strips / 4), is at least 2 (two blocks per multiprocessor, at
// least four strips per block), else the product as before (with its
// alternatives for few blocks, which fill the GPU better where the tiles
// are about half the multiprocessors: 1024^3 lost 0.81x split).
//
// Legal when, for the strip loop L of the product's default tile plan:
//   - the statements after L (the plan's Post) are only stores
//     `X[...] = acc` of register sums into distinct arrays the kernel does
//     not otherwise touch, each sum of float, double or int, started by
//     `acc = 0` before L and updated in L only by `acc += e` with e not
//     reading acc; so the output element is the start plus L's terms, and
//     a point's chunks of terms may be summed apart and added to a zeroed
//     element (a band mapped in parallel writes each element at one point
//     only);
//   - L's bounds read no band iterator (every tile has the same strips);
//   - the statements before L write no array (every chunk runs them), and
//     the stores' subscripts read no local of the point (the zeroing
//     kernel computes them alone);
//   - the user allowed the sums to be reassociated (a `reduction(+: acc)`
//     clause or --allow-reassociation, ReductionPolicy.h): the terms are
//     added in another order, and in an order that changes from run to run
//     (the atomic adds of the chunks).
// Where only the permission is missing, a remark says how to give it. Not
// done for plans on the tensor cores, with asynchronous copies or two
// shared buffers, with a fused epilogue, for triangular bands or nests
// whose band loops are folded into the tiles.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_SPLITREDUCTIONS_H
#define C2CUDA_TRANSFORMS_SPLITREDUCTIONS_H

#include "TilePlan.h"

namespace c2cuda {

/// Gives each default-tiled product whose reduction may be split a split
/// kernel and its zeroing kernel, launched in its place where its tiles
/// are few.
LoweredFunction splitReductions(LoweredFunction LF, LoweringContext &Ctx);

} // namespace c2cuda

#endif // C2CUDA_TRANSFORMS_SPLITREDUCTIONS_H
