//===- SplitReductions.h - A reduction split across blocks -----*- C++ -*-===//
//
// A stage of tiling (TilePlan.h). A product whose output has fewer tiles
// than the GPU has multiprocessors (W^T W of NMF: 128 x 128 outputs summed
// over 2048 rows, one or a few tiles) leaves most of them idle whatever the
// tile shape; smaller tiles give more blocks but each reloads more
// operands. Here the strips of its reduction loop are also divided among
// blocks (split-K): the product's kernel runs its tiles once per chunk of
// whole strips (blockIdx.y, gridDim.y chunks) and adds each point's partial
// sum into the output with an atomic add, after a kernel that sets every
// output element to the sum's start (<k>_zero where every start is zero,
// else <k>_start: gemm's `beta * C[i][j]`, `C[i][j]` of `C += A B`, a
// bias).
//
// Two ways in. The default (no clauses): a copy of the product (<k>_split),
// which the host launches instead of it where the tiles are at most one per
// 4 multiprocessors (or one tile) and the split count, min(2 x SMs /
// tiles, strips / 4), is at least 2 (two blocks per multiprocessor, at
// least four strips per block), else the product as before (with its
// alternatives for few blocks, which fill the GPU better where the tiles
// are about half the multiprocessors: 1024^3 lost 0.81x split). Its
// alternatives in smaller tiles are split too, each in its own count
// (where that is 2 or more), and the host launches the split whose grid
// takes least time: a block's chunk of strips at its tile's rate plus a
// cost per point of the tile (the first strip's loads and the atomic
// adds), so large tiles where each block keeps many strips and small ones
// where the outputs are few (H100: 128 x 128 x 8192 2.6x faster, 256 x 256
// x 8192 1.4x, than split in 128 x 128 tiles alone). The
// clause `split(k: n)` (any tiled schedule with a strip of k): the kernel
// itself, always n chunks; where it cannot be split, an error at the clause
// that says why.
//
// Legal when, for the strip loop L of the product's tile plan:
//   - the statements after L (the plan's Post) only compute starts and
//     store sums: locals of Post set from what the point may read, then
//     `acc = start + acc` (DeferAccumulatorStarts.h moves a sum's start
//     there), then stores `X[...] = acc` (or `if (g) X[...] = acc`, the
//     guard of ReplaceArrayAccumulators.h) of register sums into distinct
//     arrays L does not touch, each sum of float, double or int, started by
//     `acc = 0` before L and updated in L only by `acc += e` with e not
//     reading acc; so the output element is the start plus L's terms, and
//     a point's chunks of terms may be summed apart and added to the start
//     (a band mapped in parallel writes each element at one point only);
//   - the starts read the outputs only at the element they start and no
//     other array the kernel writes, and no local of the point but their
//     own (the start kernel computes each element alone, before the
//     product);
//   - L's bounds read no band iterator (every tile has the same strips);
//   - the statements before L write no array (every chunk runs them), and
//     the stores' subscripts read no local of the point;
//   - the user allowed the sums to be reassociated (a `reduction(+: acc)`
//     clause or --allow-reassociation, ReductionPolicy.h): the terms are
//     added in another order, and in an order that changes from run to run
//     (the atomic adds of the chunks).
// By default, where only the permission is missing, a remark says how to
// give it. A split plan's blocks start their buffers of strips (asynchronous
// copies, two shared buffers) at their chunk's first strip; on the tensor
// cores each chunk's whole strips run there, as the tile's did. Not done
// for plans with a fused epilogue, for triangular bands or nests whose band
// loops are folded into the tiles.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_SPLITREDUCTIONS_H
#define C2CUDA_TRANSFORMS_SPLITREDUCTIONS_H

#include "TilePlan.h"

namespace c2cuda {

/// Gives each default-tiled product whose reduction may be split a split
/// kernel and its start kernel, launched in its place where its tiles are
/// few; splits each kernel a split(...) clause names (or reports why not).
LoweredFunction splitReductions(LoweredFunction LF, LoweringContext &Ctx);

} // namespace c2cuda

#endif // C2CUDA_TRANSFORMS_SPLITREDUCTIONS_H
