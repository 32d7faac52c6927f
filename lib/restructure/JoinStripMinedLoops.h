//===- JoinStripMinedLoops.h - Loops tiled by hand, joined -----*- C++ -*-===//
//
// Users tile loops by hand for a CPU's caches: `for (ii = 0; ii < n; ii +=
// 32)` around `for (i = ii; i < min(ii + 32, n); i++)`. Mapping takes a
// loop only when its bounds add literal multiples of outer iterators, so
// it took the tile loops and each thread walked a whole tile, one element
// after another (a 32x32 tile per thread, uncoalesced). Choosing tiles is
// the GPU mapping's job; joinStripMinedLoops undoes the user's.
//
// In a chain of perfectly nested loops it finds pairs of a tile loop (`ii`
// from L while `ii < U`, stepping by a constant T >= 2) and, below it, its
// point loop (`i` from `ii` while `i < min(ii + T, U)`, the minimum written
// with `?:` or as `i < ii + T && i < U`, or while `i < ii + T` alone,
// stepping by 1), and runs each pair as one loop `i` from L in the tile
// loop's place: while `i < U`, or, for `i < ii + T` alone, to the end of
// the last tile, `L + (U - L + T - 1) / T * T`, which is what the user's
// loops run. The loops between keep their order, below the joined loop.
//
// Legal when nothing but the point loop's bounds reads the tile iterator,
// and the new order runs every dependence's source first. isl checks this
// on the exact dependences of the nest as written: no dependence between
// instances inside the chain may go from a later to an earlier iteration
// of the chain's new loops (instances equal in those are equal in the tile
// iterators too, which the point iterators determine, so they keep their
// order as written). When joining every pair is not legal, the largest
// legal set of pairs is joined. A remark at the nest names the loops
// joined, and one the pairs left as written and why.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_RESTRUCTURE_JOINSTRIPMINEDLOOPS_H
#define C2CUDA_RESTRUCTURE_JOINSTRIPMINEDLOOPS_H

#include "analysis/NestFacts.h"
#include "ir/Diagnostics.h"
#include "ir/IR.h"

namespace c2cuda {

/// Whether Body holds a tile loop and a point loop of it, in the forms
/// above (the dependences are computed only for nests that do).
bool hasStripMinedLoops(const StmtList &Body);

/// The body of Nest with its strip-mined loop pairs joined where legal;
/// Nest.Body itself when none is. Deps are the nest's dependences as
/// written.
StmtList joinStripMinedLoops(const NestStmt &Nest, const NestDependences &Deps,
                             DiagnosticList &Diags);

} // namespace c2cuda

#endif
