//===- PackCheckerboards.h - Red-black sweeps on a packed layout -*- C++
//-*-===//
//
// A 2-D array parameter that a kernel launched inside a host loop sweeps
// one colour of (i + j) % 2 at a time (a loop CompressModularGuards made
// count every other column: `A[i][a + 2 * j]`) moves twice the bytes it
// uses in the caller's layout, since each 32-byte sector holds both
// colours. Such an array is kept in the packed checkerboard layout for the
// whole call: element (x, y) of an r x c array at
//   ((x + y) & 1) * r * h + x * h + (y >> 1),   h = (c + 1) / 2,
// each colour a dense r x h array. Every reference of the array in every
// kernel becomes that one index, even terms of y folded out of the parity
// and the shift (y = a + 2 * j: parity (x + a) & 1, column (a >> 1) + j), so
// consecutive threads of a compressed sweep touch consecutive elements.
// LoweredFunction::Checkerboards lists the arrays; the function's body packs
// each into a buffer of 2 * r * h elements when it starts and unpacks it
// when it ends (codegen's checkerboard runtime), and the CPU oracle does
// the same around its run.
//
// Legal always: the index is a bijection from the array's elements onto
// those of the packed buffer, so every kernel reads and writes what it
// did, and only kernels see the array between the pack and the unpack.
// Applied when the array is a parameter with both sizes declared (`float
// A[n][m]`), every kernel reference has both subscripts, no host statement
// or host loop header touches it and no host statement returns early.
// Profitable when the sweeps run many times: packing and unpacking cost
// about two passes over the array each, a colour sweep of the caller's
// layout about half a pass more than a packed one, hence only arrays swept
// inside a host loop (time steps).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_PACKCHECKERBOARDS_H
#define C2CUDA_TRANSFORMS_PACKCHECKERBOARDS_H

#include "LoweringContext.h"

namespace c2cuda {

LoweredFunction packCheckerboards(LoweredFunction LF,
                                  const LoweringContext &Ctx);

} // namespace c2cuda

#endif
