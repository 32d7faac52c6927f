//===- ReadOnlyPath.h - Arrays a kernel may read as const __restrict__ -*- C++
//-*-===//
//
// A kernel declares an array it only reads `const T *__restrict__`, which
// lets nvcc load it through the non-coherent read-only path
// (`ld.global.nc`). nvcc 12-13 miscompiles one case: when two loads on
// alternative paths, one from such an array B and one from an array W the
// kernel writes and reads, feed one value (the arms of `c ? B[x] : W[y]`,
// or a variable assigned from B on one path and from W on another), it
// merges them into one load of the selected address and keeps the `.nc`
// qualifier, so the load may return a stale value of W that this very
// thread has just stored (`selp.b64` then `ld.global.nc` in the PTX).
//
// readOnlyPathHazards() finds the read-only arrays whose loads can meet a
// load of a written-and-read array that way; the kernel printer declares
// those `const T *` without `__restrict__`, so nvcc cannot prove them
// read-only and every merged load is a plain coherent one. Loads meet when
// they are the two sides, up to casts and identical operators (nvcc folds
// `c ? B[x] * 5 : W[y] * 5` into one multiply of a merged load), of
//  - a conditional expression;
//  - two assignments to the same variable or array (any paths: which one
//    reaches a use is decided at a join the printer cannot see);
//  - an assignment of B's element to W itself (a later read of W may be
//    forwarded from that load and merged with an earlier load of W).
// The test is conservative: it may keep `__restrict__` off an array whose
// loads nvcc would not have merged, never the other way round. Kernels
// that write no array they also read keep every read-only array on the
// fast path, as do kernels whose shapes never meet (matmul, stencils).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_CODEGEN_READONLYPATH_H
#define C2CUDA_CODEGEN_READONLYPATH_H

#include "ir/IR.h"

#include <set>
#include <string>

namespace c2cuda {
namespace codegen {

/// The arrays of ReadOnly (parameters Body only reads) whose loads may be
/// merged with a load of an array in ReadWrite (parameters Body writes and
/// reads).
std::set<std::string>
readOnlyPathHazards(const StmtList &Body, const std::set<std::string> &ReadOnly,
                    const std::set<std::string> &ReadWrite);

} // namespace codegen
} // namespace c2cuda

#endif
