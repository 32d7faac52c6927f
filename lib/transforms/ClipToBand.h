//===- ClipToBand.h - Skip grid points outside a triangular band -*- C++
//-*-===//
//
// Runs after LowerTiles. MapToGrid maps a band whose bounds read its outer
// iterators (syrk's `j <= i`) onto the band's bounding box and records, in
// Kernel::BandGuard, the affine constraints that cut the band out of it. In
// each kernel left in grid-stride form, the body becomes `if (constraints)
// body`, so a thread whose point lies outside the band does nothing; the
// guard is cleared. (LowerTiles puts the guard into the tiles it builds
// itself, and clears it.)
//
// Legal: the box holds every point of the band (BandBox.h), and a point of
// the box runs the body exactly when it satisfies the loop bounds as
// written, so the threads run exactly the band's iterations.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_CLIPTOBAND_H
#define C2CUDA_TRANSFORMS_CLIPTOBAND_H

#include "LoweringContext.h"

namespace c2cuda {

LoweredFunction clipToBand(LoweredFunction LF);

} // namespace c2cuda

#endif
